// Visits from punches: a member's punches of one attendance day, in time order, alternate in and out
// (the 1st, 3rd, ... open a visit, the next one closes it). Computed when read, so punches arriving
// late or out of order (a device that was offline) pair correctly, and a replay changes nothing. A
// visit without its out punch is open until the day's cut-off and closed by it afterwards.
import { sql, type SQL } from 'drizzle-orm';
import type { AttendanceSummary, Visit, VisitFlag, VisitListQuery } from '@app/contract/attendance';
import type { Db } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { addDays } from '../../platform/isoDays.ts';

/** The longest range one list or export covers. */
export const maxRangeDays = 366;

type VisitRow = {
  id: string;
  pin: number;
  user_id: number | null;
  name: string | null;
  day: string;
  in_at: string;
  out_at: string | null;
  open: boolean;
  inside: boolean;
  device_id: number | null;
  device_name: string;
  source: 'door' | 'screen' | 'staff';
  device_time: string;
  received_at: string;
  outside_window: boolean;
  blocked: boolean;
  total: number;
};

/** The day range a query covers: given dates, else today (inside-now looks at today and yesterday). */
export function rangeOf(query: Pick<VisitListQuery, 'from' | 'to' | 'inside'>, today: string) {
  if (query.inside) return { from: addDays(today, -1), to: today };
  const to = query.to ?? query.from ?? today;
  const from = query.from ?? to;
  return { from, to };
}

/** Visits of the caller's branch matching the query, one page, newest first unless asked otherwise. */
export async function listVisits(
  db: Db,
  ctx: StaffContext,
  query: VisitListQuery,
  today: string,
): Promise<{ items: Visit[]; total: number }> {
  const { from, to } = rangeOf(query, today);
  const pin: SQL = query.userId === undefined ? sql`true` : sql`p.pin = ${query.userId}`;
  const conditions: SQL[] = [sql`true`];
  if (query.flagged) conditions.push(sql`(v.outside_window or v.blocked or v.user_id is null)`);
  if (query.inside) conditions.push(sql`v.inside`);
  if (query.q)
    conditions.push(
      sql`(u.name ilike ${`%${query.q.replace(/[\\%_]/g, '\\$&')}%`} or v.pin::text = ${query.q})`,
    );
  const order = query.sort === 'inAt' ? sql`v.in_at asc, v.id asc` : sql`v.in_at desc, v.id desc`;
  const { rows } = await db.execute<VisitRow>(sql`
    with p as (
      select p.id, p.pin, p.user_id, p.day, p.punched_at, p.device_id, p.kiosk_id, p.source, p.device_time,
             p.received_at, p.cutoff_at,
             p.outside_window, p.blocked,
             row_number() over w as rn,
             lead(p.punched_at) over w as next_at,
             coalesce(lead(p.outside_window) over w, false) as next_outside,
             coalesce(lead(p.blocked) over w, false) as next_blocked
        from attendance_punches p
       where p.client_id = ${ctx.clientId} and p.branch_id = ${ctx.branchId} and p.day between ${from} and ${to}
         and ${pin}
      window w as (partition by p.pin, p.day order by p.punched_at, p.id)
    ),
    v as (
      select id, pin, user_id, day, punched_at as in_at, next_at as out_at, device_id, kiosk_id, source, device_time,
             received_at,
             next_at is null as open, next_at is null and cutoff_at > now() as inside,
             outside_window or next_outside as outside_window, blocked or next_blocked as blocked
        from p where rn % 2 = 1
    )
    select v.id, v.pin, v.user_id, u.name, v.day::text, v.in_at, v.out_at, v.open, v.inside, v.device_id,
           coalesce(d.name, k.name, '') as device_name, v.source, v.device_time::text, v.received_at, v.outside_window, v.blocked,
           count(*) over ()::int as total
      from v
      left join users u on u.id = v.user_id
      left join devices d on d.id = v.device_id
      left join kiosks k on k.id = v.kiosk_id
     where ${sql.join(conditions, sql` and `)}
     order by ${order}
     limit ${query.pageSize} offset ${query.page * query.pageSize}`);
  return { items: rows.map(toVisit), total: rows[0]?.total ?? 0 };
}

const toIso = (v: string | null) => (v === null ? null : new Date(v).toISOString());

function toVisit(r: VisitRow): Visit {
  const flags: VisitFlag[] = [];
  if (r.outside_window) flags.push('outsideWindow');
  if (r.blocked) flags.push('blocked');
  if (r.user_id === null) flags.push('unknownMember');
  return {
    id: Number(r.id),
    userId: r.user_id,
    pin: r.pin,
    name: r.name,
    day: r.day,
    inAt: toIso(r.in_at)!,
    outAt: toIso(r.out_at),
    inside: r.inside,
    closedByCutoff: r.open && !r.inside,
    deviceId: r.device_id,
    deviceName: r.device_name,
    source: r.source,
    deviceTime: r.device_time,
    receivedAt: toIso(r.received_at)!,
    flags,
  };
}

/**
 * Members inside now: an odd number of punches in an attendance day whose cut-off has not passed.
 * Only today's and yesterday's days can still be open (a night window's day ends the next morning).
 */
export const insideNowSql = (clientId: number, branchId: number, today: string) => sql`
  (select count(*)::int from (
     select 1 from attendance_punches
      where client_id = ${clientId} and branch_id = ${branchId} and day between ${addDays(today, -1)} and ${today}
      group by pin, day
     having count(*) % 2 = 1 and max(cutoff_at) > now()) inside)`;

export async function attendanceSummary(
  db: Db,
  ctx: StaffContext,
  today: string,
): Promise<AttendanceSummary> {
  const c = ctx.clientId;
  const b = ctx.branchId!;
  const { rows } = await db.execute<{ visits: number; inside: number; flagged: number }>(sql`
    select ${insideNowSql(c, b, today)} as inside,
           (select count(*)::int from (
              select row_number() over (partition by pin order by punched_at, id) as rn,
                     outside_window or blocked or user_id is null as flagged
                from attendance_punches where client_id = ${c} and branch_id = ${b} and day = ${today}) t
             where rn % 2 = 1) as visits,
           (select count(*)::int from attendance_punches
             where client_id = ${c} and branch_id = ${b} and day = ${today}
               and (outside_window or blocked or user_id is null)) as flagged`);
  const r = rows[0]!;
  return { today, visitsToday: r.visits, insideNow: r.inside, flaggedToday: r.flagged };
}
