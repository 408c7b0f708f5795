// What Meta posts to the webhook (issue 46): status reports of sent messages and members' messages.
// A post is processed only for the organisations whose app secret signed it (X-Hub-Signature-256,
// HMAC-SHA256 of the raw body). A report is applied once and never lowers what is known: reports
// come out of order, and Meta sends a post again when it got no answer.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { maxMessageAttempts, type MessageLanguage } from '@app/contract/messages';
import {
  deliveryRank,
  deliveryStates,
  optAction,
  optReplies,
  retryableWhatsAppCodes,
  type DeliveryState,
} from '@app/contract/whatsapp';
import { messages, whatsappInbound } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { allClouds, type CloudTransport } from './whatsappCloud.ts';

type StatusReport = {
  id?: string;
  status?: string;
  timestamp?: string;
  errors?: { code?: number; title?: string; message?: string; error_data?: { details?: string } }[];
};
type InboundMessage = {
  from?: string;
  id?: string;
  timestamp?: string;
  type?: string;
  text?: { body?: string };
  button?: { text?: string };
  interactive?: { button_reply?: { title?: string }; list_reply?: { title?: string } };
};
type Change = {
  field?: string;
  value?: { metadata?: { phone_number_id?: string }; statuses?: StatusReport[]; messages?: InboundMessage[] };
};
type Payload = { object?: string; entry?: { changes?: Change[] }[] };

/** Whether `header` (sha256=<hex>) is the HMAC-SHA256 of the raw body with the app secret. */
export function signatureMatches(appSecret: string, raw: Buffer, header: string): boolean {
  if (appSecret === '' || !header.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const when = (unixSeconds: string | undefined) => {
  const n = Number(unixSeconds);
  return Number.isFinite(n) && n > 0 ? new Date(n * 1000).toISOString() : new Date().toISOString();
};

/** Processes a signed post; false when no organisation's app secret signed it (nothing is done). */
export async function handleWebhook(
  db: Db,
  transport: CloudTransport,
  raw: Buffer,
  signature: string,
  log: FastifyBaseLogger,
): Promise<boolean> {
  let payload: Payload;
  try {
    payload = JSON.parse(raw.toString('utf8')) as Payload;
  } catch {
    return false;
  }
  const changes = (payload.entry ?? []).flatMap((e) => e.changes ?? []);
  const numbers = new Set(changes.map((c) => c.value?.metadata?.phone_number_id).filter(Boolean));
  const signedBy = (await allClouds(db, transport.secret)).filter(
    (c) => numbers.has(c.cloud.phoneNumberId) && signatureMatches(c.cloud.appSecret, raw, signature),
  );
  if (signedBy.length === 0) return false;
  for (const change of changes) {
    const org = signedBy.find((c) => c.cloud.phoneNumberId === change.value?.metadata?.phone_number_id);
    if (!org || !change.value) continue;
    for (const s of change.value.statuses ?? []) await applyStatus(db, org.clientId, s);
    for (const m of change.value.messages ?? []) {
      await storeInbound(db, org.clientId, org.cloud.language, m);
    }
  }
  log.info({ changes: changes.length, organisations: signedBy.length }, 'whatsapp webhook');
  return true;
}

const rankSql = sql`coalesce(case delivery when 'sent' then 1 when 'failed' then 2 when 'delivered' then 3 when 'read' then 4 end, 0)`;

/** One status report on the row of its WhatsApp id; a report of lesser or equal meaning changes nothing. */
async function applyStatus(db: Db, clientId: number, s: StatusReport): Promise<void> {
  if (!s.id || !deliveryStates.includes(s.status as DeliveryState)) return;
  const state = s.status as DeliveryState;
  const at = when(s.timestamp);
  if (state !== 'failed') {
    // Delivered or read after a failure report (another of the member's devices): it went out.
    await db.execute(sql`update ${messages} set delivery = ${state}, delivery_at = ${at}::timestamptz,
        status = case when status in ('failed', 'gaveUp') then 'sent' else status end,
        next_attempt_at = case when status in ('failed', 'gaveUp') then null else next_attempt_at end,
        updated_at = now()
      where client_id = ${clientId} and wa_message_id = ${s.id} and ${rankSql} < ${deliveryRank[state]}`);
    return;
  }
  const e = s.errors?.[0];
  const code = e?.code ?? null;
  const error = `WhatsApp ${code === null ? '' : `#${code} `}${e?.title ?? e?.message ?? 'failed'}${
    e?.error_data?.details ? `: ${e.error_data.details}` : ''
  }`.slice(0, 500);
  // A rate limit or Meta's passing trouble follows the outbox's retries; anything else (a template
  // missing, a number not on WhatsApp) is given up at once and shown to staff.
  const retry = code !== null && retryableWhatsAppCodes.includes(code);
  await db.execute(sql`update ${messages} set delivery = 'failed', delivery_at = ${at}::timestamptz,
      last_error = ${error},
      status = case when ${retry} and attempts < ${maxMessageAttempts} then 'failed' else 'gaveUp' end,
      next_attempt_at = case when ${retry} and attempts < ${maxMessageAttempts}
        then now() + make_interval(mins => power(2, greatest(attempts - 1, 0))::int) else null end,
      updated_at = now()
    where client_id = ${clientId} and wa_message_id = ${s.id} and ${rankSql} < ${deliveryRank.failed}`);
}

/**
 * A member's message, stored once (its WhatsApp id). STOP and START (and their Hindi forms) switch
 * the member's WhatsApp reminders off and on, each confirmed by a reply inside their open window.
 */
async function storeInbound(db: Db, clientId: number, language: string, m: InboundMessage): Promise<void> {
  if (!m.id || !m.from) return;
  const from = m.from.replace(/\D/g, '');
  const body = (
    m.text?.body ??
    m.button?.text ??
    m.interactive?.button_reply?.title ??
    m.interactive?.list_reply?.title ??
    `[${m.type ?? 'message'}]`
  ).slice(0, 4096);
  await db.transaction(async (tx) => {
    const member =
      from.length >= 10
        ? (
            await tx.execute<{
              id: number;
              branch_id: number;
              mobile: string;
              language: MessageLanguage;
            }>(sql`
              select id, branch_id, mobile, language from users
               where client_id = ${clientId}
                 and right(regexp_replace(mobile, '\\D', '', 'g'), 10) = ${from.slice(-10)}
               order by id limit 1`)
          ).rows[0]
        : undefined;
    const action = member ? optAction(body) : null;
    const [row] = await tx
      .insert(whatsappInbound)
      .values({
        clientId,
        branchId: member?.branch_id ?? null,
        userId: member?.id ?? null,
        waMessageId: m.id!,
        fromNumber: from,
        kind: m.type ?? 'text',
        body,
        action,
        receivedAt: when(m.timestamp),
      })
      .onConflictDoNothing()
      .returning({ id: whatsappInbound.id });
    // Sent again by Meta: stored and acted on the first time.
    if (!row || !member || !action) return;
    await tx.execute(
      action === 'optOut'
        ? sql`update users set message_opt_out = array(select distinct unnest(message_opt_out || array['whatsapp']))
              where id = ${member.id} and client_id = ${clientId}`
        : sql`update users set message_opt_out = array_remove(message_opt_out, 'whatsapp')
              where id = ${member.id} and client_id = ${clientId}`,
    );
    await tx
      .insert(messages)
      .values({
        clientId,
        branchId: member.branch_id,
        userId: member.id,
        event: 'reply',
        period: `reply:in:${row.id}`,
        channel: 'whatsapp',
        language: member.language,
        recipient: member.mobile,
        subject: '',
        // In Hindi to a member who reads Hindi (issue 48), else in the WhatsApp language's tongue.
        body: optReplies[action][member.language === 'hi' || language.startsWith('hi') ? 'hi' : 'en'],
      })
      .onConflictDoNothing();
  });
}
