// An organisation's reminder settings and templates: stored edits over shipped defaults.
import { eq } from 'drizzle-orm';
import {
  defaultTemplates,
  messageLanguages,
  providerChannels,
  templateEvents,
  type MessageLanguage,
  type MessageSettings,
  type MessageTemplate,
  type Provider,
  type TemplateEvent,
} from '@app/contract/messages';
import {
  messageSettings,
  messageTemplates,
  type ProviderRow,
  type WhatsAppTemplateRow,
} from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';

export const emptyProvider = (): ProviderRow => ({ url: '', method: 'POST', headers: [], body: '' });

const hhmm = (t: string | null) => (t === null ? null : t.slice(0, 5));

/** The settings with secrets in the clear: for sending only, never for an answer. */
export async function loadSettings(db: Db | Tx, clientId: number): Promise<MessageSettings> {
  const [row] = await db.select().from(messageSettings).where(eq(messageSettings.clientId, clientId));
  return {
    daysBefore: row?.daysBefore ?? [7, 3, 1],
    quietStart: hhmm(row?.quietStart ?? null),
    quietEnd: hhmm(row?.quietEnd ?? null),
    channels: (row?.channels ?? ['email']) as MessageSettings['channels'],
    events: (row?.events ?? [...templateEvents]) as MessageSettings['events'],
    sms: row?.providers.sms ?? emptyProvider(),
    whatsapp: row?.providers.whatsapp ?? emptyProvider(),
    guardianAfterDays: row?.guardianAfterDays ?? null,
  };
}

/** A secret shown as dots and its last two characters: enough to tell two keys apart. */
export const maskSecret = (value: string) => (value.length <= 4 ? '••••' : `••••${value.slice(-2)}`);
const isMasked = (value: string) => value.startsWith('••••');

/** Header values come back masked; the body template is no secret (keys belong in headers). */
export function maskSettings(settings: MessageSettings): MessageSettings {
  const mask = (p: Provider): Provider => ({
    ...p,
    headers: p.headers.map((h) => ({ name: h.name, value: maskSecret(h.value) })),
  });
  return { ...settings, sms: mask(settings.sms), whatsapp: mask(settings.whatsapp) };
}

/** A header sent back still masked keeps the stored value of that header name. */
export function unmaskProvider(input: Provider, stored: Provider): Provider {
  return {
    ...input,
    headers: input.headers.map((h) => {
      if (!isMasked(h.value)) return h;
      const old = stored.headers.find((s) => s.name.toLowerCase() === h.name.toLowerCase());
      return { name: h.name, value: old?.value ?? '' };
    }),
  };
}

export async function saveSettings(tx: Tx, clientId: number, input: MessageSettings): Promise<void> {
  const stored = await loadSettings(tx, clientId);
  const providers = Object.fromEntries(
    providerChannels.map((c) => [c, unmaskProvider(input[c], stored[c])]),
  ) as Record<'sms' | 'whatsapp', ProviderRow>;
  const values = {
    daysBefore: [...new Set(input.daysBefore)].sort((a, b) => b - a),
    quietStart: input.quietStart,
    quietEnd: input.quietEnd,
    channels: [...new Set(input.channels)],
    events: [...new Set(input.events)],
    providers,
    guardianAfterDays: input.guardianAfterDays ?? null,
    updatedAt: new Date().toISOString(),
  };
  await tx
    .insert(messageSettings)
    .values({ clientId, ...values })
    .onConflictDoUpdate({ target: messageSettings.clientId, set: values });
}

export type TemplateBook = ((
  event: TemplateEvent,
  language: MessageLanguage,
) => { subject: string; body: string }) & {
  /** The organisation's approved WhatsApp template for the event, if it mapped one (issue 46). */
  whatsapp?: (event: TemplateEvent, language: MessageLanguage) => WhatsAppTemplateRow | undefined;
};

/** Every template of the organisation: its edits, else the shipped text. */
export async function loadTemplates(db: Db | Tx, clientId: number): Promise<MessageTemplate[]> {
  const rows = await db.select().from(messageTemplates).where(eq(messageTemplates.clientId, clientId));
  return templateEvents.flatMap((event) =>
    messageLanguages.map((language) => {
      const own = rows.find((r) => r.event === event && r.language === language);
      return own
        ? { event, language, subject: own.subject, body: own.body, isDefault: false }
        : { event, language, ...defaultTemplates[event][language], isDefault: true };
    }),
  );
}

export async function templateBook(db: Db | Tx, clientId: number): Promise<TemplateBook> {
  const all = await loadTemplates(db, clientId);
  const book: TemplateBook = (event, language) =>
    all.find((t) => t.event === event && t.language === language)!;
  const [row] = await db
    .select({ templates: messageSettings.whatsappTemplates, cloud: messageSettings.whatsappCloud })
    .from(messageSettings)
    .where(eq(messageSettings.clientId, clientId));
  const mapped = row?.templates ?? [];
  if (mapped.length > 0) {
    // The member's language first (issue 48: each member reads their own; a WhatsApp code such as
    // en_US is English), then the organisation's WhatsApp language, then any the event has.
    const preferred = row?.cloud?.language ?? 'en';
    const tongue = (code: string) => code.split('_')[0];
    book.whatsapp = (event, language) => {
      const forEvent = mapped.filter((t) => t.event === event);
      return (
        forEvent.find((t) => t.language === language) ??
        forEvent.find((t) => tongue(t.language) === language) ??
        forEvent.find((t) => t.language === preferred) ??
        forEvent[0]
      );
    };
  }
  return book;
}
