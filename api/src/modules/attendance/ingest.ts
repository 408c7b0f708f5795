// Storing ATTLOG uploads: one statement per upload, each punch once ((device, PIN, device time) is
// unique, so a replayed or overlapping upload adds nothing), flagged against the member's window and
// status as they are when the punch arrives, by the rules an entrance screen applies too
// (devices/entryRule.ts, issue 47).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AttLogLine } from '../devices/protocol.ts';
import { doorFlags, type EntryMember } from '../devices/entryRule.ts';
import { checkInRulesOf, entryMembers } from './members.ts';

/**
 * Stores the punches of one device (an accepted one: it has an organisation and a branch). The
 * attendance day of a punch is its local date, except that a member whose window ends the next day
 * (nextDayExit) punching before their exit time belongs to the evening before; the day's cut-off is
 * the next midnight, or for such a member their exit time the next day. Returns how many were new.
 */
export async function storePunches(
  db: Db,
  deviceId: number,
  records: AttLogLine[],
  /** The upload's stamp: kept in the same statement, so it never runs ahead of what is stored. */
  stamp: string | null = null,
): Promise<number> {
  if (records.length === 0) return 0;
  const { rows: owners } = await db.execute<{ client_id: number; branch_id: number }>(
    sql`select client_id, branch_id from devices where id = ${deviceId} and status = 'accepted'`,
  );
  const owner = owners[0];
  if (!owner) return 0;
  const rules = await checkInRulesOf(db, owner.client_id);
  const members = await entryMembers(
    db,
    owner.client_id,
    owner.branch_id,
    records.map((r) => r.pin),
  );
  const flags = records.map((r) => {
    const m: EntryMember | undefined = members.get(r.pin);
    const [date = '', time = ''] = r.deviceTime.split(' ');
    return m ? doorFlags(m, { date, time }, rules) : { outsideWindow: false, blocked: false };
  });
  const res = await db.execute(sql`
    with stamped as (
      update devices set att_stamp = coalesce(${stamp}, att_stamp) where id = ${deviceId} and ${stamp}::text is not null
    ),
    d as (
      select d.id, d.client_id, d.branch_id, b.timezone as tz
        from devices d join branches b on b.id = d.branch_id
       where d.id = ${deviceId} and d.status = 'accepted'
    ),
    l as (
      select * from unnest(${`{${records.map((r) => r.pin).join(',')}}`}::int[],
                           ${`{${records.map((r) => `"${r.deviceTime}"`).join(',')}}`}::timestamp[],
                           ${`{${records.map((r) => r.status).join(',')}}`}::smallint[],
                           ${`{${records.map((r) => r.verify).join(',')}}`}::smallint[],
                           ${`{${flags.map((f) => f.outsideWindow).join(',')}}`}::boolean[],
                           ${`{${flags.map((f) => f.blocked).join(',')}}`}::boolean[])
             as l(pin, device_time, status, verify, outside_window, blocked)
    ),
    x as (
      select d.client_id, d.branch_id, d.id as device_id, d.tz, l.*, l.device_time::time as t,
             u.id as user_id, u.entry_time, u.exit_time,
             (u.next_day_exit and u.entry_time <> u.exit_time) as night
        from l cross join d
        left join users u on u.id = l.pin and u.client_id = d.client_id and u.branch_id = d.branch_id
    ),
    y as (
      select x.*, case when night and t <= exit_time then device_time::date - 1 else device_time::date end as day
        from x
    )
    insert into attendance_punches (client_id, branch_id, device_id, pin, user_id, device_time, punched_at,
                                    day, cutoff_at, device_status, verify, outside_window, blocked)
    select client_id, branch_id, device_id, pin, user_id, device_time, device_time at time zone tz, day,
           ((day + 1) + case when night then exit_time else time '00:00' end) at time zone tz,
           status, verify, user_id is not null and outside_window, user_id is not null and blocked
      from y
     order by device_time
    on conflict (device_id, pin, device_time) do nothing`);
  return res.rowCount ?? 0;
}
