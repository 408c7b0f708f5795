// Checking a member in or out without a door device (issue 47): an entrance screen, a member's
// phone, or staff letting a refused member in. The decision is the door's (devices/entryRule.ts);
// every check-in and check-out is an attendance punch like the door's, with its source, so visits,
// exports, the member page's 30 days and "inside now" count it. The member's row is locked for the
// decision, so two scans at once cannot both check them in.
import { sql } from 'drizzle-orm';
import type { CheckInRefusal, CheckInResult, CheckInSource } from '@app/contract/kiosk';
import type { Db, Tx } from '../../db/client.ts';
import { attendanceDay, entryRefusals } from '../devices/entryRule.ts';
import { entryMemberColumns, toEntryMember } from '../attendance/members.ts';
import { insideNowSql } from '../attendance/visits.ts';

/** A second scan this soon after checking in is taken for a double scan, not a check-out. */
export const doubleScanSeconds = 60;

export type CheckInBy = {
  source: Exclude<CheckInSource, 'door'>;
  kioskId: number | null;
  staffId: number | null;
  /** Staff's reason for letting a refused member in (source 'staff'). */
  note: string | null;
  /** Staff override: the rules' refusals are recorded as flags instead of refusing. */
  override: boolean;
  /**
   * A rotating code used once: a second use is refused (codeUsed). With `perResult` once per result:
   * a screen's code may check a member in and out (a double scan is refused as alreadyInside), but
   * not in again after they went out with it.
   */
  usedKey: string | null;
  perResult?: boolean;
};

type Row = {
  id: number;
  status: boolean;
  inactive_reason: 'expired' | 'deactivated' | null;
  valid_till: string;
  entry_time: string;
  exit_time: string;
  next_day_exit: boolean;
  dues: string;
  pauses: { from: string; days: number }[];
  name: string;
  branch_id: number;
  seat_number: number | null;
  room_name: string | null;
  tz: string;
  margin_minutes: number | null;
  dues_limit: string | null;
  local_date: string;
  local_time: string;
  now: string;
};

export const refused = (reason: CheckInRefusal, at = new Date().toISOString()): CheckInResult => ({
  result: 'refused',
  reason,
  firstName: null,
  seat: null,
  until: null,
  validTill: null,
  window: null,
  at,
});

const hhmm = (t: string) => t.slice(0, 5);

export type Decided = { result: CheckInResult; punchId: number | null; refusals: string[] };

/** Decides and records one check-in or check-out of a member at a branch. */
export async function checkInMember(
  db: Db,
  clientId: number,
  branchId: number,
  userId: number,
  by: CheckInBy,
): Promise<Decided> {
  return db.transaction(async (tx) => decide(tx, clientId, branchId, userId, by));
}

async function decide(tx: Tx, clientId: number, branchId: number, userId: number, by: CheckInBy) {
  const { rows } = await tx.execute<Row>(sql`
    select ${entryMemberColumns}, u.name, u.branch_id, u.seat_number, r.name as room_name, b.timezone as tz,
           cr.margin_minutes, cr.dues_limit::text,
           (now() at time zone b.timezone)::date::text as local_date,
           to_char(now() at time zone b.timezone, 'HH24:MI:SS') as local_time, now()::text as now
      from users u
      join branches b on b.id = u.branch_id
      left join rooms r on r.id = u.room_id and r.client_id = u.client_id
      left join check_in_rules cr on cr.client_id = u.client_id
     where u.client_id = ${clientId} and u.id = ${userId}
       for update of u`);
  const row = rows[0];
  if (!row) return { result: refused('notMember'), punchId: null, refusals: [] };
  const member = toEntryMember(row);
  const hasWindow = member.entryTime !== member.exitTime;
  const about = {
    firstName: row.name.trim().split(/\s+/)[0] ?? '',
    seat: row.seat_number === null ? null : [row.room_name, row.seat_number].filter(Boolean).join(' '),
    until: hasWindow ? hhmm(member.exitTime) : null,
    validTill: member.validTill,
    window: hasWindow ? `${hhmm(member.entryTime)}-${hhmm(member.exitTime)}` : null,
    at: new Date(row.now).toISOString(),
  };
  const say = (result: CheckInResult['result'], reason: CheckInRefusal | null): CheckInResult => ({
    result,
    reason,
    ...about,
  });
  if (row.branch_id !== branchId)
    return { result: say('refused', 'otherBranch'), punchId: null, refusals: [] };

  // Inside: an odd number of punches in an attendance day whose cut-off has not passed (as the door).
  const { rows: days } = await tx.execute<{
    day: string;
    n: number;
    cutoff: string;
    open: boolean;
    last_seconds: number;
  }>(sql`
    select day::text, count(*)::int as n, max(cutoff_at)::text as cutoff, max(cutoff_at) > now() as open,
           extract(epoch from now() - max(punched_at))::float8 as last_seconds
      from attendance_punches
     where client_id = ${clientId} and branch_id = ${branchId} and user_id = ${userId}
       and day between ${row.local_date}::date - 1 and ${row.local_date}::date
     group by day`);
  const openDay = days.find((d) => d.n % 2 === 1 && d.open);

  let result: CheckInResult['result'];
  let refusals: CheckInRefusal[] = [];
  if (openDay) {
    if (openDay.last_seconds < doubleScanSeconds && !by.override) {
      return { result: say('refused', 'alreadyInside'), punchId: null, refusals: [] };
    }
    result = 'out';
  } else {
    refusals = entryRefusals(
      member,
      { date: row.local_date, time: row.local_time },
      {
        marginMinutes: row.margin_minutes ?? 0,
        duesLimit: row.dues_limit === null ? null : Number(row.dues_limit),
      },
    );
    if (refusals.length > 0 && !by.override) {
      return { result: say('refused', refusals[0]!), punchId: null, refusals };
    }
    result = 'in';
  }

  if (by.usedKey !== null) {
    const used = await tx.execute(sql`
      with gone as (delete from check_in_codes_used where used_at < now() - interval '5 minutes')
      insert into check_in_codes_used (key) values (${by.perResult ? `${by.usedKey}:${result}` : by.usedKey}) on conflict do nothing`);
    if (!used.rowCount) return { result: say('refused', 'codeUsed'), punchId: null, refusals: [] };
  }

  const day = openDay ? openDay.day : attendanceDay(row.local_date, row.local_time, member);
  const night = member.nextDayExit && hasWindow;
  const cutoff = openDay
    ? sql`${openDay.cutoff}::timestamptz`
    : sql`((${day}::date + 1) + ${night ? member.exitTime : '00:00'}::time) at time zone ${row.tz}`;
  const { rows: punched } = await tx.execute<{ id: string }>(sql`
    insert into attendance_punches (client_id, branch_id, device_id, source, kiosk_id, staff_id, note, pin, user_id,
                                    device_time, punched_at, day, cutoff_at, outside_window, blocked)
    values (${clientId}, ${branchId}, null, ${by.source}, ${by.kioskId}, ${by.staffId}, ${by.note}, ${userId}, ${userId},
            date_trunc('second', now() at time zone ${row.tz}), now(), ${day}::date, ${cutoff},
            ${refusals.includes('outsideWindow')},
            ${refusals.includes('validityEnded') || refusals.includes('deactivated')})
    returning id`);
  return {
    result: say(result, null),
    punchId: Number(punched[0]!.id),
    refusals,
  };
}

/** How many members are inside the branch now (the dashboard's figure). */
export async function insideNow(db: Db, clientId: number, branchId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number; today: string }>(sql`
    select (now() at time zone b.timezone)::date::text as today from branches b where b.id = ${branchId}`);
  const today = rows[0]?.today;
  if (!today) return 0;
  const { rows: counted } = await db.execute<{ n: number }>(
    sql`select ${insideNowSql(clientId, branchId, today)} as n`,
  );
  return counted[0]?.n ?? 0;
}
