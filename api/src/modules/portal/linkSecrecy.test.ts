// A member's page link is a key to their page (WiFi PIN, claims): it is kept and logged masked and
// put in only when a message is sent (issue 45, point 7).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { mailOutbox, messages } from '../../db/schema.ts';
import { createMailer, type Mail } from '../../platform/mailer.ts';
import { maskMemberLinks } from '../../platform/maskLinks.ts';
import { createStaff, only, startTestApp, testConfig, type TestApp } from '../../test/harness.ts';
import { isoToday, moneyBranch, shiftDays, type MoneyBranch } from '../../test/money.ts';
import { deliverDue, sendErrorText } from '../messages/deliver.ts';
import { loggedUrl } from './routes.ts';

let t: TestApp;
let m: MoneyBranch;
let mobile = 7_310_000_000;
const secrets = { secret: testConfig().jwtSecret, publicUrl: testConfig().publicUrl };
const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz012_-9';

beforeAll(async () => {
  t = await startTestApp();
  m = await moneyBranch(t);
});
afterAll(() => t.close());

async function member() {
  const res = await m.send('POST', '/api/user/createUser', {
    name: `Reader ${++mobile}`,
    mobile: String(mobile),
    email: `r${mobile}@test.dev`,
    validFrom: shiftDays(isoToday(), -20),
    validTill: shiftDays(isoToday(), 40),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().userId as number;
}

/** Sends what is due through transports that keep what they were handed. */
async function deliver() {
  const mails: Mail[] = [];
  const email = Object.assign(async (mail: Mail) => (mails.push(mail), 'sent' as const), { delivers: true });
  await deliverDue(t.db, { email, http: async () => {} }, new Date(), secrets);
  return mails;
}
const tokenIn = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe("a member's link in messages", () => {
  it('is kept and listed masked, and the mail that goes out carries the live link', async () => {
    const userId = await member();
    const made = await m.send('POST', `/api/portal/createLink?userId=${userId}&send=true`);
    expect(made.statusCode, made.body).toBe(201);
    const live = made.json().url as string;
    const [row] = await t.db.select().from(messages).where(eq(messages.userId, userId));
    expect(row!.event).toBe('memberLink');
    expect(row!.body).toContain('http://localhost:3000/m/[link]');
    expect(row!.body).not.toContain(tokenIn(live));

    // A role that reads messages but not members sees the masked body.
    const reader = await createStaff(t, m.org, only({ messages: 'view' }));
    const listed = await m.send('GET', `/api/message/getMessages?userId=${userId}`, undefined, {
      token: reader.token,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.body).toContain('/m/[link]');
    expect(listed.body).not.toContain(tokenIn(live));

    const sent = (await deliver()).filter((mail) => mail.to === `r${mobile}@test.dev`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain(live);
    // Sending left the kept body masked.
    const [after] = await t.db.select().from(messages).where(eq(messages.id, row!.id));
    expect(after).toMatchObject({ status: 'sent', body: row!.body });
  });

  it('sends the link made since, and does not send a link message whose link was ended', async () => {
    const userId = await member();
    const first = (await m.send('POST', `/api/portal/createLink?userId=${userId}&send=true`)).json().url;
    const second = (await m.send('POST', `/api/portal/createLink?userId=${userId}&send=true`)).json().url;
    const mails = (await deliver()).filter((mail) => mail.to === `r${mobile}@test.dev`);
    expect(mails.map((mail) => mail.body.includes(second))).toEqual([true, true]);
    expect(mails.some((mail) => mail.body.includes(first))).toBe(false);

    await m.send('POST', `/api/portal/createLink?userId=${userId}&send=true`);
    await m.send('PUT', `/api/portal/revokeLink?userId=${userId}`);
    expect(await deliver()).toEqual([]);
    const rows = await t.db.select().from(messages).where(eq(messages.userId, userId));
    const last = rows.sort((a, b) => b.id - a.id)[0]!;
    expect(last).toMatchObject({ status: 'failed' });
    expect(last.lastError).toContain('link was ended');
  });

  it('is masked in a message kept before (the migration), then sent live', async () => {
    const userId = await member();
    const live = (await m.send('POST', `/api/portal/createLink?userId=${userId}`)).json().url as string;
    const [old] = await t.db
      .insert(messages)
      .values({
        clientId: m.org.clientId,
        branchId: m.branchId,
        userId,
        event: 'expiring',
        period: 'old-row',
        channel: 'email',
        language: 'en',
        recipient: `r${mobile}@test.dev`,
        subject: 'Your page',
        body: `Open ${live} today`,
      })
      .returning();
    await t.db.insert(mailOutbox).values({ to: 'x@test.dev', subject: 's', body: `Open ${live}` });
    const migration = readFileSync(
      new URL('../../../drizzle/0029_masked_member_links.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint'))
      await t.db.execute(sql.raw(statement));
    const [masked] = await t.db.select().from(messages).where(eq(messages.id, old!.id));
    expect(masked!.body).toBe('Open http://localhost:3000/m/[link] today');
    const outbox = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'x@test.dev'));
    expect(outbox[0]!.body).toBe('Open http://localhost:3000/m/[link]');
    const sent = (await deliver()).find((mail) => mail.subject === 'Your page');
    expect(sent!.body).toBe(`Open ${live} today`);
  });

  it('is kept out of the mail log and the mail outbox; a password reset link stays', async () => {
    const lines: unknown[] = [];
    const log = { info: (o: unknown) => void lines.push(o) } as unknown as FastifyBaseLogger;
    const mailer = createMailer(t.db, log, undefined);
    const to = `log${Date.now()}@test.dev`;
    const reset = 'http://localhost:3000/reset-password?token=abc123';
    await mailer({ to, subject: 'Your page', body: `Open http://localhost:3000/m/${token}\n${reset}` });
    const [kept] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    expect(kept!.body).toBe(`Open http://localhost:3000/m/[link]\n${reset}`);
    expect(JSON.stringify(lines)).not.toContain(token);
    expect(JSON.stringify(lines)).toContain('/m/[link]');
    expect(JSON.stringify(lines)).toContain(reset);
  });

  it("is not kept from a provider's error that echoes the message", () => {
    expect(sendErrorText(new Error(`Provider answered 400: {"text":"http://x/m/${token}"}`))).toBe(
      'Provider answered 400: {"text":"http://x/m/[link]"}',
    );
  });
});

describe('the request log', () => {
  it.each([
    [`/m/${token}`, '/m/[link]'],
    [`/M/${token}?x=1`, '/m/[link]?x=1'],
    [`//m/${token}`, '/m/[link]'],
    [`/%6D/${token}`, '/m/[link]'],
    [`/%6d%2F${token}`, '/m/[link]'],
    [`/app/m/${token}`, '/app/m/[link]'],
    [`/m//${token}/`, '/m/[link]/'],
    [`/api/portal/getSummary?token=${token}`, '/api/portal/getSummary?token=[link]'],
    [`/api/portal/getSummary?memberToken=${token}`, '/api/portal/getSummary?memberToken=[link]'],
    [`/api/portal/getSummary?a=1&member-token=${token}`, '/api/portal/getSummary?a=1&member-token=[link]'],
    [`/api/portal/getSummary?member_token=${token}&b=2`, '/api/portal/getSummary?member_token=[link]&b=2'],
    [`/api/x?t=${token}`, '/api/x?t=[link]'],
    [`/api/x?t=${encodeURIComponent(`/m/${token}`)}`, '/api/x?t=/m/[link]'],
    [
      `/api/x?%74oken=${token
        .split('')
        .map((c) => `%${c.charCodeAt(0).toString(16)}`)
        .join('')}`,
      '/api/x?token=[link]',
    ],
  ])('masks %s', (url, logged) => {
    expect(loggedUrl(url)).toBe(logged);
  });

  it('keeps URLs without a token as they are', () => {
    for (const url of ['/api/user/getUsers?page=2&search=a%20b', '/members/m', '/api/message/getMessages']) {
      expect(loggedUrl(url)).toBe(url);
    }
    expect(maskMemberLinks('http://localhost:3000/reset-password?token=abc')).toBe(
      'http://localhost:3000/reset-password?token=abc',
    );
  });
});
