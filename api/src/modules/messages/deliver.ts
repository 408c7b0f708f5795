// Delivering the outbox. A process claims due rows with FOR UPDATE SKIP LOCKED and, in the same
// statement, moves their next attempt 5 minutes ahead (a lease) and counts the attempt; it then sends
// without holding a transaction. Another process skips the locked rows and, once the claim commits,
// no longer sees them as due, so a row is sent by one process; a process that dies mid-send leaves
// the row to be tried again when the lease runs out.
import { DrizzleQueryError, sql } from 'drizzle-orm';
import { maxMessageAttempts, renderTemplate, type Provider } from '@app/contract/messages';
import type { messages } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import type { MailOutcome, Mailer } from '../../platform/mailer.ts';
import { maskMemberLinks } from '../../platform/maskLinks.ts';
import { withLiveLink, type LinkSecrets } from '../portal/links.ts';
import { loadSettings } from './settings.ts';
import { GraphError, type CloudTransport } from './whatsappCloud.ts';
import { sendViaCloud, type CloudRow } from './whatsappSend.ts';

type MessageRow = typeof messages.$inferSelect;

export type HttpRequest = { url: string; method: string; headers: Record<string, string>; body?: string };
export type Transports = {
  email: Mailer;
  /** One HTTP request to a provider; throws when it is not answered with 2xx. */
  http: (request: HttpRequest) => Promise<void>;
  /** WhatsApp's Cloud API, used for WhatsApp once an organisation set it up (issue 46). */
  cloud?: CloudTransport;
};

const claimBatch = 20;
const leaseMinutes = 5;

/** Node's fetch with a timeout; the answer's start is kept as the error a person reads. */
export async function fetchProvider(request: HttpRequest): Promise<void> {
  const res = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.method === 'GET' ? undefined : request.body,
    signal: AbortSignal.timeout(15_000),
  });
  if (!res.ok) {
    const text = (await res.text().catch(() => '')).slice(0, 200);
    throw new Error(`Provider answered ${res.status}${text ? `: ${text}` : ''}`);
  }
}

/** The provider's request for one message: `{{to}}`, `{{text}}`, `{{subject}}` filled in. */
export function providerRequest(
  provider: Provider,
  message: { recipient: string; subject: string; body: string },
): HttpRequest {
  const headers = Object.fromEntries(provider.headers.map((h) => [h.name, h.value]));
  const contentType = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
  const raw = { to: message.recipient, text: message.body, subject: message.subject };
  const escape = contentType.includes('json')
    ? (v: string) => JSON.stringify(v).slice(1, -1)
    : contentType.includes('x-www-form-urlencoded')
      ? encodeURIComponent
      : (v: string) => v;
  const mapped = (f: (v: string) => string) =>
    Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, f(v)]));
  return {
    url: renderTemplate(provider.url, mapped(encodeURIComponent)),
    method: provider.method,
    headers,
    body: provider.method === 'GET' ? undefined : renderTemplate(provider.body, mapped(escape)),
  };
}

/**
 * What a person reads about a failed send: the transport's reason, but never a database statement
 * (a failed write of the mail log would otherwise show its SQL).
 */
export function sendErrorText(err: unknown): string {
  if (err instanceof DrizzleQueryError) return 'The message could not be recorded.';
  // A provider that echoes the message back must not get a member's link kept (issue 45, point 7).
  return maskMemberLinks(err instanceof Error ? err.message : String(err)).slice(0, 500);
}

/**
 * Sends one message on its channel; throws with the reason it could not. An e-mail without a mail
 * server is only logged, and says so.
 */
export async function sendOne(
  db: Db,
  transports: Transports,
  m: Pick<MessageRow, 'clientId' | 'channel' | 'recipient' | 'subject' | 'body'> & Omit<CloudRow, 'clientId'>,
): Promise<MailOutcome> {
  if (m.channel === 'email') {
    return transports.email({ to: m.recipient, subject: m.subject, body: m.body });
  }
  if (m.channel === 'whatsapp' && transports.cloud && (await sendViaCloud(db, transports.cloud, m))) {
    return 'sent';
  }
  const provider = (await loadSettings(db, m.clientId))[m.channel];
  if (!provider.url) throw new Error(`No ${m.channel === 'sms' ? 'SMS' : 'WhatsApp'} provider is set up.`);
  await transports.http(providerRequest(provider, m));
  return 'sent';
}

/**
 * Claims and sends due messages until none is left; returns how many were sent. Rows of an
 * organisation inside its quiet hours (the branch's clock) are not due. `links` makes a member's
 * page link, kept masked, live again as the message goes (issue 45, point 7).
 */
export async function deliverDue(
  db: Db,
  transports: Transports,
  now: Date,
  links?: LinkSecrets,
): Promise<number> {
  let sent = 0;
  for (;;) {
    const claimed = await claim(db, now);
    if (claimed.length === 0) return sent;
    for (const m of claimed) {
      try {
        const status = await sendOne(db, transports, await withLiveLink(db, links, m));
        await db.execute(sql`update messages set status = ${status}, sent_at = ${now.toISOString()}::timestamptz,
          next_attempt_at = null, last_error = null, updated_at = now() where id = ${m.id}`);
        sent += 1;
      } catch (err) {
        const reason = sendErrorText(err);
        // WhatsApp's refusals that no retry can help (a template missing, a number not on WhatsApp)
        // are given up at once and shown to staff (issue 46).
        const gaveUp = m.attempts >= maxMessageAttempts || (err instanceof GraphError && !err.retryable);
        // Backoff 1, 2, 4, 8, 16 minutes after the 1st to 5th failure.
        const wait = 2 ** (m.attempts - 1);
        await db.execute(sql`update messages set status = ${gaveUp ? 'gaveUp' : 'failed'}, last_error = ${reason},
          next_attempt_at = ${gaveUp ? null : new Date(now.getTime() + wait * 60_000).toISOString()}::timestamptz,
          updated_at = now() where id = ${m.id}`);
      }
    }
  }
}

async function claim(db: Db, now: Date): Promise<MessageRow[]> {
  const at = now.toISOString();
  const local = sql`(${at}::timestamptz at time zone b.timezone)::time`;
  const quiet = sql`(s.quiet_start is not null and s.quiet_end is not null and case
      when s.quiet_start <= s.quiet_end then ${local} >= s.quiet_start and ${local} < s.quiet_end
      else ${local} >= s.quiet_start or ${local} < s.quiet_end end)`;
  const res = await db.execute(sql`
    update messages set attempts = attempts + 1, updated_at = now(),
           next_attempt_at = ${at}::timestamptz + make_interval(mins => ${leaseMinutes})
     where id in (
       select m.id from messages m
         join branches b on b.id = m.branch_id
         left join message_settings s on s.client_id = m.client_id
        where m.status in ('queued', 'failed') and m.next_attempt_at <= ${at}::timestamptz
          and not coalesce(${quiet}, false)
        order by m.next_attempt_at
        limit ${claimBatch}
        for update of m skip locked)
    returning id, client_id as "clientId", user_id as "userId", event, channel, recipient, subject, body, attempts,
      wa_template as "waTemplate"`);
  return res.rows as unknown as MessageRow[];
}
