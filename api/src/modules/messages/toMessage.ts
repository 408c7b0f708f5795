// An outbox row as the API answers it.
import type { Message } from '@app/contract/messages';
import type { messages } from '../../db/schema.ts';

type MessageRow = typeof messages.$inferSelect;

const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());
export const toMessage = (r: MessageRow): Message => ({
  id: r.id,
  branchId: r.branchId,
  userId: r.userId,
  staffId: r.staffId,
  event: r.event,
  period: r.period,
  channel: r.channel,
  language: r.language,
  recipient: r.recipient,
  subject: r.subject,
  body: r.body,
  status: r.status,
  attempts: r.attempts,
  lastError: r.lastError,
  nextAttemptAt: iso(r.nextAttemptAt),
  sentAt: iso(r.sentAt),
  createdAt: new Date(r.createdAt).toISOString(),
  delivery: r.delivery,
  deliveryAt: iso(r.deliveryAt),
});
