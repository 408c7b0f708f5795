// A pause shuts the member's door (issue 45, point 4): the entrance rule already refuses 'paused'
// at the screens and flags a door punch; the biometric devices learn it through their command
// queue as they learn an expiry. device_queue_member (migration 0036) sends a paused member as not
// allowed; this sweep queues that state when a pause begins (door_shut_at) and queues the member
// again when it is over or ended early (door_opened_at), each once. WiFi is cut by the WiFi outbox,
// which disconnects the open sessions of a member paused today (wifi/outbox.ts).
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

/** The member's pause covers the branch's date: approved, from its first day to the day before from + days. */
const running = sql`mp.status = 'approved' and mp.from_day <= (now() at time zone b.timezone)::date
  and (now() at time zone b.timezone)::date < mp.from_day + mp.days`;

/**
 * Queues the devices' block for pauses that have begun and their unblock for pauses that are over
 * or ended, for every organisation (the hourly job) or one member (in a pause's own transaction).
 * Returns how many members were queued to their device either way.
 */
export async function syncPauseDoors(
  db: Db | Tx,
  member?: { clientId: number; userId: number },
): Promise<{ shut: number; opened: number }> {
  const scope: SQL = member
    ? sql`and mp.client_id = ${member.clientId} and mp.user_id = ${member.userId}`
    : sql``;
  const shut = await db.execute<{ n: number }>(sql`
    with due as (
      update member_pauses mp set door_shut_at = now()
        from branches b
       where b.id = mp.branch_id and mp.door_shut_at is null and ${running} ${scope}
      returning mp.client_id, mp.user_id
    )
    select count(device_queue_member(u.biometric_machine_id, u, 'block'))::int as n
      from due join users u on u.id = due.user_id and u.client_id = due.client_id
     where u.added_to_biometric_machine and u.biometric_machine_id is not null`);
  const opened = await db.execute<{ n: number }>(sql`
    with due as (
      update member_pauses mp set door_opened_at = now()
        from branches b
       where b.id = mp.branch_id and mp.door_shut_at is not null and mp.door_opened_at is null
         and not (${running}) ${scope}
      returning mp.client_id, mp.user_id
    )
    select count(device_queue_member(u.biometric_machine_id, u, 'unblock'))::int as n
      from due join users u on u.id = due.user_id and u.client_id = due.client_id
     where u.added_to_biometric_machine and u.biometric_machine_id is not null`);
  return { shut: shut.rows[0]?.n ?? 0, opened: opened.rows[0]?.n ?? 0 };
}
