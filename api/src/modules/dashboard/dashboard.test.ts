import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { branches, staff, users } from '../../db/schema.ts';
import { demoSignIn, seedDemo } from '../../db/seed.ts';
import {
  call,
  createStaff,
  only,
  startTestApp,
  tokenFor,
  type TestApp,
  type TestOrg,
} from '../../test/harness.ts';

// Every dashboard and analytics figure against a direct SQL computation over the demo seed, before
// and after a payment, a refund, a void and an expense (issue 13).
let t: TestApp;
let owner: string;
let branchId: number;
let clientId: number;
let today: string;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemo(t.db);
  const [person] = await t.db.select().from(staff).where(eq(staff.email, demoSignIn.email));
  clientId = person!.clientId;
  owner = await tokenFor(t, person!.id, clientId);
  const [first] = await t.db
    .select()
    .from(branches)
    .where(eq(branches.clientId, clientId))
    .orderBy(branches.id);
  branchId = first!.id;
  today = (
    await t.db.execute<{ d: string }>(sql`select (now() at time zone ${first!.timezone})::date::text as d`)
  ).rows[0]!.d;
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await call(t, owner, { method: 'GET', url, branchId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const one = async (query: ReturnType<typeof sql>) =>
  Number(Object.values((await t.db.execute(query)).rows[0]!)[0] ?? 0);
const shift = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The hours a daily window touches, worked out here apart from the SQL function. */
function hoursOf(entry: string, exit: string, nextDay: boolean): number[] {
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const [e, x] = [minutes(entry), minutes(exit)];
  const covered = (from: number, to: number, h: number) => from < h * 60 + 60 && to > h * 60;
  return Array.from({ length: 24 }, (_, h) => h).filter((h) =>
    e === x ? true : x > e && !nextDay ? covered(e, x, h) : covered(e, 1440, h) || covered(0, x, h),
  );
}

async function expectedDashboard() {
  const monthStart = `${today.slice(0, 7)}-01`;
  const lastMonthStart = `${shift(monthStart, -1).slice(0, 7)}-01`;
  const where = sql`client_id = ${clientId} and branch_id = ${branchId}`;
  const received = (from: string, to: string) =>
    one(
      sql`select coalesce(sum(received), 0) from payments where ${where} and status = 'completed' and paid_on between ${from} and ${to}`,
    );
  const members = await t.db.select().from(users).where(eq(users.branchId, branchId));
  const perHour = Array.from({ length: 24 }, () => 0);
  for (const m of members.filter((m) => m.status && m.roomId !== null && m.seatNumber !== null)) {
    for (const h of hoursOf(m.entryTime, m.exitTime, m.nextDayExit)) perHour[h]! += 1;
  }
  const refunds = await one(
    sql`select coalesce(sum(amount), 0) from refunds where ${where} and refunded_on between ${monthStart} and ${today}`,
  );
  const expenses = await one(
    sql`select coalesce(sum(amount), 0) from expenses where ${where} and status = 'completed' and paid_on between ${monthStart} and ${today}`,
  );
  const thisMonth = await received(monthStart, today);
  return {
    members: {
      active: members.filter((m) => m.status).length,
      inactive: members.filter((m) => !m.status).length,
      expiringIn7Days: members.filter(
        (m) => m.status && m.validTill >= today && m.validTill <= shift(today, 6),
      ).length,
      expiredThisWeek: members.filter(
        (m) =>
          !m.status &&
          m.inactiveReason === 'expired' &&
          m.validTill >= shift(today, -7) &&
          m.validTill < today,
      ).length,
      dues: members.reduce((sum, m) => sum + m.dues, 0),
      owing: members.filter((m) => m.dues > 0).length,
    },
    collections: {
      today: await received(today, today),
      thisMonth,
      lastMonth: await received(lastMonthStart, shift(monthStart, -1)),
    },
    refundsThisMonth: refunds,
    expensesThisMonth: expenses,
    netThisMonth: thisMonth - refunds - expenses,
    hours: perHour,
    enquiriesDueToday: await one(
      sql`select count(*) from enquiries where ${where} and status in ('new', 'contacted', 'followUp') and follow_up_date = ${today}`,
    ),
  };
}

async function compareDashboard() {
  const got = await get('/api/dashboard/getDashboard');
  const want = await expectedDashboard();
  expect(got.members).toEqual(want.members);
  expect(got.collections).toMatchObject(want.collections);
  expect({ r: got.refundsThisMonth, e: got.expensesThisMonth, n: got.netThisMonth }).toEqual({
    r: want.refundsThisMonth,
    e: want.expensesThisMonth,
    n: want.netThisMonth,
  });
  expect(got.enquiriesDueToday).toBe(want.enquiriesDueToday);
  const morning = Math.max(...[6, 7, 8, 9, 10, 11].map((h) => want.hours[h]!));
  expect(got.occupancy.shifts[0]).toEqual({ shift: 'morning', members: morning });
  const analytics = await get(
    `/api/analytics/getAnalytics?from=${shift(today, -30)}&to=${today}&branchId=${branchId}`,
  );
  expect(analytics.occupancy.hours).toEqual(want.hours);
  return got;
}

describe('the dashboard', () => {
  it('equals SQL over the seed, and still does after a payment, a refund, a void and an expense', async () => {
    const before = await compareDashboard();
    expect(before.members.active).toBeGreaterThan(50);
    expect(before.collections.lastMonth).toBeGreaterThan(0);
    expect(before.occupancy.capacity).toBeGreaterThan(0);
    expect(before.latestPayments).toHaveLength(5);

    const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
      call(t, owner, { method, url, payload, branchId }).then((r) => {
        expect(r.statusCode, r.body).toBeLessThan(300);
        return r.json();
      });
    const [member] = await t.db
      .select()
      .from(users)
      .where(sql`branch_id = ${branchId} and status and fee_structure_id is not null`)
      .limit(1);
    const account = await t.db.execute<{ id: number }>(
      // One this branch may take money into (another branch's account is refused); ordered, since
      // without an order the row a migration last updated came first.
      sql`select id from bank_accounts where client_id = ${clientId} and kind = 'bank' and status
        and (branch_id = ${branchId} or branch_id is null) order by id limit 1`,
    );
    const p = await send('POST', '/api/payment/createPayment', {
      userId: member!.id,
      feeStructureId: member!.feeStructureId,
      received: 100000,
      mode: 'upi',
      bankAccountId: account.rows[0]!.id,
    });
    await send('POST', '/api/refund/createRefund', {
      paymentId: p.id,
      amount: 1000,
      reason: 'Test',
      mode: 'cash',
    });
    const other = await send('POST', '/api/payment/createPayment', {
      userId: member!.id,
      feeStructureId: member!.feeStructureId,
      received: 5000,
      mode: 'cash',
    });
    await send('PUT', `/api/payment/voidPayment?paymentId=${other.id}`, { reason: 'Mistake' });
    const [category] = (
      await t.db.execute<{ id: number }>(sql`select id from categories where client_id = ${clientId} limit 1`)
    ).rows;
    await send('POST', '/api/expense/createExpense', {
      categoryId: category!.id,
      amount: 4321,
      paidAt: today,
      mode: 'cash',
    });
    const after = await compareDashboard();
    expect(after.refundsThisMonth).toBe(before.refundsThisMonth + 1000);
    expect(after.expensesThisMonth).toBe(before.expensesThisMonth + 4321);
    expect(after.latestPayments[0]).toMatchObject({ id: other.id, status: 'voided' });

    // The tallies kept request by request equal the same tallies computed afresh from the rows.
    const snapshot = async () =>
      (
        await t.db.execute(sql`select branch_id, day::text, kind, key, amount, count from daily_tallies
          where client_id = ${clientId} and kind <> 'joined' and (amount <> 0 or count <> 0)
          order by branch_id, day, kind, key`)
      ).rows;
    const kept = await snapshot();
    await t.db.execute(sql`select refresh_money_tallies(${clientId}::int)`);
    expect(kept).toEqual(await snapshot());
  });
});

describe('analytics', () => {
  it('equals SQL over twelve months, per month, mode, fee type and branch', async () => {
    // The first of this month a year ago: thirteen months on any day (365 days back from 29 February
    // lands on 1 March, twelve months).
    const from = `${Number(today.slice(0, 4)) - 1}${today.slice(4, 7)}-01`;
    const res = await call(t, owner, {
      method: 'GET',
      url: `/api/analytics/getAnalytics?from=${from}&to=${today}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    expect(a.months).toHaveLength(13);
    const inRange = sql`client_id = ${clientId} and paid_on between ${from} and ${today}`;
    for (const m of a.months) {
      const monthly = sql`to_char(paid_on, 'YYYY-MM') = ${m.month}`;
      expect(m.collections).toBe(
        await one(
          sql`select coalesce(sum(received), 0) from payments where ${inRange} and ${monthly} and status = 'completed'`,
        ),
      );
      expect(m.expenses).toBe(
        await one(
          sql`select coalesce(sum(amount), 0) from expenses where ${inRange} and ${monthly} and status = 'completed'`,
        ),
      );
      expect(m.refunds).toBe(
        await one(
          sql`select coalesce(sum(amount), 0) from refunds where client_id = ${clientId} and to_char(refunded_on, 'YYYY-MM') = ${m.month} and refunded_on between ${from} and ${today}`,
        ),
      );
      expect(m.renewals).toBe(
        await one(
          sql`select count(*) from payments where ${inRange} and ${monthly} and status = 'completed' and fee_structure_id is not null`,
        ),
      );
      expect(m.newMembers).toBe(
        await one(
          sql`select count(*) from users where client_id = ${clientId} and to_char(joined_on, 'YYYY-MM') = ${m.month} and joined_on between ${from} and ${today}`,
        ),
      );
      expect(m.lapsed).toBe(
        await one(
          sql`select count(*) from users where client_id = ${clientId} and not status and inactive_reason = 'expired' and to_char(valid_till + 1, 'YYYY-MM') = ${m.month} and valid_till + 1 between ${from}::date and ${today}::date`,
        ),
      );
    }
    for (const mode of a.modes) {
      expect(mode.amount).toBe(
        await one(
          sql`select sum(received) from payments where ${inRange} and status = 'completed' and mode = ${mode.mode}`,
        ),
      );
    }
    for (const fee of a.feeTypes) {
      expect(fee.amount).toBe(
        await one(
          sql`select sum((l->>'amount')::bigint) from payments p, jsonb_array_elements(p.lines) l where ${inRange} and status = 'completed' and (l->>'feeTypeId')::int = ${fee.feeTypeId}`,
        ),
      );
    }
    const total = a.branches.reduce((sum: number, b: { collections: number }) => sum + b.collections, 0);
    expect(total).toBe(a.months.reduce((sum: number, m: { collections: number }) => sum + m.collections, 0));
    expect(a.branches).toHaveLength(3);
    expect(a.renewalRate).toBeGreaterThan(0);
    expect(a.renewalRate).toBeLessThan(1);
    expect(a.enquiries.created).toBe(
      await one(
        sql`select count(*) from enquiries where client_id = ${clientId} and created_at >= ${from}::date and created_at < ${today}::date + 1`,
      ),
    );
  });

  it('refuses a branch the staff member may not use, and a backwards range', async () => {
    const res = await call(t, owner, {
      method: 'GET',
      url: `/api/analytics/getAnalytics?from=${today}&to=${shift(today, -1)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe('query.to');
    const foreign = await call(t, owner, {
      method: 'GET',
      url: `/api/analytics/getAnalytics?from=${today}&to=${today}&branchId=999999`,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('money figures', () => {
  it('are null for a role without payments view; the counts stay, and match the owner', async () => {
    const reception = await createStaff(
      t,
      { clientId } as TestOrg, // createStaff reads only the organisation
      only({ dashboard: 'v', analytics: 'v', users: 'v' }),
    );
    const as = async (token: string, url: string) => {
      const res = await call(t, token, { method: 'GET', url, branchId });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const full = await as(owner, '/api/dashboard/getDashboard');
    const counts = await as(reception.token, '/api/dashboard/getDashboard');
    expect(full.collections.thisMonth).toBeGreaterThan(0);
    expect(counts).toMatchObject({
      collections: null,
      refundsThisMonth: null,
      expensesThisMonth: null,
      netThisMonth: null,
      latestPayments: null,
      members: { ...full.members, dues: null, owing: null },
      occupancy: full.occupancy,
      renewalsDue: full.renewalsDue,
    });

    // A receptionist (payments view and add, no refunds or expenses): collections and dues, no
    // refunds, expenses or net, which her role cannot read anywhere else (issue 34).
    const desk = await createStaff(
      t,
      { clientId } as TestOrg,
      only({ dashboard: 'v', analytics: 'v', users: 'v', payments: 'va' }),
    );
    const deskView = await as(desk.token, '/api/dashboard/getDashboard');
    expect(deskView).toMatchObject({
      collections: full.collections,
      members: full.members,
      refundsThisMonth: null,
      expensesThisMonth: null,
      netThisMonth: null,
    });
    const withExpenses = await createStaff(
      t,
      { clientId } as TestOrg,
      only({ dashboard: 'v', payments: 'v', expenses: 'v' }),
    );
    expect(await as(withExpenses.token, '/api/dashboard/getDashboard')).toMatchObject({
      expensesThisMonth: full.expensesThisMonth,
      refundsThisMonth: null,
      netThisMonth: null,
    });

    const url = `/api/analytics/getAnalytics?from=${shift(today, -90)}&to=${today}`;
    const all = await as(owner, url);
    const desks = await as(desk.token, url);
    expect(desks.months).toEqual(
      all.months.map((m: object) => ({ ...m, refunds: null, expenses: null, net: null })),
    );
    expect(desks).toMatchObject({ modes: all.modes, expenseCategories: null });
    const some = await as(reception.token, url);
    expect(all.modes.length).toBeGreaterThan(0);
    expect(some).toMatchObject({ modes: null, feeTypes: null, expenseCategories: null });
    expect(some.months).toEqual(
      all.months.map((m: object) => ({ ...m, collections: null, refunds: null, expenses: null, net: null })),
    );
    expect(some.branches).toEqual(
      all.branches.map((b: object) => ({
        ...b,
        collections: null,
        refunds: null,
        expenses: null,
        net: null,
      })),
    );
    expect(some.occupancy).toEqual(all.occupancy);
    expect(some.enquiries).toEqual(all.enquiries);
  });
});

describe('the snapshot the dashboard cache compares', () => {
  it('moves with any committed write, whatever table it touches', async () => {
    const snapshot = async () =>
      (await t.db.execute<{ s: string }>(sql`select pg_current_snapshot()::text as s`)).rows[0]!.s;
    const before = await snapshot();
    // One transaction: behind PgBouncer in transaction mode (.ci/pgbouncer.sh) the next statement
    // may run on another server connection, which has no such temporary table.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table elsewhere (x int) on commit drop`);
      await tx.execute(sql`insert into elsewhere values (1)`);
    });
    expect(await snapshot()).not.toBe(before);
  });

  it('is read with the caller, so a request after a write never gets the figures from before it', async () => {
    const first = await get('/api/dashboard/getDashboard');
    await t.db.execute(
      sql`update member_stats set active = active + 1000 where client_id = ${clientId} and branch_id = ${branchId}`,
    );
    try {
      const second = await get('/api/dashboard/getDashboard');
      expect(second.members.active).toBe(first.members.active + 1000);
    } finally {
      await t.db.execute(
        sql`update member_stats set active = active - 1000 where client_id = ${clientId} and branch_id = ${branchId}`,
      );
    }
    expect((await get('/api/dashboard/getDashboard')).members.active).toBe(first.members.active);
  });

  it('keeps analytics as exact: an enquiry written between two requests is counted by the second', async () => {
    const url = `/api/analytics/getAnalytics?from=${shift(today, -30)}&to=${today}&branchId=${branchId}`;
    const first = await get(url);
    expect((await get(url)).enquiries).toEqual(first.enquiries);
    await t.db.execute(
      sql`insert into enquiries (client_id, branch_id, name, mobile) values (${clientId}, ${branchId}, 'Cache Check', '9000000001')`,
    );
    expect((await get(url)).enquiries.created).toBe(first.enquiries.created + 1);
  });
});
