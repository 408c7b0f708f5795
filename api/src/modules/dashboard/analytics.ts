// Analytics (issue 13): months of collections, expenses, members and renewals for one branch or all
// the branches the staff member may use, from the kept tallies (a year is a few thousand rows).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Analytics, AnalyticsQuery } from '@app/contract/dashboard';
import { paymentModes } from '@app/contract/payments';
import { branches } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { can, type StaffContext } from '../../platform/auth.ts';
import { seesMoney } from './dashboard.ts';
import { AppError, notFound, said } from '../../platform/errors.ts';

const n = (v: unknown) => Number(v ?? 0);

/** YYYY-MM of every month the range touches. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let [y, m] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const last = to.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    months.push(month);
    if (month >= last) return months;
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
}

async function branchesFor(db: Db, ctx: StaffContext, branchId?: number) {
  const visible = and(
    eq(branches.clientId, ctx.clientId),
    ctx.allowedBranchIds ? inArray(branches.id, [0, ...ctx.allowedBranchIds]) : undefined,
  );
  const list = await db
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(visible)
    .orderBy(branches.name);
  if (branchId === undefined) return list;
  const one = list.filter((b) => b.id === branchId);
  if (one.length) return one;
  const [exists] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.clientId, ctx.clientId), eq(branches.id, branchId)));
  if (exists) throw new AppError(403, 'BRANCH_NOT_ALLOWED', said('BRANCH_NOT_YOURS'));
  throw notFound('BRANCH');
}

export async function analyticsOf(db: Db, ctx: StaffContext, q: AnalyticsQuery): Promise<Analytics> {
  const list = await branchesFor(db, ctx, q.branchId);
  const ids = list.map((b) => b.id);
  const c = ctx.clientId;
  const inBranches = sql`branch_id = any(${`{${ids.join(',')}}`}::int[])`;
  type Num = number | string;
  // One prepared statement, one connection, one round trip: seven parallel queries per request took
  // seven of the pool's ten connections, so ten callers queued on the pool, and planning the parts
  // cost more than running them over the kept tallies.
  const [row] = await executePrepared<{
    tallies: { branch_id: number; month: string; kind: string; key: string; amount: Num; count: Num }[];
    hours: { hour: number; members: Num }[];
    capacity: Num;
    funnel: { created: Num; contacted: Num; converted: Num; lost: Num };
    lapsed: { month: string; lapsed: Num }[];
    active: { branch_id: number; active: number }[];
    names: { kind: string; id: number; name: string }[];
  }>(
    db,
    'analytics',
    sql`
    select
      (select coalesce(json_agg(t), '[]') from (
        select branch_id, to_char(day, 'YYYY-MM') as month, kind, key, sum(amount) as amount, sum(count) as count
          from daily_tallies
         where client_id = ${c} and ${inBranches} and day between ${q.from}::date and ${q.to}::date
         group by 1, 2, 3, 4) t) as tallies,
      (select coalesce(json_agg(h), '[]') from (
        select hour, sum(members) as members from seat_hours where client_id = ${c} and ${inBranches}
         group by hour) h) as hours,
      (select coalesce(sum(capacity), 0) from rooms where client_id = ${c} and ${inBranches} and status) as capacity,
      (select row_to_json(f) from (
        select count(*) as created, count(*) filter (where status <> 'new') as contacted,
               count(*) filter (where status = 'converted') as converted, count(*) filter (where status = 'lost') as lost
          from enquiries
         where client_id = ${c} and ${inBranches}
           and created_at >= ${q.from}::date and created_at < ${q.to}::date + 1) f) as funnel,
      -- Lapsed: switched off as expired and not renewed since, by the month after their last valid day.
      (select coalesce(json_agg(l), '[]') from (
        select to_char(valid_till + 1, 'YYYY-MM') as month, sum(lapsed) as lapsed from member_validity
         where client_id = ${c} and ${inBranches} and valid_till + 1 between ${q.from}::date and ${q.to}::date
         group by 1) l) as lapsed,
      (select coalesce(json_agg(a), '[]') from (
        select branch_id, active from member_stats where client_id = ${c} and ${inBranches}) a) as active,
      (select coalesce(json_agg(x), '[]') from (
        select 'feeType' as kind, id, name from fee_types where client_id = ${c}
        union all select 'expenseCategory', id, name from categories where client_id = ${c}) x) as names`,
  );
  const { tallies, hours, capacity, lapsed: lapsedByMonth, active, names } = row!;
  // Amounts only for those who may view payments; members, seats and enquiries for every reader.
  const money = seesMoney(ctx);
  const ifMoney = <T>(value: T): T | null => (money ? value : null);
  // Refunds and expenses only for those who may read them elsewhere, the net only with both (issue 34).
  const seesRefunds = money && can(ctx, 'refunds', 'view');
  const seesExpenses = money && can(ctx, 'expenses', 'view');
  const ifRefunds = <T>(value: T): T | null => (seesRefunds ? value : null);
  const ifExpenses = <T>(value: T): T | null => (seesExpenses ? value : null);
  const ifNet = <T>(value: T): T | null => (seesRefunds && seesExpenses ? value : null);
  const total = (rows: typeof tallies, kind: string, field: 'amount' | 'count' = 'amount') =>
    rows.filter((t) => t.kind === kind).reduce((sum, t) => sum + n(t[field]), 0);
  const months = monthsOf(q.from, q.to).map((month) => {
    const rows = tallies.filter((t) => t.month === month);
    const collections = total(rows, 'payment');
    const refunds = total(rows, 'refund');
    const expenses = total(rows, 'expense');
    return {
      month,
      collections: ifMoney(collections),
      refunds: ifRefunds(refunds),
      expenses: ifExpenses(expenses),
      net: ifNet(collections - refunds - expenses),
      newMembers: total(rows, 'joined', 'count'),
      lapsed: n(lapsedByMonth.find((l) => l.month === month)?.lapsed),
      renewals: total(rows, 'renewal', 'count'),
    };
  });
  const byKey = (kind: string) => {
    const sums = new Map<string, { amount: number; count: number }>();
    for (const t of tallies.filter((x) => x.kind === kind)) {
      const seen = sums.get(t.key) ?? { amount: 0, count: 0 };
      sums.set(t.key, { amount: seen.amount + n(t.amount), count: seen.count + n(t.count) });
    }
    return sums;
  };
  const named = (kind: string) => new Map(names.filter((x) => x.kind === kind).map((x) => [x.id, x.name]));
  const modes = byKey('payment');
  const renewals = total(tallies, 'renewal', 'count');
  const lapses = lapsedByMonth.reduce((sum, l) => sum + n(l.lapsed), 0);
  const hourly = new Map(hours.map((h) => [h.hour, n(h.members)]));
  const f = row!.funnel;
  const ranked = <T extends { amount: number }>(rows: T[]) =>
    rows.filter((r) => r.amount !== 0).sort((a, b) => b.amount - a.amount);
  return {
    from: q.from,
    to: q.to,
    branchIds: ids,
    months,
    modes: ifMoney(
      paymentModes.flatMap((mode) => {
        const m = modes.get(mode);
        return m && m.count > 0 ? [{ mode, ...m }] : [];
      }),
    ),
    feeTypes: ifMoney(
      ranked(
        [...byKey('feeType')].map(([key, v]) => ({
          feeTypeId: Number(key),
          name: named('feeType').get(Number(key)) ?? `#${key}`,
          amount: v.amount,
        })),
      ),
    ),
    expenseCategories: ifExpenses(
      ranked(
        [...byKey('expenseCategory')].map(([key, v]) => ({
          categoryId: Number(key),
          name: named('expenseCategory').get(Number(key)) ?? `#${key}`,
          amount: v.amount,
        })),
      ),
    ),
    renewalRate: renewals + lapses === 0 ? null : renewals / (renewals + lapses),
    occupancy: {
      capacity: n(capacity),
      hours: Array.from({ length: 24 }, (_, h) => hourly.get(h) ?? 0),
    },
    enquiries: {
      created: n(f?.created),
      contacted: n(f?.contacted),
      converted: n(f?.converted),
      lost: n(f?.lost),
    },
    branches: list.map((b) => {
      const rows = tallies.filter((t) => t.branch_id === b.id);
      const collections = total(rows, 'payment');
      const refunds = total(rows, 'refund');
      const expenses = total(rows, 'expense');
      return {
        branchId: b.id,
        name: b.name,
        collections: ifMoney(collections),
        refunds: ifRefunds(refunds),
        expenses: ifExpenses(expenses),
        net: ifNet(collections - refunds - expenses),
        activeMembers: n(active.find((a) => a.branch_id === b.id)?.active),
      };
    }),
  };
}
