import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { messages } from '../../db/schema.ts';
import { createStaff, only, startTestApp, type TestApp } from '../../test/harness.ts';
import { isoToday, moneyBranch, shiftDays, type MoneyBranch } from '../../test/money.ts';
import { startFakeSmtp } from '../../test/fakeSmtp.ts';
import { startFakeProvider } from '../../test/fakeProvider.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let provider: Awaited<ReturnType<typeof startFakeProvider>>;
let m: MoneyBranch;
let mobile = 7_100_000_000;

const minutes = (base: Date, n: number) => new Date(base.getTime() + n * 60_000);

beforeAll(async () => {
  smtp = await startFakeSmtp();
  provider = await startFakeProvider();
  t = await startTestApp({ smtpUrl: smtp.url });
  m = await moneyBranch(t);
});

afterAll(async () => {
  await t.close();
  await smtp.close();
  await provider.close();
});

async function member(over: {
  validTill: string;
  email?: string | null;
  language?: 'en' | 'de';
  optOut?: string[];
}) {
  const today = isoToday();
  const res = await m.send('POST', '/api/user/createUser', {
    name: `Reader ${++mobile}`,
    mobile: String(mobile),
    email: over.email === undefined ? `reader${mobile}@test.dev` : over.email,
    validFrom: shiftDays(today, -20),
    validTill: over.validTill,
  });
  expect(res.statusCode, res.body).toBe(201);
  const userId = res.json().userId as number;
  if (over.language || over.optOut) {
    const prefs = await m.send('PUT', '/api/message/updateMemberMessagePrefs', {
      userId,
      language: over.language ?? 'en',
      optOut: over.optOut ?? [],
    });
    expect(prefs.statusCode, prefs.body).toBe(200);
  }
  return { userId, mobile: String(mobile), email: `reader${mobile}@test.dev` };
}

const rowsOf = (userId: number) =>
  t.db.select().from(messages).where(eq(messages.userId, userId)).orderBy(messages.id);

async function settings(over: object) {
  const current = (await m.send('GET', '/api/message/getMessageSettings')).json();
  const res = await m.send('PUT', '/api/message/updateMessageSettings', { ...current, ...over });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('reminders by e-mail', () => {
  it('sends the 3-day reminder once, in the member’s language, through SMTP', async () => {
    const de = await member({ validTill: shiftDays(isoToday(), 3), language: 'de' });
    const en = await member({ validTill: shiftDays(isoToday(), 3) });
    const first = await t.app.messageTick();
    expect(first.sent).toBeGreaterThanOrEqual(2);
    const again = await t.app.messageTick();
    expect(again).toEqual({ added: 0, sent: 0 });

    const toDe = smtp.mails.filter((mail) => mail.to.includes(de.email));
    expect(toDe).toHaveLength(1);
    expect(toDe[0]!.subject).toBe('Ihre Mitgliedschaft endet in 3 Tagen');
    expect(toDe[0]!.body).toContain('Verlängern');
    const toEn = smtp.mails.filter((mail) => mail.to.includes(en.email));
    expect(toEn).toHaveLength(1);
    expect(toEn[0]!.subject).toBe('Your membership ends in 3 days');
    // The day as the organisation (en-IN) writes it, in either language; never ISO (issue 34).
    const till = shiftDays(isoToday(), 3);
    expect(toEn[0]!.body).toContain(`valid till ${till.split('-').reverse().join('/')} (3 days left)`);
    expect(toDe[0]!.body).toContain(`gilt bis ${till.split('-').reverse().join('/')}`);
    expect(toEn[0]!.body).not.toContain(till);

    const [row] = await rowsOf(de.userId);
    expect(row).toMatchObject({
      event: 'expiring',
      status: 'sent',
      attempts: 1,
      language: 'de',
      channel: 'email',
    });
    expect(row!.period).toBe(`${shiftDays(isoToday(), 3)}/3`);
  });

  it('sends the reminder of the smallest day count that applies: 2 days left gets the 3-day one, then the 1-day one', async () => {
    const a = await member({ validTill: shiftDays(isoToday(), 2) });
    await t.app.messageTick();
    expect((await rowsOf(a.userId)).map((r) => r.period)).toEqual([`${shiftDays(isoToday(), 2)}/3`]);
    // A day later (the branch's clock is UTC): one day left.
    await t.app.messageTick(minutes(new Date(), 24 * 60));
    expect((await rowsOf(a.userId)).map((r) => r.period).sort()).toEqual([
      `${shiftDays(isoToday(), 2)}/1`,
      `${shiftDays(isoToday(), 2)}/3`,
    ]);
  });

  it('tells a member whose validity ended, and one with dues once a week', async () => {
    const ended = await member({ validTill: shiftDays(isoToday(), -1) });
    await t.app.messageTick();
    expect((await rowsOf(ended.userId)).map((r) => [r.event, r.status])).toEqual([['expired', 'sent']]);

    // Paying 500 of 2,000 leaves 1,500 due.
    const owes = await member({ validTill: shiftDays(isoToday(), 20) });
    const paid = await m.send('POST', '/api/payment/createPayment', {
      userId: owes.userId,
      feeStructureId: m.structureId,
      received: 50000,
      mode: 'cash',
      bankAccountId: null,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    await t.app.messageTick();
    await t.app.messageTick();
    const dues = (await rowsOf(owes.userId)).filter((r) => r.event === 'dues');
    expect(dues).toHaveLength(1);
    expect(dues[0]!.body).toContain('1,500.00');
    await t.app.messageTick(minutes(new Date(), 7 * 24 * 60));
    expect((await rowsOf(owes.userId)).filter((r) => r.event === 'dues')).toHaveLength(2);
  });

  it('adds the receipt in the payment’s own transaction, with the receipt link', async () => {
    const a = await member({ validTill: shiftDays(isoToday(), 20) });
    const res = await m.send('POST', '/api/payment/createPayment', {
      userId: a.userId,
      feeStructureId: m.structureId,
      received: 200000,
      mode: 'cash',
      bankAccountId: null,
    });
    expect(res.statusCode, res.body).toBe(201);
    const payment = res.json();
    const [row] = (await rowsOf(a.userId)).filter((r) => r.event === 'paymentReceipt');
    expect(row).toMatchObject({ status: 'queued', period: `payment:${payment.id}` });
    expect(row!.body).toContain(payment.receiptNumber);
    expect(row!.body).toContain('http://localhost:3000/r/');

    const refund = await m.send('POST', '/api/refund/createRefund', {
      paymentId: payment.id,
      amount: 10000,
      reason: 'Left early',
      mode: 'cash',
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect((await rowsOf(a.userId)).filter((r) => r.event === 'refundReceipt')).toHaveLength(1);
    await t.app.messageTick();
    expect(smtp.mails.filter((mail) => mail.to.includes(a.email)).map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([`Receipt ${payment.receiptNumber}`, `Refund ${refund.json().refundNumber}`]),
    );
  });

  it('tells the staff member who took an enquiry when its follow-up is due', async () => {
    const res = await m.send('POST', '/api/enquiry/createEnquiry', {
      name: 'Walk-in Ravi',
      mobile: '7999000111',
      followUpDate: isoToday(),
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.messageTick();
    const rows = await t.db.select().from(messages).where(eq(messages.event, 'enquiryFollowUp'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ staffId: m.org.ownerId, userId: null, status: 'sent' });
    expect(smtp.mails.filter((mail) => mail.subject === 'Follow up today: Walk-in Ravi')).toHaveLength(1);
  });

  it('respects an opt-out per channel', async () => {
    const a = await member({ validTill: shiftDays(isoToday(), 1), optOut: ['email'] });
    await t.app.messageTick();
    expect(await rowsOf(a.userId)).toEqual([]);
  });
});

describe('SMS through an HTTP provider', () => {
  it('keeps the key secret, retries with backoff and delivers once after three failures', async () => {
    const saved = await settings({
      channels: ['sms'],
      sms: {
        url: `${provider.url}/send?to={{to}}`,
        method: 'POST',
        headers: [
          { name: 'Content-Type', value: 'application/json' },
          { name: 'X-Api-Key', value: 'sk-live-123456' },
        ],
        body: '{"to":"{{to}}","text":"{{text}}"}',
      },
    });
    expect(saved.sms.headers[1].value).toBe('••••56');
    expect(JSON.stringify(saved)).not.toContain('sk-live');
    // Saving again with the masked value keeps the key.
    await settings({});

    const a = await member({ validTill: shiftDays(isoToday(), 7) });
    provider.failNext(3, a.mobile);
    const start = new Date();
    await t.app.messageTick(start);
    let [row] = await rowsOf(a.userId);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, channel: 'sms' });
    expect(row!.lastError).toContain('500');
    // Not due before its backoff ends.
    expect((await t.app.messageTick(minutes(start, 0.5))).sent).toBe(0);
    await t.app.messageTick(minutes(start, 1.1));
    await t.app.messageTick(minutes(start, 3.2));
    expect((await rowsOf(a.userId))[0]).toMatchObject({ status: 'failed', attempts: 3 });
    await t.app.messageTick(minutes(start, 7.3));
    [row] = await rowsOf(a.userId);
    expect(row).toMatchObject({ status: 'sent', attempts: 4, lastError: null });
    await t.app.messageTick(minutes(start, 60));

    const forA = provider.hits.filter((h) => h.url === `/send?to=${a.mobile}`);
    expect(forA.map((h) => h.status)).toEqual([500, 500, 500, 200]);
    expect(forA[3]!.headers['x-api-key']).toBe('sk-live-123456');
    expect(JSON.parse(forA[3]!.body)).toMatchObject({ to: a.mobile });
    expect(JSON.parse(forA[3]!.body).text).toContain('7 days left');
  });

  it('sends each message once when two ticks run at the same time', async () => {
    const members = await Promise.all(
      Array.from({ length: 6 }, () => member({ validTill: shiftDays(isoToday(), 3) })),
    );
    const before = provider.delivered().length;
    const [one, two] = await Promise.all([t.app.messageTick(), t.app.messageTick()]);
    expect(one.added + two.added).toBe(6);
    expect(one.sent + two.sent).toBe(6);
    expect(provider.delivered().length - before).toBe(6);
    for (const a of members) {
      expect(provider.delivered().filter((h) => h.url === `/send?to=${a.mobile}`)).toHaveLength(1);
    }
  });

  // Ticks at set times of the branch's clock (UTC), not the moment the suite runs: quiet hours
  // 00:00-23:59 once let a message out in the day's last minute, and CI failed there.
  it.each([
    { quietStart: '11:00', quietEnd: '13:00', inside: '12:00', minutesToEnd: 60 },
    { quietStart: '22:00', quietEnd: '06:00', inside: '23:30', minutesToEnd: 6 * 60 + 30 },
  ])(
    'holds messages in quiet hours $quietStart-$quietEnd and sends them after',
    async ({ quietStart, quietEnd, inside, minutesToEnd }) => {
      const start = new Date(`${isoToday()}T${inside}:00Z`); // minutesToEnd before the quiet hours end
      await settings({ quietStart, quietEnd });
      try {
        const a = await member({ validTill: shiftDays(isoToday(), 3) });
        // Inside the quiet hours and in their last minute: held.
        for (const after of [0, minutesToEnd - 1]) {
          await t.app.messageTick(minutes(start, after));
          expect((await rowsOf(a.userId))[0]).toMatchObject({ status: 'queued', attempts: 0 });
        }
        await t.app.messageTick(minutes(start, minutesToEnd));
        expect((await rowsOf(a.userId))[0]).toMatchObject({ status: 'sent', attempts: 1 });
      } finally {
        // The next tests send at once.
        await settings({ quietStart: null, quietEnd: null });
      }
    },
  );

  it('gives up after six attempts, and Retry starts again', async () => {
    const a = await member({ validTill: shiftDays(isoToday(), 3) });
    provider.failNext(100, a.mobile);
    let now = new Date();
    for (let i = 0; i < 6; i += 1) {
      await t.app.messageTick(now);
      now = minutes(now, 40);
    }
    provider.failNext(0);
    const [row] = await rowsOf(a.userId);
    expect(row).toMatchObject({ status: 'gaveUp', attempts: 6, nextAttemptAt: null });

    const list = await m.send('GET', '/api/message/getMessages?status=gaveUp&channel=sms&pageSize=100');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.map((i: { id: number }) => i.id)).toContain(row!.id);

    const retried = await m.send('POST', `/api/message/retryMessage?messageId=${row!.id}`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'queued', attempts: 0 });
    expect((await m.send('POST', `/api/message/retryMessage?messageId=${row!.id}`)).statusCode).toBe(409);
    await t.app.messageTick(now);
    expect((await rowsOf(a.userId))[0]).toMatchObject({ status: 'sent' });
  });

  it('test-sends a template through the provider and reports a failure', async () => {
    const ok = await m.send('POST', '/api/message/sendTestMessage', {
      channel: 'sms',
      to: '7000000001',
      event: 'dues',
      language: 'de',
    });
    expect(ok.json()).toEqual({ ok: true, logged: false, error: null });
    const hit = provider.hits.at(-1)!;
    expect(JSON.parse(hit.body).text).toContain('Hallo Asha Rao');
    provider.failNext(1);
    const failed = await m.send('POST', '/api/message/sendTestMessage', {
      channel: 'sms',
      to: '7000000001',
      event: 'dues',
      language: 'en',
    });
    expect(failed.json()).toMatchObject({ ok: false, error: expect.stringContaining('500') });
    const bad = await m.send('POST', '/api/message/sendTestMessage', {
      channel: 'email',
      to: 'a-b',
      event: 'dues',
      language: 'en',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toMatchObject([{ path: 'body.to', message: 'Not an e-mail address' }]);
    // A NUL never reaches the mail log's insert: it is refused first, naming the field.
    const nul = await m.send('POST', '/api/message/sendTestMessage', {
      channel: 'email',
      to: 'a\u0000b',
      event: 'dues',
      language: 'en',
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().details).toMatchObject([{ path: 'body.to', message: expect.stringContaining('NUL') }]);
  });
});

describe('templates and access', () => {
  it('stores an edited template and uses it, leaving the others at their defaults', async () => {
    const res = await m.send('PUT', '/api/message/updateMessageTemplate', {
      event: 'expired',
      language: 'en',
      subject: 'Come back, {{name}}',
      body: 'Ended {{validTill}}',
    });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as {
      event: string;
      language: string;
      isDefault: boolean;
      subject: string;
    }[];
    expect(items.find((i) => i.event === 'expired' && i.language === 'en')).toMatchObject({
      isDefault: false,
      subject: 'Come back, {{name}}',
    });
    expect(items.filter((i) => !i.isDefault)).toHaveLength(1);
    await settings({ channels: ['email'] });
    const a = await member({ validTill: shiftDays(isoToday(), -2) });
    await t.app.messageTick();
    expect((await rowsOf(a.userId))[0]!.subject).toMatch(/^Come back, Reader/);
  });

  it('refuses settings without a provider for a provider channel, and callers without the permission', async () => {
    const current = (await m.send('GET', '/api/message/getMessageSettings')).json();
    // SMTP_URL is set here: e-mail really leaves (noMailServer.test.ts has the other case).
    expect(current.mailServer).toBe(true);
    const bad = await m.send('PUT', '/api/message/updateMessageSettings', {
      ...current,
      channels: ['whatsapp'],
      whatsapp: { url: '', method: 'POST', headers: [], body: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'body.whatsapp.url' })]),
    );

    const { token } = await createStaff(t, m.org, only({ users: 'v' }));
    expect((await m.send('GET', '/api/message/getMessages', undefined, { token })).statusCode).toBe(403);
    expect((await m.send('GET', '/api/message/getMessageSettings', undefined, { token })).statusCode).toBe(
      403,
    );
  });

  it('lists only the caller’s branch', async () => {
    const other = await m.send('GET', '/api/message/getMessages?pageSize=100', undefined, {
      branchId: m.org.branchIds[1]!,
    });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().items).toEqual([]);
    const own = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.branchId, m.branchId)));
    expect(own.length).toBeGreaterThan(0);
  });
});
