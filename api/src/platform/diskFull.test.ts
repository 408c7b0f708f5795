// A full disk is a clear refusal (issue 42, point 2): PostgreSQL's out-of-space errors and the API's
// own ENOSPC answer 503 DISK_FULL with a sentence a person understands, never a 500; the fault suite
// (db/diskFull.test.ts) fills a real volume under PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@app/contract/errors';
import { englishMessage } from '@app/contract/errorCodes';
import { call, createOrg, startTestApp, type TestApp, type TestOrg } from '../test/harness.ts';
import { diskFull, toErrorBody } from './errors.ts';

/** What pg raises for PostgreSQL's ERROR, wrapped the way drizzle wraps it. */
function pgError(code: string, message: string): Error {
  const cause = Object.assign(new Error(message), { code, severity: 'ERROR' });
  return new Error(`Failed query: insert into "users" …`, { cause });
}

describe('out-of-space errors', () => {
  it.each([
    [
      'disk_full (53100), as a heap extension reports it',
      pgError('53100', 'could not extend file "base/16384/16390": No space left on device'),
    ],
    [
      'disk_full (53100) of a temporary file',
      pgError('53100', 'could not write block 12 of temporary file: No space left on device'),
    ],
    [
      'a "could not write" whose code is not 53100',
      pgError('58030', 'could not write to file "pg_wal/xlogtemp.77": No space left on device'),
    ],
    [
      'the API writing a file of its own (ENOSPC)',
      Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }),
    ],
    [
      'a disk quota reached (EDQUOT)',
      Object.assign(new Error('EDQUOT: disk quota exceeded, write'), { code: 'EDQUOT' }),
    ],
  ])('%s answer 503 DISK_FULL, without a Retry-After of seconds', (_name, err) => {
    expect(diskFull(err)).toBe(true);
    expect(toErrorBody(err)).toEqual({
      statusCode: 503,
      reason: 'SERVICE_UNAVAILABLE',
      code: 'DISK_FULL',
      message: englishMessage('DISK_FULL'),
    });
  });

  it('leaves other failures alone: a 500 stays a 500, a refused value a 400', () => {
    expect(diskFull(pgError('58030', 'could not write to file "x": Input/output error'))).toBe(false);
    expect(diskFull(new Error('secret internal detail'))).toBe(false);
    expect(toErrorBody(pgError('53200', 'out of memory'))).toBeUndefined();
    expect(toErrorBody(pgError('22003', 'integer out of range'))?.statusCode).toBe(400);
  });

  it('says what happened and what to do, in words a person understands', () => {
    const sentence = englishMessage('DISK_FULL');
    expect(sentence).toMatch(/disk .* full/i);
    expect(sentence).not.toMatch(/ENOSPC|53100|extend file/);
  });
});

describe('a write refused for a full disk, through the API', () => {
  let t: TestApp;
  let org: TestOrg;
  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrg(t);
    t.app.post('/api/test/fullDisk', { config: { access: 'public' } }, async () => {
      throw pgError('53100', 'could not extend file "base/16384/16390": No space left on device');
    });
  });
  afterAll(() => t.close());

  it('is a 503 in the error shape, with no Retry-After (seconds would not free the disk)', async () => {
    const res = await call(t, org.ownerToken, { method: 'POST', url: '/api/test/fullDisk' });
    expect(res.statusCode).toBe(503);
    const body = errorBodySchema.parse(res.json());
    expect(body).toMatchObject({ reason: 'SERVICE_UNAVAILABLE', code: 'DISK_FULL' });
    expect(res.headers['retry-after']).toBeUndefined();
  });
});
