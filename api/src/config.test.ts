import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, makeFolder, trustProxyOption } from './config.ts';

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

describe('TRUST_PROXY (issue 43, point 4)', () => {
  it('is nobody by default, a hop count, or addresses, CIDR ranges and range names', () => {
    expect(loadConfig(base).trustProxy).toBeUndefined();
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(
      loadConfig({ ...base, TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,loopback,fd00::/8' }).trustProxy,
    ).toEqual(['10.0.0.5', '10.1.0.0/16', 'loopback', 'fd00::/8']);
  });

  it('refuses true, a hop count of 0 and what is no address, naming the variable', () => {
    for (const bad of ['true', '0', '11', '10.0.0.300', '10.0.0.0/33', 'proxy.lan'])
      expect(() => loadConfig({ ...base, TRUST_PROXY: bad }), bad).toThrow(
        new RegExp(`^Invalid configuration: TRUST_PROXY=${JSON.stringify(bad).replace(/\./g, '\\.')}`),
      );
  });

  it('as a hop count trusts that many senders nearest the server (Fastify would trust none)', () => {
    const trust = trustProxyOption(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => trust('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(trustProxyOption(undefined)).toBe(false);
  });
});

describe('DATABASE_POOLING (issue 43, point 2)', () => {
  it('is session unless set to transaction', () => {
    expect(loadConfig(base).databasePooling).toBe('session');
    expect(loadConfig({ ...base, DATABASE_POOLING: 'transaction' }).databasePooling).toBe('transaction');
    expect(() => loadConfig({ ...base, DATABASE_POOLING: 'statement' })).toThrow(
      /DATABASE_POOLING="statement"/,
    );
  });
});
