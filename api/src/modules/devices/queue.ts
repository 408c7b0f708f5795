// The per-device command queue (rows are written by the trigger on users, migration 0011) as the
// device endpoints read and confirm it, and the re-sync staff can ask for.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { CommandResult, QueuedCommand } from './protocol.ts';

/** A command sent and not confirmed within this time is sent again on the next poll. */
export const retryAfterSeconds = 60;
/** Commands per poll: a device executes them in order and confirms them in one devicecmd post. */
export const commandsPerPoll = 20;

/**
 * The next commands due for a device, marked sent in the same statement (a second poll racing this
 * one skips them: SKIP LOCKED). Member records go before fingerprint templates, which need them.
 */
export async function takeDueCommands(db: Db, deviceId: number): Promise<QueuedCommand[]> {
  const { rows } = await db.execute<{
    id: string;
    topic: string;
    kind: string;
    pin: number;
    payload: Record<string, unknown>;
  }>(sql`
    update device_commands c set sent_at = now(), sent_count = c.sent_count + 1
      from (select id from device_commands
             where device_id = ${deviceId} and confirmed_at is null
               and (sent_at is null or sent_at < now() - make_interval(secs => ${retryAfterSeconds}))
             order by (topic <> 'user'), id
             limit ${commandsPerPoll}
             for update skip locked) due
     where c.id = due.id
    returning c.id, c.topic, c.kind, c.pin, c.payload`);
  return rows
    .map((r) => ({ ...r, id: Number(r.id) }))
    .sort((a, b) => Number(a.topic !== 'user') - Number(b.topic !== 'user') || a.id - b.id);
}

/**
 * A device's results: Return=0 confirms a command (it leaves the queue); any other code is kept on
 * the row and the command is sent again after the retry delay. Ids of commands replaced meanwhile by
 * a newer state match nothing, so an old confirmation never confirms the new state.
 */
export async function recordResults(db: Db, deviceId: number, results: CommandResult[]): Promise<number> {
  if (results.length === 0) return 0;
  const ids = `{${results.map((r) => r.id).join(',')}}`;
  const codes = `{${results.map((r) => r.returnCode).join(',')}}`;
  const res = await db.execute(sql`
    update device_commands c
       set return_code = r.code, confirmed_at = case when r.code = 0 then now() else null end
      from unnest(${ids}::bigint[], ${codes}::int[]) as r(id, code)
     where c.id = r.id and c.device_id = ${deviceId} and c.confirmed_at is null`);
  return res.rowCount ?? 0;
}

/**
 * Queues every member of the device's branch enrolled on it, with their kept fingerprints: on
 * acceptance and when staff ask (a replaced or reset device). Returns how many members.
 */
export async function resyncDevice(tx: Tx | Db, deviceId: number): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(sql`
    select count(device_queue_member(d.id, u, 'enrol'))::int as n
      from devices d
      join users u on u.client_id = d.client_id and u.branch_id = d.branch_id
                  and u.added_to_biometric_machine and u.biometric_machine_id = d.id
     where d.id = ${deviceId} and d.status = 'accepted'`);
  return rows[0]?.n ?? 0;
}
