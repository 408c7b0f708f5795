// Without a mail server (no SMTP_URL) e-mail goes to the mail log only: a message says "logged",
// never "sent", and the settings say so, for the screen's hint (issue 35, point 4). With a mail
// server, messages.test.ts covers 'sent', logged: false and mailServer: true.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox, messages } from '../../db/schema.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { isoToday, moneyBranch, shiftDays, type MoneyBranch } from '../../test/money.ts';

let t: TestApp;
let m: MoneyBranch;

beforeAll(async () => {
  t = await startTestApp();
  m = await moneyBranch(t);
});
afterAll(() => t.close());

describe('e-mail without a mail server', () => {
  it('marks a reminder logged, not sent, and keeps it in the mail log', async () => {
    const email = `nomail${Date.now()}@test.dev`;
    const created = await m.send('POST', '/api/user/createUser', {
      name: 'Reader Logged',
      mobile: '7200000001',
      email,
      validFrom: shiftDays(isoToday(), -20),
      validTill: shiftDays(isoToday(), 3),
    });
    expect(created.statusCode, created.body).toBe(201);
    const tick = await t.app.messageTick();
    expect(tick.sent).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(messages).where(eq(messages.recipient, email));
    expect(row).toMatchObject({ event: 'expiring', channel: 'email', status: 'logged', lastError: null });
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toHaveLength(1);

    const listed = await m.send('GET', '/api/message/getMessages?status=logged');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().items.map((i: { recipient: string }) => i.recipient)).toContain(email);
  });

  it('says in the settings that no mail server is set up, and a test e-mail says it was logged', async () => {
    const settings = await m.send('GET', '/api/message/getMessageSettings');
    expect(settings.json()).toMatchObject({ mailServer: false });
    const saved = await m.send('PUT', '/api/message/updateMessageSettings', settings.json());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ mailServer: false });
    const test = await m.send('POST', '/api/message/sendTestMessage', {
      channel: 'email',
      to: 'owner@test.dev',
      event: 'dues',
      language: 'en',
    });
    expect(test.json()).toEqual({ ok: true, logged: true, error: null });
  });
});
