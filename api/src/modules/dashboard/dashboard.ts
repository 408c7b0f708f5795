// The branch dashboard (issue 13): each figure is a kept summary (member_stats, seat_hours,
// daily_tallies) or a short index range, never a scan of the branch's payments or members.
import { sql } from 'drizzle-orm';
import { shiftHours, shifts, type Dashboard } from '@app/contract/dashboard';
import { paymentModes } from '@app/contract/payments';
import type { Db } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';

export const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
export const monthStart = (iso: string) => `${iso.slice(0, 7)}-01`;
export const previousMonthStart = (iso: string) => monthStart(addDays(monthStart(iso), -1));

type Row = Record<string, unknown>;
const n = (v: unknown) => Number(v ?? 0);

export async function dashboardOf(db: Db, ctx: StaffContext): Promise<Dashboard> {
  const c = ctx.clientId;
  const b = ctx.branchId!;
  const today = ctx.branchToday!;
  const thisMonth = monthStart(today);
  const lastMonth = previousMonthStart(today);
  const q = async <T = Row>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];
  const [stats, expiring, tallies, seats, enquiries, renewals, latest] = await Promise.all([
    q(
      sql`select active, inactive, dues, owing from member_stats where client_id = ${c} and branch_id = ${b}`,
    ),
    q(sql`select coalesce(sum(active) filter (where valid_till >= ${today}), 0)::int as soon,
                 coalesce(sum(lapsed) filter (where valid_till < ${today}), 0)::int as lapsed
            from member_validity where client_id = ${c} and branch_id = ${b}
             and valid_till between ${addDays(today, -7)} and ${addDays(today, 6)}`),
    q<{
      kind: string;
      key: string;
      today: string;
      this_month: string;
      last_month: string;
      today_count: number;
    }>(sql`
      select kind, key,
             sum(amount) filter (where day = ${today}) as today,
             sum(count) filter (where day = ${today})::int as today_count,
             sum(amount) filter (where day >= ${thisMonth}) as this_month,
             sum(amount) filter (where day < ${thisMonth}) as last_month
        from daily_tallies
       where client_id = ${c} and branch_id = ${b} and kind in ('payment', 'refund', 'expense')
         and day between ${lastMonth} and ${today}
       group by kind, key`),
    q<{ hour: number; members: number; capacity: number }>(sql`
      select h.hour, h.members,
             (select coalesce(sum(capacity), 0) from rooms where client_id = ${c} and branch_id = ${b} and status)::int as capacity
        from seat_hours h where h.client_id = ${c} and h.branch_id = ${b}`),
    q(sql`select count(*)::int as due from enquiries where client_id = ${c} and branch_id = ${b}
            and status in ('new', 'contacted', 'followUp') and follow_up_date <= ${today}`),
    q<{ user_id: number; name: string; mobile: string; valid_till: string }>(sql`
      select id as user_id, name, mobile, valid_till::text from users
       where client_id = ${c} and branch_id = ${b} and status and valid_till between ${today} and ${addDays(today, 6)}
       order by valid_till, name limit 8`),
    q<{
      id: number;
      receipt_number: string;
      name: string;
      received: string;
      mode: string;
      paid_on: string;
      status: string;
    }>(sql`
      select p.id, p.receipt_number, u.name, p.received, p.mode, p.paid_on::text, p.status
        from (select * from payments where client_id = ${c} and branch_id = ${b}
               order by id desc limit 5) p
        join users u on u.id = p.user_id
       order by p.id desc`),
  ]);
  const sum = (kind: string, column: 'today' | 'this_month' | 'last_month') =>
    tallies.filter((t) => t.kind === kind).reduce((total, t) => total + n(t[column]), 0);
  const hours = new Map(seats.map((s) => [s.hour, s.members]));
  const collectionsThisMonth = sum('payment', 'this_month');
  const refundsThisMonth = sum('refund', 'this_month');
  const expensesThisMonth = sum('expense', 'this_month');
  return {
    today,
    members: {
      active: n(stats[0]?.active),
      inactive: n(stats[0]?.inactive),
      expiringIn7Days: n(expiring[0]!.soon),
      expiredThisWeek: n(expiring[0]!.lapsed),
      dues: n(stats[0]?.dues),
      owing: n(stats[0]?.owing),
    },
    collections: {
      today: sum('payment', 'today'),
      todayByMode: paymentModes.flatMap((mode) => {
        const row = tallies.find((t) => t.kind === 'payment' && t.key === mode && n(t.today_count) > 0);
        return row ? [{ mode, amount: n(row.today), count: n(row.today_count) }] : [];
      }),
      thisMonth: collectionsThisMonth,
      lastMonth: sum('payment', 'last_month'),
    },
    refundsThisMonth,
    expensesThisMonth,
    netThisMonth: collectionsThisMonth - refundsThisMonth - expensesThisMonth,
    occupancy: {
      capacity: n(seats[0]?.capacity ?? (await roomCapacity(db, c, b))),
      shifts: shifts.map((s) => ({
        shift: s.name,
        members: Math.max(0, ...shiftHours(s).map((h) => hours.get(h) ?? 0)),
      })),
    },
    enquiriesDueToday: n(enquiries[0]!.due),
    renewalsDue: renewals.map((r) => ({
      userId: r.user_id,
      name: r.name,
      mobile: r.mobile,
      validTill: r.valid_till,
    })),
    latestPayments: latest.map((p) => ({
      id: p.id,
      receiptNumber: p.receipt_number,
      memberName: p.name,
      received: n(p.received),
      mode: p.mode as Dashboard['latestPayments'][number]['mode'],
      paidAt: p.paid_on,
      status: p.status as 'completed' | 'voided',
    })),
  };
}

/** Seats of the branch's active rooms (when no member holds a seat yet, seat_hours is empty). */
async function roomCapacity(db: Db, clientId: number, branchId: number): Promise<number> {
  const { rows } = await db.execute<{ capacity: number }>(
    sql`select coalesce(sum(capacity), 0)::int as capacity from rooms where client_id = ${clientId} and branch_id = ${branchId} and status`,
  );
  return rows[0]!.capacity;
}
