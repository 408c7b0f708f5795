import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, makeFolder } from './config.ts';

// A JWT secret given, so reading the configuration writes nothing into DATA_DIR.
const base = { DATA_DIR: '/tmp/config-test', JWT_SECRET: 'x'.repeat(32) };

describe('CHECK_RESPONSES', () => {
  it('is off unless set to 1, which checks every answer against its schema', () => {
    expect(loadConfig(base).checkResponses).toBe(false);
    expect(loadConfig({ ...base, CHECK_RESPONSES: '0' }).checkResponses).toBe(false);
    expect(loadConfig({ ...base, CHECK_RESPONSES: '1' }).checkResponses).toBe(true);
  });

  it('refuses another value, naming the variable', () => {
    expect(() => loadConfig({ ...base, CHECK_RESPONSES: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, CHECK_RESPONSES: 'yes' })).toThrow(/CHECK_RESPONSES="yes"/);
  });
});

describe('makeFolder (issue 41, point 7)', () => {
  it('makes a folder and its missing parents', () => {
    const root = mkdtempSync(join(tmpdir(), 'make-folder-'));
    try {
      makeFolder('BACKUP_DIR', join(root, 'a', 'b', 'c'));
      expect(existsSync(join(root, 'a', 'b', 'c'))).toBe(true);
      makeFolder('BACKUP_DIR', join(root, 'a', 'b', 'c'));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("refuses a folder that cannot be made, in one line naming the variable (Node's recursive mkdir loops under /proc)", () => {
    expect(() => makeFolder('BACKUP_DIR', '/proc/library-backups/daily')).toThrow(ConfigError);
    expect(() => makeFolder('BACKUP_DIR', '/proc/library-backups/daily')).toThrow(
      /^Invalid configuration: BACKUP_DIR="\/proc\/library-backups\/daily" cannot be made or written: ENOENT/,
    );
  });

  it('refuses a path through a file', () => {
    const root = mkdtempSync(join(tmpdir(), 'make-folder-'));
    try {
      writeFileSync(join(root, 'file'), '');
      expect(() => makeFolder('DATA_DIR', join(root, 'file', 'data'))).toThrow(
        /^Invalid configuration: DATA_DIR=".*\/file\/data" cannot be made or written: .*file is not a folder$/,
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
