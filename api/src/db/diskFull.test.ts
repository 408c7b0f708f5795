// A full disk (issue 42, points 2 and 4): the members table is moved onto a small tmpfs volume (a
// tablespace there), the volume is filled, and member creates must answer 503 DISK_FULL in words a
// person understands while reads go on and the owner's dashboard warns about the disk; once the
// volume is freed, creates succeed again. Where this machine cannot mount a tmpfs (not root, or a
// DATABASE_URL server elsewhere), PostgreSQL's own disk_full error (53100) is raised by a trigger
// instead. Prints the figures.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { englishMessage } from '@app/contract/errorCodes';
import { call, createOrg, startTestApp, type TestApp, type TestOrg } from '../test/harness.ts';
import { withClient } from '../test/server.ts';

const volumeBytes = 16 * 1024 * 1024;
const root = mkdtempSync(join(tmpdir(), 'disk-full-'));
const volume = join(root, 'volume');
const tablespace = `full_${process.pid}`;
let mode: 'tmpfs' | 'trigger' = 'trigger';
let t: TestApp;
let org: TestOrg;
let mobile = 7_500_000_000;

/** The PostgreSQL server's OS user when it runs on this machine as `postgres` (root starts it so). */
function serverUser(): { uid: number; gid: number } | undefined {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}

/** A tmpfs at `volume` holding a tablespace with the members table, or false where that cannot be. */
async function mountVolume(): Promise<boolean> {
  const host = new URL(process.env.DATABASE_URL!).hostname;
  if (process.getuid?.() !== 0 || !['127.0.0.1', 'localhost'].includes(host)) return false;
  mkdirSync(volume, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${volumeBytes},mode=0755`, 'tmpfs', volume]);
  } catch {
    return false;
  }
  try {
    // The server's user passes through the folders above it (mkdtemp makes them root's only).
    chmodSync(root, 0o755);
    const location = join(volume, 'tablespace');
    mkdirSync(location);
    const user = serverUser();
    if (user) chownSync(location, user.uid, user.gid);
    await withClient(process.env.DATABASE_URL!, (c) =>
      c.query(`create tablespace ${tablespace} location '${location}'`),
    );
    await t.db.execute(sql.raw(`alter table users set tablespace ${tablespace}`));
    return true;
  } catch (err) {
    console.log(
      `no tablespace on a tmpfs here (${(err as Error).message}): a trigger raises disk_full instead`,
    );
    execFileSync('umount', [volume]);
    return false;
  }
}

/** Fills the volume to its last byte; returns the free bytes left (0). */
function fill(): void {
  const chunk = Buffer.alloc(1024 * 1024);
  let i = 0;
  try {
    for (;;) writeFileSync(join(volume, `filler-${i++}`), chunk);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  }
  // The last megabyte's file took what it could; smaller writes take the rest.
  try {
    for (;;) writeFileSync(join(volume, `filler-${i++}`), Buffer.alloc(4096));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  }
}

const free = () =>
  execFileSync('df', ['-B1', '--output=avail', volume], { encoding: 'utf8' }).split('\n')[1]!.trim();

async function fullDisk() {
  if (mode === 'tmpfs') return fill();
  await t.db.execute(
    sql.raw(`create or replace function disk_full() returns trigger language plpgsql as $$ begin
      raise exception 'could not extend file "base/1/2": No space left on device' using errcode = 'disk_full',
        hint = 'Check free disk space.';
    end $$;
    create trigger disk_full before insert on users for each row execute function disk_full()`),
  );
}

async function freeDisk() {
  if (mode === 'tmpfs') {
    for (const f of execFileSync('ls', [volume], { encoding: 'utf8' }).split('\n')) {
      if (f.startsWith('filler-')) rmSync(join(volume, f));
    }
  } else {
    await t.db.execute(sql.raw('drop trigger disk_full on users'));
  }
}

const createMember = () => {
  const day = new Date().toISOString().slice(0, 10);
  return call(t, org.ownerToken, {
    method: 'POST',
    url: '/api/user/createUser',
    branchId: org.branchIds[0]!,
    payload: { name: `Reader ${++mobile}`, mobile: String(mobile), validFrom: day, validTill: day },
  });
};

beforeAll(async () => {
  // BACKUP_DIR on the volume: the owner's dashboard measures its disk.
  t = await startTestApp({ backup: { dir: join(volume, 'backups'), intervalHours: 24, keep: 3 } });
  org = await createOrg(t);
  mode = (await mountVolume()) ? 'tmpfs' : 'trigger';
}, 60_000);

afterAll(async () => {
  await t.close();
  if (mode === 'tmpfs') {
    await withClient(process.env.DATABASE_URL!, (c) => c.query(`drop tablespace if exists ${tablespace}`));
    execFileSync('umount', [volume]);
  }
  rmSync(root, { recursive: true, force: true });
});

describe('a full disk', () => {
  it('refuses writes with 503 DISK_FULL, keeps reads going, warns the owner, and writes again once freed', async () => {
    const before = await createMember();
    expect(before.statusCode, before.body).toBe(201);

    const started = performance.now();
    await fullDisk();
    // The table's last page may still hold a row or two: write until the disk says no.
    let acknowledged = 0;
    let refused: Awaited<ReturnType<typeof createMember>> | undefined;
    for (let i = 0; i < 500 && !refused; i++) {
      const res = await createMember();
      if (res.statusCode === 201) acknowledged += 1;
      else refused = res;
    }
    expect(refused, 'no write was refused on a full disk').toBeDefined();
    expect(refused!.statusCode, refused!.body).toBe(503);
    expect(refused!.json()).toEqual({
      statusCode: 503,
      reason: 'SERVICE_UNAVAILABLE',
      code: 'DISK_FULL',
      message: englishMessage('DISK_FULL'),
    });
    expect(refused!.headers['retry-after']).toBeUndefined();
    const again = await createMember();
    expect(again.statusCode).toBe(503);

    const read = await call(t, org.ownerToken, {
      method: 'GET',
      url: '/api/user/getUsers?pageSize=5',
      branchId: org.branchIds[0]!,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().total).toBe(1 + acknowledged);

    const warnings = await call(t, org.ownerToken, { method: 'GET', url: '/api/server/getServerWarnings' });
    expect(warnings.statusCode, warnings.body).toBe(200);
    const disks = warnings.json().warnings.disks as {
      holds: string[];
      freeBytes: number;
      totalBytes: number;
    }[];
    if (mode === 'tmpfs') {
      expect(disks).toEqual([
        expect.objectContaining({
          holds: ['backups'],
          path: volume,
          totalBytes: volumeBytes,
          backupsBytes: 0,
        }),
      ]);
      expect(disks[0]!.freeBytes).toBeLessThan(64 * 1024);
    }
    const freeWhenFull = mode === 'tmpfs' ? free() : 'n/a';

    await freeDisk();
    const after = await createMember();
    expect(after.statusCode, after.body).toBe(201);
    const ms = Math.round(performance.now() - started);
    console.log(
      `disk full (${mode === 'tmpfs' ? `tmpfs of ${volumeBytes / 1024 / 1024} MB holding the members table` : 'disk_full raised by a trigger'}): ` +
        `${acknowledged} creates acknowledged after filling, then ${refused!.statusCode} ${refused!.json().code}; ` +
        `free bytes when full ${freeWhenFull}; a read meanwhile ${read.statusCode} (${read.json().total} members); ` +
        `dashboard warnings ${JSON.stringify(disks.map((d) => ({ holds: d.holds, freeBytes: d.freeBytes, totalBytes: d.totalBytes })))}; ` +
        `after freeing, a create ${after.statusCode}; ${ms} ms from full to written again`,
    );
  }, 60_000);
});
