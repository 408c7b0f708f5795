// An outbox row on WhatsApp's Cloud API (issue 46): free text inside the member's 24-hour window
// (since they last wrote), else the approved template the row was added with. Without a template
// outside the window the row fails for good: no retry can make WhatsApp take free text there.
import { sql } from 'drizzle-orm';
import type { WhatsAppTemplateSend } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { holdsMaskedLink, withLiveLink } from '../portal/links.ts';
import {
  cloudConfigured,
  GraphError,
  graphSend,
  loadCloud,
  waNumber,
  type CloudTransport,
  type GraphPayload,
} from './whatsappCloud.ts';

export type CloudRow = {
  id?: number;
  clientId: number;
  userId?: number | null;
  event?: string;
  recipient: string;
  body: string;
  waTemplate?: WhatsAppTemplateSend | null;
};

/** Whether the number wrote to the organisation in the 24 hours before `now`. */
export async function insideWindow(db: Db, clientId: number, number: string, now: Date): Promise<boolean> {
  const res = await db.execute(sql`select 1 from whatsapp_inbound
     where client_id = ${clientId} and from_number = ${waNumber(number)}
       and received_at > ${now.toISOString()}::timestamptz - interval '24 hours' limit 1`);
  return res.rows.length > 0;
}

/**
 * Sends the row through the Cloud API when the organisation set it up; false when it did not (the
 * HTTP provider is used then). Throws GraphError (retryable or not) when WhatsApp refuses.
 */
export async function sendViaCloud(db: Db, transport: CloudTransport, m: CloudRow, now = new Date()) {
  const cloud = await loadCloud(db, transport.secret, m.clientId);
  if (!cloudConfigured(cloud)) return false;
  let payload: GraphPayload;
  if (m.event === 'reply' || (await insideWindow(db, m.clientId, m.recipient, now))) {
    payload = { kind: 'text', text: m.body };
  } else if (m.waTemplate) {
    payload = { kind: 'template', template: await liveParameters(db, transport, m, m.waTemplate) };
  } else {
    throw new GraphError(
      'No approved WhatsApp template is set for this message, and the member has not written in the last 24 hours.',
      null,
      false,
    );
  }
  const waId = await graphSend(transport, cloud, m.recipient, payload);
  if (m.id !== undefined) {
    // A new WhatsApp id: the reports of an earlier attempt's id no longer reach this row.
    await db.execute(sql`update messages set wa_message_id = ${waId}, wa_kind = ${payload.kind},
      delivery = null, delivery_at = null where id = ${m.id}`);
  }
  return true;
}

/** A member's page link kept masked in a parameter is made live as it goes (issue 45, point 7). */
async function liveParameters(
  db: Db,
  transport: CloudTransport,
  m: CloudRow,
  t: WhatsAppTemplateSend,
): Promise<WhatsAppTemplateSend> {
  if (!t.parameters.some(holdsMaskedLink)) return t;
  const links = { secret: transport.secret, publicUrl: transport.publicUrl };
  const parameters = await Promise.all(
    t.parameters.map(async (p) =>
      holdsMaskedLink(p)
        ? (
            await withLiveLink(db, links, {
              clientId: m.clientId,
              userId: m.userId ?? null,
              event: m.event ?? '',
              subject: '',
              body: p,
            })
          ).body
        : p,
    ),
  );
  return { ...t, parameters };
}
