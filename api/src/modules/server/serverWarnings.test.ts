// The owner's warnings about the machine (issue 42, points 2 and 3): which disks are low and what
// uses them, and who sees them. A real full volume is db/diskFull.test.ts, a moved clock
// db/clockJump.test.ts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  call,
  createOrg,
  createStaff,
  only,
  startTestApp,
  type TestApp,
  type TestOrg,
} from '../../test/harness.ts';
import { diskWarnings, folderBytes, isLow } from './disk.ts';
import { describeOffset } from './clock.ts';

const GB = 1024 ** 3;
const work = mkdtempSync(join(tmpdir(), 'server-warnings-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a low disk', () => {
  it('is less than 1 GB or less than 5 % free', () => {
    expect(isLow({ freeBytes: GB - 1, totalBytes: 8 * GB })).toBe(true);
    expect(isLow({ freeBytes: 4 * GB, totalBytes: 100 * GB })).toBe(true);
    expect(isLow({ freeBytes: 6 * GB, totalBytes: 100 * GB })).toBe(false);
    expect(isLow({ freeBytes: 2 * GB, totalBytes: 20 * GB })).toBe(false);
  });

  it('is one warning for folders on one disk, with what uses it; sizes are read only when low', async () => {
    const database = join(work, 'data');
    const backups = join(work, 'backups', 'not-made-yet');
    mkdirSync(database);
    const uses = vi.fn(async () => ({ databaseBytes: 11, backupsBytes: 22, logsBytes: 33 }));
    const folders = [
      { holds: 'database' as const, path: database },
      { holds: 'backups' as const, path: backups },
    ];
    expect(await diskWarnings(folders, uses, () => ({ freeBytes: 6 * GB, totalBytes: 100 * GB }))).toEqual(
      [],
    );
    expect(uses).not.toHaveBeenCalled();
    expect(await diskWarnings(folders, uses, () => ({ freeBytes: 500e6, totalBytes: 100 * GB }))).toEqual([
      {
        holds: ['database', 'backups'],
        path: database,
        freeBytes: 500e6,
        totalBytes: 100 * GB,
        databaseBytes: 11,
        backupsBytes: 22,
        logsBytes: 33,
      },
    ]);
  });

  it('counts a folder’s files, its subfolders’ too', () => {
    const dir = join(work, 'count');
    mkdirSync(join(dir, 'sub'), { recursive: true });
    writeFileSync(join(dir, 'a'), 'x'.repeat(1000));
    writeFileSync(join(dir, 'sub', 'b'), 'y'.repeat(234));
    expect(folderBytes(dir)).toBe(1234);
    expect(folderBytes(join(dir, 'missing'))).toBe(0);
  });
});

describe('the clock’s difference in words', () => {
  it('says hours and minutes, and which way', () => {
    expect(describeOffset(-93_600)).toBe('26 h 0 min ahead');
    expect(describeOffset(3 * 3600 + 125)).toBe('3 h 2 min behind');
    expect(describeOffset(-400)).toBe('7 min ahead');
  });
});

describe('GET /api/server/getServerWarnings', () => {
  let t: TestApp;
  let org: TestOrg;
  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrg(t);
  });
  afterAll(() => t.close());

  it('answers owners and who may view the settings, and others nothing', async () => {
    const settingsViewer = await createStaff(t, org, only({ settings: 'v' }));
    const desk = await createStaff(t, org, only({ users: 'vae' }));
    const ask = (token: string) => call(t, token, { method: 'GET', url: '/api/server/getServerWarnings' });
    for (const token of [org.ownerToken, settingsViewer.token]) {
      const res = await ask(token);
      expect(res.statusCode, res.body).toBe(200);
      // The test server has no data folder of its own and no BACKUP_DIR: no disk to warn about.
      expect(res.json()).toEqual({ warnings: { disks: [], clock: null } });
    }
    expect((await ask(desk.token)).json()).toEqual({ warnings: null });
  });
});
