// The server's backups belong to whoever runs the server (issue 45, point 7): the first
// organisation's owners, or the accounts OPERATOR_EMAILS names; no other organisation on the server.
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { staff } from '../../db/schema.ts';
import { loadConfig } from '../../config.ts';
import { call, createOrg, createStaff, only, startTestApp, type TestApp } from '../../test/harness.ts';

const backup = { dir: join(tmpdir(), 'operator-backups'), intervalHours: 24, keep: 14 };
const status = (t: TestApp, token: string) =>
  call(t, token, { method: 'GET', url: '/api/backup/getBackupStatus' }).then((r) => r.json().backup);
const register = (t: TestApp, email: string, organisationName: string) =>
  t.app
    .inject({
      method: 'POST',
      url: '/api/authentication/register',
      payload: {
        username: 'New',
        email,
        password: 'Secret#123',
        passwordConfirm: 'Secret#123',
        organisationName,
      },
    })
    .then((r) => {
      expect(r.statusCode, r.body).toBe(201);
      return r.json().accessToken as string;
    });

describe('without OPERATOR_EMAILS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backup });
  }, 60_000);
  afterAll(() => t.close());

  it("answers the first organisation's owners only, not an organisation registered a minute ago", async () => {
    const first = await createOrg(t);
    const second = await createOrg(t);
    const clerk = await createStaff(t, first, only({ users: 'v' }));
    expect(await status(t, first.ownerToken)).toMatchObject({ scheduled: true, intervalHours: 24 });
    expect(await status(t, second.ownerToken)).toBeNull();
    expect(await status(t, clerk.token)).toBeNull();
    expect(await status(t, await register(t, `new${Date.now()}@test.dev`, 'Newcomer Library'))).toBeNull();
  });
});

describe('with OPERATOR_EMAILS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backup, operatorEmails: ['ops@runner.test'] });
  }, 60_000);
  afterAll(() => t.close());

  it('answers the account first made with a named e-mail, in any organisation, and no one else', async () => {
    const first = await createOrg(t);
    const second = await createOrg(t);
    const ops = await createStaff(t, second, only({ users: 'v' }));
    await t.db.update(staff).set({ email: 'Ops@Runner.test' }).where(eq(staff.id, ops.staffId));
    expect(await status(t, ops.token)).toMatchObject({ scheduled: true });
    // The first organisation's owner is not the operator when the setting names someone.
    expect(await status(t, first.ownerToken)).toBeNull();
    // An organisation registered later with the operator's e-mail is not the operator.
    expect(await status(t, await register(t, 'ops@runner.test', 'Copycat Library'))).toBeNull();
    expect(await status(t, ops.token)).toMatchObject({ scheduled: true });
    // Switched off, the account no longer sees them.
    await t.db.update(staff).set({ status: 'inactive' }).where(eq(staff.id, ops.staffId));
    const off = await call(t, ops.token, { method: 'GET', url: '/api/backup/getBackupStatus' });
    expect(off.statusCode === 200 ? off.json().backup : null).toBeNull();
  });

  it('reads OPERATOR_EMAILS as e-mails separated by commas, and refuses anything else', () => {
    const env = { DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig({ ...env, OPERATOR_EMAILS: ' Ops@Runner.test, b@c.test ,' }).operatorEmails).toEqual([
      'ops@runner.test',
      'b@c.test',
    ]);
    expect(loadConfig(env).operatorEmails).toBeUndefined();
    expect(() => loadConfig({ ...env, OPERATOR_EMAILS: 'ops' })).toThrow(/OPERATOR_EMAILS/);
  });
});
