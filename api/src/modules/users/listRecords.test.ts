import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { call, createOrg, startTestApp, type TestApp, type TestOrg } from '../../test/harness.ts';
import { isoTime } from './members.ts';

// The members list reads its records straight from the rows (memberRecordColumns and conversions,
// one object per member, issue 36): each must be exactly the record toUser writes for the same
// member (getUser), and its cursor must still take the stored value, not the record's text.

let t: TestApp;
let org: TestOrg;
let branchId: number;

type Page = { items: Record<string, unknown>[]; total: number; nextAfter?: string };
const get = async (url: string): Promise<Page> => {
  const res = await call(t, org.ownerToken, { method: 'GET', url, branchId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrg(t, { branchCount: 1 });
  branchId = org.branchIds[0]!;
  const today = new Date().toISOString().slice(0, 10);
  // Members created within one millisecond of each other (microseconds apart): a cursor written from
  // the record's ISO text (milliseconds) would skip or repeat them when sorting by creation.
  await t.db.execute(sql`
    insert into ${users} (client_id, branch_id, name, mobile, email, valid_from, valid_till, joined_on,
                          address, notes, dues, dues_since, created_at)
    select ${org.clientId}, ${branchId}, 'Member ' || i, '91000' || lpad(i::text, 5, '0'),
           case when i % 2 = 0 then 'm' || i || '@mail.example' end, ${today}, '2999-12-31', ${today},
           case when i % 3 = 0 then 'Street ' || i else '' end, case when i % 5 = 0 then 'Note' else '' end, i * 100,
           case when i % 4 = 0 then ${today}::date end,
           timestamptz '2026-11-28 10:00:00.123' + i * interval '1 microsecond'
      from generate_series(1, 12) as i`);
});

afterAll(async () => {
  await t?.close();
});

describe('isoTime', () => {
  it('writes what Date writes, for UTC text and anything else', () => {
    const texts = [
      '2026-11-28 07:41:39.929123+00',
      '2026-11-28 07:41:39.9999+00',
      '2026-11-28 07:41:39.9995+00',
      '2026-11-28 23:59:59.999999+00',
      '2026-11-28 07:41:39+00',
      '2026-11-28 07:41:39.5+00',
      '2026-11-28 07:41:39.05+00',
      '0999-01-01 00:00:00+00',
      '2024-02-29 12:00:00.000001+00',
      '2026-11-28 13:11:39.929123+05:30',
      '2026-11-28 02:41:39.9-05',
    ];
    for (let i = 0; i < 200; i += 1) {
      texts.push(
        `2026-0${1 + (i % 9)}-1${i % 10} 0${i % 10}:${10 + (i % 50)}:0${i % 10}.${String((i * 7919) % 1_000_000).padStart(6, '0')}+00`,
      );
    }
    for (const text of texts) expect(isoTime(text), text).toBe(new Date(text).toISOString());
  });
});

describe('members list records', () => {
  it('are the records getUser answers, property by property', async () => {
    const page = await get('/api/user/getUsers?pageSize=50');
    expect(page.items.length).toBe(12);
    for (const item of page.items) {
      const res = await call(t, org.ownerToken, {
        method: 'GET',
        url: `/api/user/getUser?userId=${String(item.userId)}`,
        branchId,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(item).toStrictEqual(res.json());
    }
    // The same through the word search, which reads rows and maps them with toUser.
    const words = await get('/api/user/getUsers?q=member&pageSize=50');
    expect(words.items).toStrictEqual(page.items);
  });

  it('pages by creation time with cursors, microseconds apart, without a gap or a repeat', async () => {
    const seen: unknown[] = [];
    let after: string | undefined;
    for (let i = 0; i < 10; i += 1) {
      const page = await get(
        `/api/user/getUsers?sort=-createdAt&pageSize=5${after ? `&after=${after}` : ''}`,
      );
      seen.push(...page.items.map((m) => m.userId));
      after = page.nextAfter;
      if (!after) break;
    }
    const all = (await get('/api/user/getUsers?sort=-createdAt&pageSize=50')).items.map((m) => m.userId);
    expect(seen).toStrictEqual(all);
    expect(new Set(seen).size).toBe(12);
  });
});
