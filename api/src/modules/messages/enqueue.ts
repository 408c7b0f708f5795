// Adding messages to the outbox. Each is rendered when it is added (what was sent stays readable),
// a member's page link masked (deliver.ts puts the live one in when sending);
// the unique index (organisation, event, period, channel, person) makes a second add a no-op, so two
// server processes finding the same due reminder add one row.
import {
  renderTemplate,
  type MessageChannel,
  type MessageEvent,
  type MessageLanguage,
  type MessageSettings,
  type TemplateEvent,
  type TemplateValues,
  type TemplateVariable,
} from '@app/contract/messages';
import { messages } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import { maskedLinkUrl } from '../portal/links.ts';
import type { TemplateBook } from './settings.ts';

export type Recipient = {
  userId: number | null;
  staffId: number | null;
  email: string | null;
  mobile: string | null;
  language: MessageLanguage;
  optOut: readonly string[];
};

export type Outgoing = {
  clientId: number;
  branchId: number;
  event: TemplateEvent;
  period: string;
  recipient: Recipient;
  values: TemplateValues;
};

const addressOn = (channel: MessageChannel, r: Recipient) => (channel === 'email' ? r.email : r.mobile);

/**
 * The rows for one occurrence: a row per channel the organisation uses where the person has an
 * address and did not opt out. Staff are written to by e-mail only.
 */
export function rowsFor(
  out: Outgoing,
  settings: MessageSettings,
  book: TemplateBook,
): (typeof messages.$inferInsert)[] {
  if (!settings.events.includes(out.event)) return [];
  const channels: MessageChannel[] = out.recipient.staffId !== null ? ['email'] : settings.channels;
  const text = book(out.event, out.recipient.language);
  // A member's page link is kept masked and put in only when sending (issue 45, point 7).
  const values = out.values.memberLink
    ? { ...out.values, memberLink: maskedLinkUrl(out.values.memberLink) }
    : out.values;
  // WhatsApp's Cloud API needs an approved template outside the member's 24-hour window: its
  // parameters are filled in now, as the body is (issue 46).
  const wa = book.whatsapp?.(out.event, out.recipient.language);
  const waTemplate = wa && {
    name: wa.name,
    language: wa.language,
    parameters: wa.parameters.map((p) => values[p as TemplateVariable] ?? ''),
  };
  return channels
    .filter((c) => !out.recipient.optOut.includes(c))
    .flatMap((channel) => {
      const to = addressOn(channel, out.recipient);
      if (!to) return [];
      return [
        {
          clientId: out.clientId,
          branchId: out.branchId,
          userId: out.recipient.userId,
          staffId: out.recipient.staffId,
          event: out.event as MessageEvent,
          period: out.period,
          channel,
          language: out.recipient.language,
          recipient: to,
          subject: renderTemplate(text.subject, values),
          body: renderTemplate(text.body, values),
          ...(channel === 'whatsapp' && waTemplate && { waTemplate }),
        },
      ];
    });
}

/** Adds the rows; returns how many were new. */
export async function enqueue(db: Db | Tx, rows: (typeof messages.$inferInsert)[]): Promise<number> {
  let added = 0;
  // 500 rows of 11 values each stay far below PostgreSQL's 65,535 parameters per statement.
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const ids = await db.insert(messages).values(chunk).onConflictDoNothing().returning({ id: messages.id });
    added += ids.length;
  }
  return added;
}
