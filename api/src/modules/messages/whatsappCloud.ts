// WhatsApp's Cloud API (issue 46): the organisation's number and secrets, and one send through the
// Graph API. The access token, app secret and verify token are sealed (AES-256-GCM) with a key
// derived from the server's secret before they are stored; they are opened only to send or to check
// a webhook, never answered and never logged.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  defaultGraphUrl,
  retryableWhatsAppCodes,
  whatsappWebhookPath,
  type WhatsAppCloud,
  type WhatsAppCloudInput,
} from '@app/contract/whatsapp';
import { messageSettings, type WhatsAppCloudRow, type WhatsAppTemplateSend } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';

/** Where the Graph API is (WHATSAPP_GRAPH_URL) and the server's secret the stored secrets are sealed with. */
export type CloudTransport = { graphUrl: string; secret: string; publicUrl: string };

export const cloudTransport = (config: {
  whatsappGraphUrl?: string;
  jwtSecret: string;
  publicUrl: string;
}): CloudTransport => ({
  graphUrl: config.whatsappGraphUrl ?? defaultGraphUrl,
  secret: config.jwtSecret,
  publicUrl: config.publicUrl,
});

/** The organisation's Cloud API settings with the secrets opened: for sending and webhooks only. */
export type CloudSettings = {
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  language: string;
  ratePerMessage: number;
};

const keyOf = (secret: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'whatsapp-cloud', 'stored secrets v1', 32));

/** `v1.<iv>.<tag>.<ciphertext>`, base64url; '' stays ''. */
export function seal(secret: string, plain: string): string {
  if (plain === '') return '';
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The sealed value opened; '' when empty or sealed with another key (the server's secret changed). */
export function open(secret: string, sealed: string): string {
  const [v, iv, tag, data] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || data === undefined) return '';
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return '';
  }
}

const openRow = (secret: string, row: WhatsAppCloudRow): CloudSettings => ({
  phoneNumberId: row.phoneNumberId,
  accessToken: open(secret, row.accessToken),
  appSecret: open(secret, row.appSecret),
  verifyToken: open(secret, row.verifyToken),
  language: row.language,
  ratePerMessage: row.ratePerMessage,
});

/** The settings in the clear, or null when the organisation has no Cloud API number. */
export async function loadCloud(
  db: Db | Tx,
  secret: string,
  clientId: number,
): Promise<CloudSettings | null> {
  const [row] = await db
    .select({ cloud: messageSettings.whatsappCloud })
    .from(messageSettings)
    .where(eq(messageSettings.clientId, clientId));
  return row?.cloud ? openRow(secret, row.cloud) : null;
}

/** Sends go through the Cloud API once a number and a token are stored. */
export const cloudConfigured = (c: CloudSettings | null): c is CloudSettings =>
  c !== null && c.phoneNumberId !== '' && c.accessToken !== '';

/** What the settings screen reads: whether each secret is set, never the secret. */
export function cloudAnswer(c: CloudSettings | null): WhatsAppCloud {
  return {
    configured: cloudConfigured(c),
    phoneNumberId: c?.phoneNumberId ?? '',
    accessTokenSet: (c?.accessToken ?? '') !== '',
    appSecretSet: (c?.appSecret ?? '') !== '',
    verifyTokenSet: (c?.verifyToken ?? '') !== '',
    language: c?.language ?? 'en',
    ratePerMessage: c?.ratePerMessage ?? 115,
    webhookPath: whatsappWebhookPath,
  };
}

/** Saves the settings; a secret given as '' keeps the stored one. */
export async function saveCloud(tx: Tx, secret: string, clientId: number, input: WhatsAppCloudInput) {
  const [row] = await tx
    .select({ cloud: messageSettings.whatsappCloud })
    .from(messageSettings)
    .where(eq(messageSettings.clientId, clientId));
  const old = row?.cloud;
  const keep = (given: string, stored: string | undefined) =>
    given === '' ? (stored ?? '') : seal(secret, given);
  const cloud: WhatsAppCloudRow = {
    phoneNumberId: input.phoneNumberId,
    accessToken: keep(input.accessToken, old?.accessToken),
    appSecret: keep(input.appSecret, old?.appSecret),
    verifyToken: keep(input.verifyToken, old?.verifyToken),
    language: input.language,
    ratePerMessage: input.ratePerMessage,
  };
  await tx
    .insert(messageSettings)
    .values({ clientId, whatsappCloud: cloud })
    .onConflictDoUpdate({
      target: messageSettings.clientId,
      set: { whatsappCloud: cloud, updatedAt: sql`now()` },
    });
}

/** Every organisation with a Cloud API number, secrets opened (webhooks: few rows per server). */
export async function allClouds(
  db: Db,
  secret: string,
): Promise<{ clientId: number; cloud: CloudSettings }[]> {
  const rows = await db
    .select({ clientId: messageSettings.clientId, cloud: messageSettings.whatsappCloud })
    .from(messageSettings)
    .where(sql`${messageSettings.whatsappCloud} is not null`);
  return rows.map((r) => ({ clientId: r.clientId, cloud: openRow(secret, r.cloud!) }));
}

/**
 * A number as WhatsApp writes it: digits with the country code. A 10-digit Indian mobile (or one
 * written with a leading 0) gets 91 in front.
 */
export function waNumber(mobile: string): string {
  const digits = mobile.replace(/\D/g, '');
  if (digits.length === 10) return `91${digits}`;
  if (digits.length === 11 && digits.startsWith('0')) return `91${digits.slice(1)}`;
  return digits;
}

/** A failed send: Meta's code and title, and whether sending again later can help. */
export class GraphError extends Error {
  constructor(
    message: string,
    readonly code: number | null,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export type GraphPayload =
  { kind: 'template'; template: WhatsAppTemplateSend } | { kind: 'text'; text: string };

/** The request body of one message as Meta documents it (POST /{phone-number-id}/messages). */
export function graphBody(to: string, p: GraphPayload): object {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to };
  if (p.kind === 'text') return { ...base, type: 'text', text: { preview_url: false, body: p.text } };
  const { name, language, parameters } = p.template;
  return {
    ...base,
    type: 'template',
    template: {
      name,
      language: { code: language },
      ...(parameters.length > 0 && {
        components: [
          {
            type: 'body',
            // Meta refuses an empty parameter; a value the message has not (no page link yet) is a dash.
            parameters: parameters.map((text) => ({ type: 'text', text: text === '' ? '-' : text })),
          },
        ],
      }),
    },
  };
}

/** Sends one message; answers its WhatsApp id (wamid...) or throws GraphError. */
export async function graphSend(
  transport: CloudTransport,
  cloud: CloudSettings,
  to: string,
  payload: GraphPayload,
): Promise<string> {
  const url = `${transport.graphUrl.replace(/\/$/, '')}/${encodeURIComponent(cloud.phoneNumberId)}/messages`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${cloud.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(graphBody(waNumber(to), payload)),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (err) {
    // Not reached or no answer in time: worth another try. The message names no header, so no token.
    throw new GraphError(
      `WhatsApp could not be reached: ${(err as Error).message}`.slice(0, 300),
      null,
      true,
    );
  }
  const text = await res.text().catch(() => '');
  let answer: {
    messages?: { id?: string }[];
    error?: { code?: number; message?: string; error_data?: { details?: string } };
  } = {};
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    // An answer that is not JSON (a relay's error page) is reported by its status below.
  }
  const id = answer.messages?.[0]?.id;
  if (res.ok && id) return id;
  const code = answer.error?.code ?? null;
  const detail = answer.error?.error_data?.details;
  const what = answer.error?.message ?? `answered ${res.status}`;
  const message = `WhatsApp ${code === null ? '' : `#${code} `}${what}${detail ? `: ${detail}` : ''}`.slice(
    0,
    500,
  );
  const retryable =
    code === null ? res.status >= 500 || res.status === 429 : retryableWhatsAppCodes.includes(code);
  throw new GraphError(message, code, retryable);
}
