// WhatsApp's Cloud API (issue 46) against a fake Graph API on 127.0.0.1 (src/test/fakeGraph.ts).
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { maxMessageAttempts } from '@app/contract/messages';
import { suggestedWhatsAppTemplates } from '@app/contract/whatsapp';
import { messageSettings, messages, users } from '../../db/schema.ts';
import { createStaff, only, startTestApp, type TestApp } from '../../test/harness.ts';
import { isoToday, moneyBranch, shiftDays, type MoneyBranch } from '../../test/money.ts';
import { startFakeGraph } from '../../test/fakeGraph.ts';
import { logFlushMs } from '../../platform/logDestination.ts';

let t: TestApp;
let graph: Awaited<ReturnType<typeof startFakeGraph>>;
let m: MoneyBranch;
let mobile = 9_100_000_000;

const token = 'EAAG-permanent-token-that-must-never-show-1234567890';
const appSecret = 'app-secret-of-the-meta-app';
const phoneNumberId = '109876543210';

beforeAll(async () => {
  graph = await startFakeGraph();
  t = await startTestApp({ whatsappGraphUrl: graph.url });
  m = await moneyBranch(t);
});

afterAll(async () => {
  await t.close();
  await graph.close();
});

async function setUpCloud() {
  const res = await m.send('PUT', '/api/message/updateWhatsAppCloud', {
    phoneNumberId,
    accessToken: token,
    appSecret,
    verifyToken: 'verify-me',
    language: 'en',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

async function member(validTill: string, language?: 'en' | 'hi') {
  const res = await m.send('POST', '/api/user/createUser', {
    name: `Reader ${++mobile}`,
    mobile: String(mobile),
    validFrom: shiftDays(isoToday(), -20),
    validTill,
    ...(language && { language }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { userId: res.json().userId as number, mobile: String(mobile), wa: `91${mobile}` };
}

const rowsOf = (userId: number) =>
  t.db.select().from(messages).where(eq(messages.userId, userId)).orderBy(messages.id);

/** A post as Meta sends it, signed with the app secret (or another key). */
async function post(value: object, secret = appSecret) {
  const raw = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA1',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '919800000000', phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  });
  const signature = `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
  return t.app.inject({
    method: 'POST',
    url: '/api/whatsapp/webhook',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
    payload: raw,
  });
}
const status = (id: string, s: string, ts: number, errors?: object[]) =>
  post({
    statuses: [{ id, status: s, timestamp: String(ts), recipient_id: '91', ...(errors && { errors }) }],
  });
const incoming = (from: string, id: string, text: string) =>
  post({
    contacts: [{ profile: { name: 'Reader' }, wa_id: from }],
    messages: [
      { from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: text } },
    ],
  });

describe('the channel', () => {
  it('stores the token sealed, answers only whether it is set, and keeps it when saved blank', async () => {
    const res = await setUpCloud();
    expect(res.body).not.toContain(token);
    expect(res.json()).toMatchObject({
      configured: true,
      phoneNumberId,
      accessTokenSet: true,
      appSecretSet: true,
    });
    const [row] = await t.db
      .select()
      .from(messageSettings)
      .where(eq(messageSettings.clientId, m.org.clientId));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(appSecret);

    const again = await m.send('PUT', '/api/message/updateWhatsAppCloud', {
      phoneNumberId,
      accessToken: '',
      appSecret: '',
      verifyToken: '',
      language: 'en',
    });
    expect(again.json()).toMatchObject({ accessTokenSet: true, appSecretSet: true, verifyTokenSet: true });
    const get = await m.send('GET', '/api/message/getWhatsAppCloud');
    expect(get.body).not.toContain(token);
    const audit = await t.db.execute(sql`select before, after from audit_log where entity = 'whatsappCloud'`);
    expect(audit.rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit.rows)).not.toContain(token);
  });

  it('sends hello_world as the test, with the token only in the Authorization header', async () => {
    const res = await m.send('POST', '/api/message/sendWhatsAppTest', { to: '+91 98765 43210' });
    expect(res.json()).toEqual({ ok: true, error: null });
    const hit = graph.hits.at(-1)!;
    expect(hit.url).toBe(`/v23.0/${phoneNumberId}/messages`);
    expect(hit.headers.authorization).toBe(`Bearer ${token}`);
    expect(JSON.parse(hit.body)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919876543210',
      type: 'template',
      template: { name: 'hello_world', language: { code: 'en_US' } },
    });
    graph.failNext({ status: 401, code: 190, message: 'Error validating access token' });
    const bad = await m.send('POST', '/api/message/sendWhatsAppTest', { to: '9876543210' });
    expect(bad.json()).toMatchObject({ ok: false });
    expect(bad.json().error).toContain('#190');
    expect(bad.body).not.toContain(token);
  });
});

describe('templates', () => {
  it('checks the parameters against those the template declares', async () => {
    const s = suggestedWhatsAppTemplates.expiring;
    const short = await m.send('PUT', '/api/message/updateWhatsAppTemplate', {
      event: 'expiring',
      language: 'en',
      name: s.name,
      parameters: s.parameters.slice(1),
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().details[0]).toMatchObject({
      code: 'WHATSAPP_PARAMETER_COUNT',
      params: { declared: 5 },
    });
    const unknown = await m.send('PUT', '/api/message/updateWhatsAppTemplate', {
      event: 'dues',
      language: 'en',
      name: 'our_own_dues',
      parameters: ['name'],
    });
    expect(unknown.json().details[0].code).toBe('WHATSAPP_TEMPLATE_TEXT_NEEDED');
    const own = await m.send('PUT', '/api/message/updateWhatsAppTemplate', {
      event: 'dues',
      language: 'en',
      name: 'our_own_dues',
      parameters: ['name', 'amountDue'],
      body: 'Hi {{1}}, please pay {{2}}.',
    });
    expect(own.statusCode, own.body).toBe(200);
    const ok = await m.send('PUT', '/api/message/updateWhatsAppTemplate', {
      event: 'expiring',
      language: 'en',
      name: s.name,
      parameters: s.parameters,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().items).toEqual(
      expect.arrayContaining([expect.objectContaining({ event: 'expiring', name: s.name, declared: 5 })]),
    );
  });

  it('sends a reminder as the template with its parameters in order, as Meta documents it', async () => {
    await m.send('PUT', '/api/message/updateMessageSettings', {
      ...(await m.send('GET', '/api/message/getMessageSettings')).json(),
      channels: ['whatsapp'],
      whatsapp: { url: '', method: 'POST', headers: [], body: '' },
      mailServer: undefined,
    });
    const a = await member(shiftDays(isoToday(), 3));
    const before = graph.hits.length;
    await t.app.messageTick();
    const sent = graph
      .bodies()
      .slice(before)
      .filter((b) => b.to === a.wa);
    expect(sent).toHaveLength(1);
    const body = sent[0] as { template: { components: { parameters: { text: string }[] }[] } };
    expect(body).toMatchObject({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: a.wa,
      type: 'template',
      template: { name: 'membership_expiring', language: { code: 'en' } },
    });
    const texts = body.template.components[0]!.parameters.map((p) => p.text);
    expect(body.template.components[0]).toMatchObject({ type: 'body' });
    expect(texts.slice(0, 4)).toEqual([
      `Reader ${a.mobile}`,
      expect.any(String),
      expect.stringMatching(/\//),
      '3',
    ]);
    expect(texts).toHaveLength(5);
    const [row] = await rowsOf(a.userId);
    expect(row).toMatchObject({
      status: 'sent',
      waKind: 'template',
      waMessageId: expect.stringMatching(/^wamid\./),
    });
  });
});

describe('delivery receipts', () => {
  it('answers the verification handshake with the challenge, and refuses a wrong token', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=1158201444',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1',
    });
    expect(bad.statusCode).toBe(403);
  });

  it('refuses a post whose signature is wrong, and changes nothing', async () => {
    const a = await member(shiftDays(isoToday(), 3));
    await t.app.messageTick();
    const [row] = await rowsOf(a.userId);
    const raw = { statuses: [{ id: row!.waMessageId, status: 'read', timestamp: '1', recipient_id: a.wa }] };
    expect((await post(raw, 'another-secret')).statusCode).toBe(403);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/whatsapp/webhook',
      headers: { 'content-type': 'application/json' },
      payload: raw,
    });
    expect(unsigned.statusCode).toBe(403);
    expect((await rowsOf(a.userId))[0]!.delivery).toBeNull();
  });

  it('applies each report once and never lowers it: delivered before sent keeps delivered', async () => {
    const a = await member(shiftDays(isoToday(), 3));
    await t.app.messageTick();
    const id = (await rowsOf(a.userId))[0]!.waMessageId!;
    expect((await status(id, 'delivered', 1_800_000_100)).statusCode).toBe(200);
    expect((await status(id, 'sent', 1_800_000_050)).statusCode).toBe(200);
    expect((await rowsOf(a.userId))[0]).toMatchObject({ delivery: 'delivered', status: 'sent' });
    // A failure reported after delivery (another device) keeps delivered.
    await status(id, 'failed', 1_800_000_200, [{ code: 131000, title: 'Something went wrong' }]);
    expect((await rowsOf(a.userId))[0]).toMatchObject({
      delivery: 'delivered',
      status: 'sent',
      lastError: null,
    });
    await status(id, 'read', 1_800_000_300);
    await status(id, 'read', 1_800_000_300);
    const [row] = await rowsOf(a.userId);
    expect(row).toMatchObject({ delivery: 'read' });
    expect(new Date(row!.deliveryAt!).getTime()).toBe(1_800_000_300_000);
    const list = await m.send('GET', `/api/message/getMessages?userId=${a.userId}`);
    expect(list.json().items[0]).toMatchObject({ delivery: 'read' });
  });

  it('a template missing is shown to staff and not retried; a rate limit is retried', async () => {
    const a = await member(shiftDays(isoToday(), 3));
    // Refused at once by the Graph API: given up after one attempt.
    graph.failNext({ status: 404, code: 132001, message: 'Template name does not exist in the translation' });
    await t.app.messageTick();
    let [row] = await rowsOf(a.userId);
    expect(row).toMatchObject({ status: 'gaveUp', attempts: 1, nextAttemptAt: null });
    expect(row!.lastError).toContain('#132001');
    const later = new Date(Date.now() + 3 * 3600_000);
    await t.app.messageTick(later);
    expect((await rowsOf(a.userId))[0]!.attempts).toBe(1);

    // Accepted, then reported failed by the webhook with a rate limit: queued again with backoff.
    const b = await member(shiftDays(isoToday(), 3));
    await t.app.messageTick();
    [row] = await rowsOf(b.userId);
    await status(row!.waMessageId!, 'failed', 1_800_000_000, [{ code: 130429, title: 'Rate limit hit' }]);
    await status(row!.waMessageId!, 'failed', 1_800_000_000, [{ code: 130429, title: 'Rate limit hit' }]);
    [row] = await rowsOf(b.userId);
    expect(row).toMatchObject({ status: 'failed', delivery: 'failed', attempts: 1 });
    expect(row!.nextAttemptAt).not.toBeNull();
    await t.app.messageTick(later);
    [row] = await rowsOf(b.userId);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, delivery: null });

    // Reported failed as not on WhatsApp: given up, shown, never retried.
    await status(row!.waMessageId!, 'failed', 1_800_000_100, [
      { code: 131026, title: 'Message undeliverable' },
    ]);
    [row] = await rowsOf(b.userId);
    expect(row).toMatchObject({ status: 'gaveUp', delivery: 'failed', nextAttemptAt: null });
    expect(row!.lastError).toContain('#131026 Message undeliverable');
    const list = await m.send('GET', `/api/message/getMessages?userId=${b.userId}`);
    expect(list.json().items[0]).toMatchObject({
      status: 'gaveUp',
      lastError: expect.stringContaining('131026'),
    });
    expect(maxMessageAttempts).toBeGreaterThan(2);
  });
});

describe('replies', () => {
  it('stores a member’s message; STOP and its Hindi form opt out, START back in, each confirmed', async () => {
    const a = await member(shiftDays(isoToday(), 30));
    expect((await incoming(a.wa, 'wamid.IN1', 'Is the library open on Sunday?')).statusCode).toBe(200);
    expect((await incoming(a.wa, 'wamid.IN1', 'Is the library open on Sunday?')).statusCode).toBe(200);
    const inbox = await m.send('GET', `/api/message/getWhatsAppInbound?userId=${a.userId}`);
    expect(inbox.json().items).toHaveLength(1);
    expect(inbox.json().items[0]).toMatchObject({ body: 'Is the library open on Sunday?', action: null });

    const optOut = async () =>
      (await t.db.select().from(users).where(eq(users.id, a.userId)))[0]!.messageOptOut;
    await incoming(a.wa, 'wamid.IN2', 'STOP');
    expect(await optOut()).toContain('whatsapp');
    await incoming(a.wa, 'wamid.IN3', 'START');
    expect(await optOut()).not.toContain('whatsapp');
    await incoming(a.wa, 'wamid.IN4', 'बंद');
    await incoming(a.wa, 'wamid.IN4', 'बंद');
    expect(await optOut()).toContain('whatsapp');

    const before = graph.hits.length;
    await t.app.messageTick();
    const replies = graph
      .bodies()
      .slice(before)
      .filter((b) => b.to === a.wa) as { type: string; text: { body: string } }[];
    // Inside the window the confirmations go as free text, one per STOP/START (not one per post).
    expect(replies.map((r) => r.type)).toEqual(['text', 'text', 'text']);
    expect(replies[0]!.text.body).toMatch(/no more reminders/);
    expect(replies[1]!.text.body).toMatch(/on again/);
  });

  it('a staff reply goes as free text inside 24 hours, and is refused outside them', async () => {
    const a = await member(shiftDays(isoToday(), 30));
    const closed = await m.send('POST', '/api/message/sendWhatsAppReply', {
      userId: a.userId,
      text: 'Hello',
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('WHATSAPP_WINDOW_CLOSED');
    await incoming(a.wa, 'wamid.IN9', 'Can I pay tomorrow?');
    const res = await m.send('POST', '/api/message/sendWhatsAppReply', {
      userId: a.userId,
      text: 'Yes, of course.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ event: 'reply', channel: 'whatsapp', status: 'queued' });
    const before = graph.hits.length;
    await t.app.messageTick();
    expect(graph.bodies().slice(before)).toEqual([
      {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: a.wa,
        type: 'text',
        text: { preview_url: false, body: 'Yes, of course.' },
      },
    ]);
    const { token: viewer } = await createStaff(t, m.org, only({ messages: 'v' }));
    const refused = await m.send(
      'POST',
      '/api/message/sendWhatsAppReply',
      { userId: a.userId, text: 'x' },
      { token: viewer },
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('the guardian', () => {
  it('is told once, on WhatsApp, when a validity end is past the organisation’s days and not renewed', async () => {
    const s = suggestedWhatsAppTemplates.guardian;
    const mapped = await m.send('PUT', '/api/message/updateWhatsAppTemplate', {
      event: 'guardian',
      language: 'en',
      name: s.name,
      parameters: s.parameters,
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    const current = (await m.send('GET', '/api/message/getMessageSettings')).json();
    const { mailServer: _, ...settings } = current;
    const saved = await m.send('PUT', '/api/message/updateMessageSettings', {
      ...settings,
      guardianAfterDays: 3,
    });
    expect(saved.json().guardianAfterDays).toBe(3);

    const late = await member(shiftDays(isoToday(), -4));
    const recent = await member(shiftDays(isoToday(), -1));
    for (const who of [late, recent]) {
      const prefs = await m.send('PUT', '/api/message/updateMemberMessagePrefs', {
        userId: who.userId,
        language: 'en',
        optOut: ['whatsapp'],
        guardianName: 'Ramesh Rao',
        guardianMobile: '98 7000 1234',
      });
      expect(prefs.json()).toMatchObject({ guardianName: 'Ramesh Rao', guardianMobile: '98 7000 1234' });
    }
    const before = graph.hits.length;
    await t.app.messageTick();
    await t.app.messageTick();
    const toGuardian = graph
      .bodies()
      .slice(before)
      .filter((b) => b.to === '919870001234') as {
      template: { name: string; components: { parameters: { text: string }[] }[] };
    }[];
    // Once, for the member 4 days past their end (the member's own opt-out is theirs, not the guardian's).
    expect(toGuardian).toHaveLength(1);
    expect(toGuardian[0]!.template.name).toBe('guardian_notice');
    const texts = toGuardian[0]!.template.components[0]!.parameters.map((p) => p.text);
    expect(texts.slice(0, 2)).toEqual(['Ramesh Rao', `Reader ${late.mobile}`]);
    expect((await rowsOf(late.userId)).filter((r) => r.event === 'guardian')).toHaveLength(1);
    expect((await rowsOf(recent.userId)).filter((r) => r.event === 'guardian')).toHaveLength(0);
  });

  it('is told once, on WhatsApp, of dues overdue past the organisation’s days, with the template of its own', async () => {
    const s = suggestedWhatsAppTemplates.guardianDues;
    const mapped = await m.send('PUT', '/api/message/updateWhatsAppTemplate', {
      event: 'guardianDues',
      language: 'en',
      name: s.name,
      parameters: s.parameters,
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    const { mailServer: _, ...settings } = (await m.send('GET', '/api/message/getMessageSettings')).json();
    expect(
      (await m.send('PUT', '/api/message/updateMessageSettings', { ...settings, guardianAfterDays: 3 }))
        .statusCode,
    ).toBe(200);

    // Valid for a while yet (no expiry notice), owing since 4 days, 1 day, and 4 days but paused.
    const owing = await member(shiftDays(isoToday(), 30));
    const recent = await member(shiftDays(isoToday(), 30));
    const paused = await member(shiftDays(isoToday(), 30));
    const guardians = new Map([
      [owing.userId, '98 7000 2001'],
      [recent.userId, '98 7000 2002'],
      [paused.userId, '98 7000 2003'],
    ]);
    for (const [userId, guardianMobile] of guardians) {
      const prefs = await m.send('PUT', '/api/message/updateMemberMessagePrefs', {
        userId,
        language: 'en',
        optOut: ['whatsapp'],
        guardianName: 'Sunita Rao',
        guardianMobile,
      });
      expect(prefs.statusCode, prefs.body).toBe(200);
    }
    const owes = (userId: number, since: string) =>
      t.db.execute(sql`update users set dues = 150000, dues_since = ${since} where id = ${userId}`);
    await owes(owing.userId, shiftDays(isoToday(), -4));
    await owes(recent.userId, shiftDays(isoToday(), -1));
    await owes(paused.userId, shiftDays(isoToday(), -4));
    await t.db.execute(sql`
      insert into member_pauses (client_id, branch_id, user_id, from_day, days, status, requested_by)
      values (${m.org.clientId}, ${m.branchId}, ${paused.userId}, ${shiftDays(isoToday(), -1)}, 10, 'approved', 'staff')`);

    const before = graph.hits.length;
    await t.app.messageTick();
    await t.app.messageTick();
    type Sent = { to: string; template: { name: string; components: { parameters: { text: string }[] }[] } };
    const sent = graph.bodies().slice(before) as Sent[];
    const to = (n: string) => sent.filter((b) => b.to === `91${n.replace(/ /g, '')}`);
    expect(to('98 7000 2001')).toHaveLength(1);
    const [notice] = to('98 7000 2001');
    expect(notice!.template.name).toBe('guardian_dues_notice');
    const texts = notice!.template.components[0]!.parameters.map((p) => p.text);
    expect(texts.slice(0, 2)).toEqual(['Sunita Rao', `Reader ${owing.mobile}`]);
    expect(texts[2]).not.toBe('');
    expect(texts[3]).toMatch(/1,500/);
    expect(texts[4]).toMatch(/\d/);
    expect(to('98 7000 2002')).toHaveLength(0);
    expect(to('98 7000 2003')).toHaveLength(0);
    const events = (await rowsOf(owing.userId)).map((r) => r.event);
    expect(events.filter((e) => e === 'guardianDues')).toHaveLength(1);
    expect(events).not.toContain('guardian');

    // The same debt is not told again; settled, then owed anew, it is a new debt, told once.
    await t.app.messageTick();
    await t.db.execute(sql`update users set dues = 0, dues_since = null where id = ${owing.userId}`);
    await t.app.messageTick();
    expect((await rowsOf(owing.userId)).filter((r) => r.event === 'guardianDues')).toHaveLength(1);
    await owes(owing.userId, shiftDays(isoToday(), -3));
    await t.app.messageTick();
    await t.app.messageTick();
    expect((await rowsOf(owing.userId)).filter((r) => r.event === 'guardianDues')).toHaveLength(2);
  });
});

describe('the log', () => {
  it('never holds the token or the app secret, at the most detailed level', async () => {
    // pino writes the log to standard output through fs.write (src/platform/logDestination.ts).
    const written: string[] = [];
    const keep = (data: unknown) => {
      written.push(typeof data === 'string' ? data : Buffer.from(data as Uint8Array).toString('utf8'));
    };
    const write = vi.spyOn(fs, 'write').mockImplementation(((
      _fd: number,
      data: unknown,
      ...rest: unknown[]
    ) => {
      keep(data);
      const done = rest.find((r) => typeof r === 'function') as ((e: null, n: number) => void) | undefined;
      done?.(null, typeof data === 'string' ? Buffer.byteLength(data) : (data as Uint8Array).length);
    }) as typeof fs.write);
    const writeSync = vi.spyOn(fs, 'writeSync').mockImplementation(((_fd: number, data: unknown) => {
      keep(data);
      return typeof data === 'string' ? Buffer.byteLength(data) : (data as Uint8Array).length;
    }) as typeof fs.writeSync);
    const logged = await startTestApp({ whatsappGraphUrl: graph.url, logLevel: 'trace' });
    try {
      const o = await moneyBranch(logged);
      const put = await o.send('PUT', '/api/message/updateWhatsAppCloud', {
        phoneNumberId: '1234567',
        accessToken: token,
        appSecret,
        verifyToken: 'verify-other',
        language: 'hi',
      });
      expect(put.statusCode, put.body).toBe(200);
      graph.failNext({ status: 401, code: 190, message: 'Error validating access token' });
      await o.send('POST', '/api/message/sendWhatsAppTest', { to: '9876543210' });
      await o.send('POST', '/api/message/sendWhatsAppTest', { to: '9876543210' });
    } finally {
      await logged.close();
      // The destination writes in batches, at least every logFlushMs: lines still in its buffer
      // when the app closed are written by the next periodic flush, which must find the spies (in
      // CI the log came back empty when they were restored at once).
      await vi
        .waitFor(() => expect(written.join('')).toContain('sendWhatsAppTest'), {
          timeout: logFlushMs * 15,
          interval: logFlushMs / 4,
        })
        .catch(() => undefined);
      write.mockRestore();
      writeSync.mockRestore();
    }
    const log = written.join('');
    expect(log).toContain('updateWhatsAppCloud');
    expect(log).toContain('sendWhatsAppTest');
    expect(log).not.toContain(token);
    expect(log).not.toContain(appSecret);
  });
});

// Last: the Hindi template it adds would answer the replies above in Hindi.
describe('templates per language', () => {
  it("sends each member the template in their own language, else the organisation's (issue 48)", async () => {
    const s = suggestedWhatsAppTemplates.expiring;
    const hindi = await m.send('PUT', '/api/message/updateWhatsAppTemplate', {
      event: 'expiring',
      language: 'hi',
      name: s.name,
      parameters: s.parameters,
    });
    expect(hindi.statusCode, hindi.body).toBe(200);
    const [h, e] = [
      await member(shiftDays(isoToday(), 3), 'hi'),
      await member(shiftDays(isoToday(), 3), 'en'),
    ];
    const before = graph.hits.length;
    await t.app.messageTick();
    const codeTo = (wa: string) =>
      (
        graph
          .bodies()
          .slice(before)
          .find((b) => b.to === wa) as { template: { language: { code: string } } }
      ).template.language.code;
    expect(codeTo(h.wa)).toBe('hi');
    expect(codeTo(e.wa)).toBe('en');
  });
});
