import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { defaultTemplates, renderTemplate } from '@app/contract/messages';
import { clients, messages, users } from '../../db/schema.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { isoToday, moneyBranch, shiftDays, type MoneyBranch } from '../../test/money.ts';
import { startFakeSmtp } from '../../test/fakeSmtp.ts';

// Issue 48, point 3: a member reads their messages in their own language (en, de, hi), set on the
// profile and defaulting to the organisation's (languageOf its locale).
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let m: MoneyBranch;
let mobile = 7_480_000_000;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await startTestApp({ smtpUrl: smtp.url });
  m = await moneyBranch(t);
  await t.db.update(clients).set({ locale: 'hi-IN' }).where(eq(clients.id, m.org.clientId));
});

afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function created(over: Record<string, unknown> = {}) {
  const res = await m.send('POST', '/api/user/createUser', {
    name: `Pathak ${++mobile}`,
    mobile: String(mobile),
    email: `pathak${mobile}@test.dev`,
    validFrom: shiftDays(isoToday(), -20),
    validTill: shiftDays(isoToday(), 3),
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { userId: number; language: string; email: string; name: string };
}

const stored = async (userId: number) =>
  (await t.db.select({ language: users.language }).from(users).where(eq(users.id, userId)))[0]!.language;

describe("a new member's language", () => {
  it("is the organisation's when none is given, and what was given otherwise", async () => {
    const plain = await created();
    expect(plain.language).toBe('hi');
    expect(await stored(plain.userId)).toBe('hi');
    const prefs = await m.send('GET', `/api/message/getMemberMessagePrefs?userId=${plain.userId}`);
    expect(prefs.json().language).toBe('hi');

    const german = await created({ language: 'de' });
    expect(await stored(german.userId)).toBe('de');
    // An edit that names no language keeps the member's.
    const edit = await m.send('PUT', `/api/user/updateUser?userId=${german.userId}`, {
      name: german.name,
      mobile: String(mobile),
      validFrom: shiftDays(isoToday(), -20),
      validTill: shiftDays(isoToday(), 4),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await stored(german.userId)).toBe('de');
  });

  it("is the organisation's for a member converted from an enquiry", async () => {
    const enquiry = await m.send('POST', '/api/enquiry/createEnquiry', {
      name: 'Walk In Hindi',
      mobile: String(++mobile),
    });
    expect(enquiry.statusCode, enquiry.body).toBe(201);
    const res = await m.send('POST', `/api/enquiry/convertEnquiry?enquiryId=${enquiry.json().id}`, {
      name: 'Walk In Hindi',
      mobile: String(mobile),
      validFrom: isoToday(),
      validTill: shiftDays(isoToday(), 30),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user.language).toBe('hi');
    expect(await stored(res.json().user.userId)).toBe('hi');
  });

  it('is English in an organisation whose locale is no language of ours', async () => {
    await t.db.update(clients).set({ locale: 'mr-IN' }).where(eq(clients.id, m.org.clientId));
    try {
      expect((await created()).language).toBe('en');
    } finally {
      await t.db.update(clients).set({ locale: 'hi-IN' }).where(eq(clients.id, m.org.clientId));
    }
  });
});

describe('a reminder to a Hindi member', () => {
  it('is written from the Hindi template, dates as the organisation writes them', async () => {
    const member = await created({ validTill: shiftDays(isoToday(), 3) });
    await t.app.messageTick();
    const [row] = await t.db.select().from(messages).where(eq(messages.userId, member.userId));
    expect(row).toMatchObject({ event: 'expiring', language: 'hi', channel: 'email', status: 'sent' });
    const till = shiftDays(isoToday(), 3).split('-').reverse().join('/');
    const values = {
      name: member.name,
      daysLeft: '3',
      validTill: till,
      branchName: row!.body.match(/नमस्ते .+?, (.+?) में/)![1]!,
    };
    expect(row!.subject).toBe(renderTemplate(defaultTemplates.expiring.hi.subject, values));
    expect(row!.subject).toBe('आपकी सदस्यता 3 दिन में खत्म हो रही है');
    expect(row!.body).toContain(`आपकी सदस्यता ${till} तक वैध है (बाकी 3 दिन)`);
    // The mail's subject as MIME encoded-words (RFC 2047), read back as UTF-8.
    const mail = smtp.mails.find((x) => x.to.includes(member.email))!;
    const words = [...mail.subject.matchAll(/=\?UTF-8\?B\?([^?]*)\?=/gi)].map((w) =>
      Buffer.from(w[1]!, 'base64'),
    );
    expect(Buffer.concat(words).toString('utf8')).toBe('आपकी सदस्यता 3 दिन में खत्म हो रही है');
  });

  it('can be edited: the template editor keeps a Hindi text of its own', async () => {
    const templates = (await m.send('GET', '/api/message/getMessageTemplates')).json().items as {
      event: string;
      language: string;
      isDefault: boolean;
    }[];
    expect(templates.filter((x) => x.language === 'hi')).toHaveLength(
      templates.filter((x) => x.language === 'en').length,
    );
    const save = await m.send('PUT', '/api/message/updateMessageTemplate', {
      event: 'dues',
      language: 'hi',
      subject: 'बकाया याद दिलाना',
      body: 'नमस्ते {{name}}, {{amountDue}} बकाया है।',
    });
    expect(save.statusCode, save.body).toBe(200);
    const after = (await m.send('GET', '/api/message/getMessageTemplates')).json().items as {
      event: string;
      language: string;
      subject: string;
      isDefault: boolean;
    }[];
    expect(after.find((x) => x.event === 'dues' && x.language === 'hi')).toMatchObject({
      subject: 'बकाया याद दिलाना',
      isDefault: false,
    });
  });
});
