// The branch dashboard (issue 13): each figure is a kept summary (member_stats, seat_hours,
// daily_tallies) or a short index range, never a scan of the branch's payments or members.
import { sql } from 'drizzle-orm';
import { shiftHours, shifts, type Dashboard } from '@app/contract/dashboard';
import { paymentModes, type PaymentMode } from '@app/contract/payments';
import type { Db } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { can, type StaffContext } from '../../platform/auth.ts';
import { addDays } from '../../platform/isoDays.ts';
import { insideNowSql } from '../attendance/visits.ts';

export const monthStart = (iso: string) => `${iso.slice(0, 7)}-01`;
export const previousMonthStart = (iso: string) => monthStart(addDays(monthStart(iso), -1));

const n = (v: unknown) => Number(v ?? 0);

/** Amounts on the dashboard and in analytics are for those who may view payments (issue 13). */
export const seesMoney = (ctx: StaffContext) => can(ctx, 'payments', 'view');

/**
 * Which money figures the caller sees (payments, refunds, expenses): part of every cached answer's
 * key, as two callers of one branch and day may see different parts of it (issue 34).
 */
export const moneyView = (ctx: StaffContext) =>
  [seesMoney(ctx), can(ctx, 'refunds', 'view'), can(ctx, 'expenses', 'view')].map(Number).join('');

export async function dashboardOf(db: Db, ctx: StaffContext): Promise<Dashboard> {
  const c = ctx.clientId;
  const b = ctx.branchId!;
  const today = ctx.branchToday!;
  const thisMonth = monthStart(today);
  const lastMonth = previousMonthStart(today);
  // One statement, one round trip: every part is a kept summary or a short index range. Prepared:
  // planning its sub-selects cost more than running them.
  const rows = await executePrepared<{
    stats: { active: number; inactive: number; dues: number; owing: number } | null;
    soon: number;
    lapsed: number;
    tallies: {
      kind: string;
      key: string;
      today: number;
      today_count: number;
      this_month: number;
      last_month: number;
    }[];
    hours: { hour: number; members: number }[];
    capacity: number;
    enquiries: number;
    inside: number;
    renewals: { user_id: number; name: string; mobile: string; valid_till: string }[];
    latest: {
      id: number;
      receipt_number: string;
      name: string;
      received: number;
      mode: string;
      paid_on: string;
      status: string;
    }[];
  }>(
    db,
    'dashboard',
    sql`
    select
      (select row_to_json(s) from (select active, inactive, dues, owing from member_stats
        where client_id = ${c} and branch_id = ${b}) s) as stats,
      (select coalesce(sum(active) filter (where valid_till >= ${today}), 0)::int from member_validity
        where client_id = ${c} and branch_id = ${b} and valid_till between ${today} and ${addDays(today, 6)}) as soon,
      (select coalesce(sum(lapsed), 0)::int from member_validity
        where client_id = ${c} and branch_id = ${b} and valid_till between ${addDays(today, -7)} and ${addDays(today, -1)}) as lapsed,
      (select coalesce(json_agg(t), '[]') from (
        select kind, key,
               coalesce(sum(amount) filter (where day = ${today}), 0) as today,
               coalesce(sum(count) filter (where day = ${today}), 0) as today_count,
               coalesce(sum(amount) filter (where day >= ${thisMonth}), 0) as this_month,
               coalesce(sum(amount) filter (where day < ${thisMonth}), 0) as last_month
          from daily_tallies
         where client_id = ${c} and branch_id = ${b} and kind in ('payment', 'refund', 'expense')
           and day between ${lastMonth} and ${today}
         group by kind, key) t) as tallies,
      (select coalesce(json_agg(h), '[]') from (select hour, members from seat_hours
        where client_id = ${c} and branch_id = ${b}) h) as hours,
      (select coalesce(sum(capacity), 0)::int from rooms where client_id = ${c} and branch_id = ${b} and status) as capacity,
      (select count(*)::int from enquiries where client_id = ${c} and branch_id = ${b}
        and status in ('new', 'contacted', 'followUp') and follow_up_date = ${today}) as enquiries,
      ${insideNowSql(c, b, today)} as inside,
      (select coalesce(json_agg(r), '[]') from (
        select u.id as user_id, u.name, u.mobile, u.valid_till::text from users u
         where u.client_id = ${c} and u.branch_id = ${b} and u.status and u.valid_till between ${today} and ${addDays(today, 6)}
         -- The table's columns, not the text output column: the validity index gives this order.
         order by u.valid_till, u.name, u.id limit 8) r) as renewals,
      (select coalesce(json_agg(p order by p.created_at desc, p.id desc), '[]') from (
        select p.id, p.created_at, p.receipt_number, u.name, p.received, p.mode, p.paid_on::text, p.status
          -- Newest first by (created_at, id), the branch's own index: ordered by id alone, a branch
          -- with few payments walked back through every newer payment of the other branches.
          from (select * from payments where client_id = ${c} and branch_id = ${b}
                 order by created_at desc, id desc limit 5) p
          join users u on u.id = p.user_id) p) as latest`,
  );
  const { stats, tallies, hours: seats, renewals, latest } = rows[0]!;
  const sum = (kind: string, column: 'today' | 'this_month' | 'last_month') =>
    tallies.filter((t) => t.kind === kind).reduce((total, t) => total + n(t[column]), 0);
  const hours = new Map(seats.map((h) => [h.hour, h.members]));
  const collectionsThisMonth = sum('payment', 'this_month');
  const refundsThisMonth = sum('refund', 'this_month');
  const expensesThisMonth = sum('expense', 'this_month');
  // Money only for those who may view payments; the member and seat counts are for every reader.
  const money = seesMoney(ctx);
  const ifMoney = <T>(value: T): T | null => (money ? value : null);
  const seesRefunds = money && can(ctx, 'refunds', 'view');
  const seesExpenses = money && can(ctx, 'expenses', 'view');
  return {
    today,
    members: {
      active: n(stats?.active),
      inactive: n(stats?.inactive),
      expiringIn7Days: rows[0]!.soon,
      expiredThisWeek: rows[0]!.lapsed,
      dues: ifMoney(n(stats?.dues)),
      owing: ifMoney(n(stats?.owing)),
    },
    collections: ifMoney({
      today: sum('payment', 'today'),
      todayByMode: paymentModes.flatMap((mode) => {
        const row = tallies.find((t) => t.kind === 'payment' && t.key === mode && n(t.today_count) > 0);
        return row ? [{ mode, amount: n(row.today), count: n(row.today_count) }] : [];
      }),
      thisMonth: collectionsThisMonth,
      lastMonth: sum('payment', 'last_month'),
    }),
    // A card shows only what the caller may read elsewhere (issue 34): refunds and expenses need
    // their own view permission, and the net, made of both, needs both.
    refundsThisMonth: seesRefunds ? refundsThisMonth : null,
    expensesThisMonth: seesExpenses ? expensesThisMonth : null,
    netThisMonth:
      seesRefunds && seesExpenses ? collectionsThisMonth - refundsThisMonth - expensesThisMonth : null,
    occupancy: {
      capacity: rows[0]!.capacity,
      shifts: shifts.map((s) => ({
        shift: s.name,
        members: Math.max(0, ...shiftHours(s).map((h) => hours.get(h) ?? 0)),
      })),
    },
    enquiriesDueToday: rows[0]!.enquiries,
    insideNow: rows[0]!.inside,
    renewalsDue: renewals.map((r) => ({
      userId: r.user_id,
      name: r.name,
      mobile: r.mobile,
      validTill: r.valid_till,
    })),
    latestPayments: ifMoney(
      latest.map((p) => ({
        id: p.id,
        receiptNumber: p.receipt_number,
        memberName: p.name,
        received: n(p.received),
        mode: p.mode as PaymentMode,
        paidAt: p.paid_on,
        status: p.status as 'completed' | 'voided',
      })),
    ),
  };
}
