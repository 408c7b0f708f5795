import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sendDisconnect, type DisconnectAnswer, type DisconnectTarget } from './disconnectSender.ts';

/** Attempts before a Disconnect-Request is given up as failed (about 2.5 hours of backing off). */
export const maxAttempts = 10;
/** RFC 5176 Error-Cause 503: the router has no such session (it ended already). */
const sessionContextNotFound = 503;

/**
 * Puts a Disconnect-Request in the outbox for every open session whose member may no longer be
 * online: expired (validity past the branch's date or switched off as expired), deactivated, in a
 * pause that has begun (issue 45, point 4), or the package's data used up in the current validity
 * period. A session gets one automatic request; a NAK or a give-up stays visible on the live list,
 * where staff can try again.
 */
export async function enqueueDueDisconnects(db: Db, clientId?: number): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    with open as (
      select s.id, s.client_id, s.branch_id, s.router_id, s.user_id, s.started_at
      from wifi_sessions s
      where s.stopped_at is null ${clientId === undefined ? sql`` : sql`and s.client_id = ${clientId}`}
        and not exists (select 1 from wifi_disconnects d where d.session_id = s.id and d.reason <> 'staff')
    ), state as (
      select o.*, u.status, u.inactive_reason, u.valid_till, u.valid_from, u.package_id,
        (now() at time zone b.timezone)::date as today, b.timezone as tz
      from open o join users u on u.id = o.user_id join branches b on b.id = o.branch_id
    ), judged as (
      select st.*,
        case
          when not st.status and st.inactive_reason = 'deactivated' then 'deactivated'
          when not st.status or st.valid_till < st.today then 'expired'
          when exists (select 1 from member_pauses mp
                        where mp.client_id = st.client_id and mp.user_id = st.user_id and mp.status = 'approved'
                          and mp.from_day <= st.today and st.today < mp.from_day + mp.days) then 'paused'
          when pk.total_data_mb > 0 and (
            select coalesce(sum(ws.input_bytes + ws.output_bytes), 0) from wifi_sessions ws
            where ws.client_id = st.client_id and ws.user_id = st.user_id
              and ws.started_at >= (coalesce(
                (select max(pay.covers_from) from payments pay
                  where pay.client_id = st.client_id and pay.user_id = st.user_id
                    and pay.status = 'completed' and pay.covers_from <= st.today),
                st.valid_from)::timestamp at time zone st.tz)
          ) >= pk.total_data_mb * 1000000 then 'dataUsedUp'
        end as reason
      from state st left join packages pk on pk.id = st.package_id
    )
    insert into wifi_disconnects (client_id, branch_id, router_id, session_id, reason)
    select client_id, branch_id, router_id, id, reason from judged where reason is not null
    on conflict (session_id) where status = 'pending' do nothing
    returning id
  `);
  return rows.length;
}

type Claimed = DisconnectTarget & { id: number; sessionId: number; attempts: number };

/**
 * Takes the due requests (a lease of a minute on each, so two API processes never send the same one
 * at once), sends them and records every answer: ACK closes the session, a NAK keeps its Error-Cause
 * (503, no such session, closes it too), no answer backs off 10 s, 20 s, 40 s ... up to 30 minutes.
 */
export async function sendDueDisconnects(
  db: Db,
  send: (target: DisconnectTarget) => Promise<DisconnectAnswer> = sendDisconnect,
): Promise<number> {
  const { rows } = await db.execute<Claimed>(sql`
    update wifi_disconnects d set attempts = d.attempts + 1, next_attempt_at = now() + interval '1 minute'
    from wifi_sessions s, wifi_routers r
    where d.id in (
        select id from wifi_disconnects
        where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at limit 50 for update skip locked)
      and s.id = d.session_id and r.id = d.router_id
    returning d.id, d.session_id as "sessionId", d.attempts, r.address, r.coa_port as port, r.secret,
      s.username, s.acct_session_id as "acctSessionId", s.framed_ip as "framedIp"
  `);
  await Promise.all(
    rows.map(async (row) => {
      const answer = await send(row).catch((err: unknown): DisconnectAnswer => ({
        status: 'noAnswer',
        error: String(err),
      }));
      await recordAnswer(db, row, answer);
    }),
  );
  return rows.length;
}

async function recordAnswer(db: Db, row: Claimed, answer: DisconnectAnswer) {
  if (answer.status === 'noAnswer') {
    const giveUp = row.attempts >= maxAttempts;
    const backoffSeconds = Math.min(1800, 10 * 2 ** (row.attempts - 1));
    await db.execute(sql`
      update wifi_disconnects set last_error = ${answer.error},
        status = ${giveUp ? 'failed' : 'pending'},
        done_at = ${giveUp ? sql`now()` : null},
        next_attempt_at = now() + make_interval(secs => ${backoffSeconds})
      where id = ${row.id}`);
    return;
  }
  const errorCause = answer.status === 'nacked' ? answer.errorCause : null;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update wifi_disconnects set status = ${answer.status}, error_cause = ${errorCause},
        last_error = null, done_at = now()
      where id = ${row.id}`);
    if (answer.status === 'acked' || errorCause === sessionContextNotFound) {
      await tx.execute(sql`
        update wifi_sessions set stopped_at = coalesce(stopped_at, now()),
          terminate_cause = coalesce(terminate_cause, 'Admin-Reset'), updated_at = now()
        where id = ${row.sessionId}`);
    }
  });
}

/** One pass: find sessions to end, then send what is due. */
export async function runWifiOutbox(db: Db): Promise<{ queued: number; sent: number }> {
  const queued = await enqueueDueDisconnects(db);
  const sent = await sendDueDisconnects(db);
  return { queued, sent };
}
