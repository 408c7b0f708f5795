import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createOrg, startTestApp, type TestApp, type TestOrg } from '../test/harness.ts';
import { knownOverCap, overCapTtlMs, rememberOverCap, totalCap } from './list.ts';

// listRows through the members list, the one resource that reaches a million rows: capped totals
// and the deferred-join paging (ids by the sort index first, then the rows) against a plain ORDER BY.

let t: TestApp;
let org: TestOrg;
let big: number;
let small: number;

type Page = {
  items: { userId: number; name: string }[];
  total: number;
  totalCapped?: boolean;
  nextAfter?: string;
};

const list = async (branchId: number, qs: string): Promise<Page> => {
  const res = await call(t, org.ownerToken, { method: 'GET', url: `/api/user/getUsers?${qs}`, branchId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** Members straight into the table (the API's validation is not under test here). */
async function insertMembers(branchId: number, from: number, to: number, extra = sql``) {
  await t.db.execute(sql`
    insert into users (client_id, branch_id, name, mobile, status, inactive_reason, seat_number,
                       valid_from, valid_till, joined_on)
    select ${org.clientId}, ${branchId},
           -- few distinct names, so most rows tie on the sort column and the id decides
           'Member ' || chr(65 + (i * 7) % 5),
           '8' || lpad((${branchId} * 100000 + i)::text, 9, '0'),
           i % 4 <> 0,
           case when i % 4 = 0 then 'deactivated' end,
           case when i % 3 = 0 then null else i % 11 end,
           current_date - 10, current_date + 30 + i % 17, current_date - 10
      from generate_series(${from}::int, ${to}::int) as g(i) ${extra}`);
}

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrg(t, { branchCount: 2 });
  [big, small] = org.branchIds as [number, number];
  await insertMembers(big, 1, totalCap);
  await insertMembers(small, 1, 43);
});
afterAll(async () => t?.close());

describe('list totals', () => {
  it('counts exactly up to the cap and says "more" only past it', async () => {
    const exact = await list(big, 'pageSize=5');
    expect(exact.total).toBe(totalCap);
    expect(exact.totalCapped).toBe(false);

    await insertMembers(big, totalCap + 1, totalCap + 1);
    const capped = await list(big, 'pageSize=5');
    expect(capped.total).toBe(totalCap);
    expect(capped.totalCapped).toBe(true);
    expect(capped.items).toHaveLength(5);
    // The last page, not full, knows the exact total whatever the cap.
    expect(await list(big, 'pageSize=25&page=400')).toMatchObject({
      total: totalCap + 1,
      totalCapped: false,
    });

    // A filter that narrows below the cap gets its exact count again.
    const inactive = await call(t, org.ownerToken, {
      method: 'GET',
      url: '/api/user/getInactiveUsers?pageSize=5',
      branchId: big,
    });
    expect(inactive.json()).toMatchObject({ total: 2500, totalCapped: false });
  });

  it('takes a total past the cap from memory for a while instead of counting again', async () => {
    expect(await list(big, 'pageSize=10')).toMatchObject({ total: totalCap, totalCapped: true });
    // Two rows go (behind the API's back): a new count would now be exact, the remembered one is not.
    await t.db.execute(sql`delete from users where id in (
      select id from users where branch_id = ${big} order by id desc limit 2)`);
    expect(await list(big, 'pageSize=10')).toMatchObject({ total: totalCap, totalCapped: true });
    // Another list (here: another search) is counted afresh, and the last page knows its end.
    expect(await list(big, 'pageSize=10&q=Member')).toMatchObject({
      total: totalCap - 1,
      totalCapped: false,
    });
    expect(await list(big, 'pageSize=25&page=399')).toMatchObject({
      total: totalCap - 1,
      totalCapped: false,
    });
    await insertMembers(big, totalCap + 2, totalCap + 3);
  });

  it('gives small sets their exact total', async () => {
    expect(await list(small, 'pageSize=5')).toMatchObject({ total: 43, totalCapped: false });
    expect(await list(small, 'pageSize=5&status=active')).toMatchObject({ total: 33, totalCapped: false });
  });
});

describe('list paging', () => {
  const orders: [sort: string, order: ReturnType<typeof sql>][] = [
    ['name', sql`name asc, id asc`],
    ['-name', sql`name desc, id desc`],
    ['seatNumber', sql`seat_number asc, id asc`],
    ['-seatNumber', sql`seat_number desc, id desc`],
    ['-validTill', sql`valid_till desc, id desc`],
  ];

  it.each(orders)(
    'pages sorted by %s in the order of one plain ORDER BY, ties by id',
    async (sort, order) => {
      const expected = (
        await t.db.execute<{ id: number }>(
          sql`select id from users where client_id = ${org.clientId} and branch_id = ${small} order by ${order}`,
        )
      ).rows.map((r) => Number(r.id));
      const seen: number[] = [];
      for (let page = 0; page * 5 < expected.length; page += 1) {
        const res = await list(small, `pageSize=5&page=${page}&sort=${sort}`);
        seen.push(...res.items.map((m) => m.userId));
      }
      expect(seen).toEqual(expected);
      expect(new Set(seen).size).toBe(43);
    },
  );

  it('answers a deep page of a large set with the rows a plain OFFSET gives, filtered too', async () => {
    for (const [qs, filter] of [
      ['', sql``],
      ['&status=active', sql`and status`],
    ] as const) {
      const expected = (
        await t.db.execute<{ id: number }>(sql`select id from users
          where client_id = ${org.clientId} and branch_id = ${big} ${filter}
          order by name, id offset 7000 limit 25`)
      ).rows.map((r) => Number(r.id));
      const res = await list(big, `pageSize=25&page=280&sort=name${qs}`);
      expect(res.items.map((m) => m.userId)).toEqual(expected);
      expect(expected).toHaveLength(25);
    }
  });

  it.each(orders)('pages sorted by %s through keyset cursors like by page numbers', async (sort, order) => {
    const expected = (
      await t.db.execute<{ id: number }>(
        sql`select id from users where client_id = ${org.clientId} and branch_id = ${small} order by ${order}`,
      )
    ).rows.map((r) => Number(r.id));
    const nullable = sort.endsWith('seatNumber');
    const seen: number[] = [];
    let after: string | undefined;
    for (let page = 0; page * 5 < expected.length; page += 1) {
      // The page number says where the total counts from; the cursor alone picks the rows.
      const res = await list(small, `pageSize=5&page=${page}&sort=${sort}${after ? `&after=${after}` : ''}`);
      seen.push(...res.items.map((m) => m.userId));
      after = res.nextAfter;
      // A sort by a column that may be null has no cursor; the last (not full) page has none either.
      if (nullable || res.items.length < 5) expect(after).toBeUndefined();
      else expect(after).toEqual(expect.any(String));
    }
    expect(seen).toEqual(expected);
  });

  it('reaches the same deep page by cursor as by offset', async () => {
    const byOffset = await list(big, 'pageSize=25&page=280&sort=name&status=active');
    const before = await list(big, 'pageSize=25&page=279&sort=name&status=active');
    const byCursor = await list(
      big,
      `pageSize=25&page=280&sort=name&status=active&after=${before.nextAfter}`,
    );
    expect(byCursor.items.map((m) => m.userId)).toEqual(byOffset.items.map((m) => m.userId));
    expect(byCursor.items).toHaveLength(25);
  });

  it('refuses a cursor that is not one or belongs to another sort', async () => {
    const first = await list(small, 'pageSize=5&sort=name');
    for (const qs of [`sort=-name&after=${first.nextAfter}`, 'sort=name&after=garbage', 'after=W10']) {
      const res = await call(t, org.ownerToken, {
        method: 'GET',
        url: `/api/user/getUsers?pageSize=5&${qs}`,
        branchId: small,
      });
      expect(res.statusCode, qs).toBe(400);
      expect(res.json()).toMatchObject({
        reason: 'VALIDATION_FAILED',
        details: [{ path: 'query.after', message: expect.stringContaining('first page') }],
      });
    }
  });

  it('exports the whole view even when a paging cursor comes along', async () => {
    const first = await list(small, 'pageSize=5&sort=name');
    const res = await call(t, org.ownerToken, {
      method: 'GET',
      url: `/api/user/exportUsers?sort=name&after=${first.nextAfter}`,
      branchId: small,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.trim().split('\n')).toHaveLength(1 + 43);
  });

  it('answers a page past the end with no rows and the total', async () => {
    expect(await list(small, 'pageSize=25&page=2')).toMatchObject({ items: [], total: 43 });
  });
});

describe('the over-cap memory of a process', () => {
  // Per process and never shared: with several API processes each one may say "more than 10,000"
  // for a list that shrank meanwhile, for at most overCapTtlMs (docs/decisions/operations.md, issue #20).
  it('is forgotten after overCapTtlMs, so a shrunken list is counted again', () => {
    vi.useFakeTimers();
    try {
      const db = {};
      rememberOverCap(db, 'count users of branch 1');
      expect(knownOverCap(db, 'count users of branch 1')).toBe(true);
      expect(knownOverCap({}, 'count users of branch 1')).toBe(false);
      vi.advanceTimersByTime(overCapTtlMs - 1);
      expect(knownOverCap(db, 'count users of branch 1')).toBe(true);
      vi.advanceTimersByTime(1);
      expect(knownOverCap(db, 'count users of branch 1')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
