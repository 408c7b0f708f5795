import { z } from 'zod';
import { idSchema, listQuerySchema, queryId } from './list.ts';
import { isoDate } from './users.ts';
import { messageSortFields } from './listNames.ts';
import {
  messageChannels,
  messageEvents,
  messageLanguages,
  messageStatuses,
  providerChannels,
  templateEvents,
  type MessageLanguage,
  type TemplateEvent,
} from './messageNames.ts';
export { messageSortFields };
export {
  messageChannels,
  messageEvents,
  messageLanguages,
  messageStatuses,
  providerChannels,
  renderTemplate,
  sampleValues,
  templateEvents,
  templateVariables,
  type MessageChannel,
  type MessageEvent,
  type MessageLanguage,
  type MessageStatus,
  type ProviderChannel,
  type TemplateEvent,
  type TemplateValues,
  type TemplateVariable,
} from './messageNames.ts';

/** Attempts before a message is given up (backoff 1, 2, 4, 8, 16 minutes between them). */
export const maxMessageAttempts = 6;

export const messageSchema = z.object({
  id: z.number().int(),
  branchId: z.number().int(),
  userId: z.number().int().nullable(),
  staffId: z.number().int().nullable(),
  event: z.enum(messageEvents),
  period: z.string(),
  channel: z.enum(messageChannels),
  language: z.enum(messageLanguages),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(messageStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  /** WhatsApp's Cloud API's report: sent, delivered, read or failed (issue 46); null elsewhere. */
  delivery: z.enum(['sent', 'failed', 'delivered', 'read']).nullable(),
  deliveryAt: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

export const messageListQuerySchema = listQuerySchema(messageSortFields).extend({
  status: z.enum(messageStatuses).optional(),
  channel: z.enum(messageChannels).optional(),
  event: z.enum(messageEvents).optional(),
  /** Created on or after / on or before this day (UTC). */
  from: isoDate.optional(),
  to: isoDate.optional(),
  userId: queryId.optional(),
});
export type MessageListQuery = z.output<typeof messageListQuerySchema>;

export const messageIdQuerySchema = z.object({ messageId: queryId });

/** A header of the HTTP provider; values are secrets (API keys) and come back masked. */
export const providerHeaderSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Required')
    .max(100)
    .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'Not a header name'),
  value: z.string().max(2000),
});

/**
 * A gateway that takes one message per HTTP request. URL and body are templates: `{{to}}`,
 * `{{text}}` and `{{subject}}` are replaced (URL-encoded in the URL, escaped for JSON in a JSON body).
 */
export const providerSchema = z.object({
  url: z.string(),
  method: z.enum(['POST', 'GET', 'PUT']),
  headers: z.array(providerHeaderSchema).max(20),
  body: z.string().max(5000),
});
export type Provider = z.infer<typeof providerSchema>;
/** What is saved: an http(s) address or nothing (answers keep the plain string: no format checks there). */
export const providerInputSchema = providerSchema.extend({
  url: z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .max(2000)
      .regex(/^https?:\/\/\S+$/, 'Use an http:// or https:// address'),
  ]),
});

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM');

export const messageSettingsSchema = z.object({
  /** Days before validity ends that a reminder goes out (default 7, 3, 1). */
  daysBefore: z.array(z.number().int().min(1).max(60)).max(10),
  /** No message leaves between these times (the branch's clock); both null: no quiet hours. */
  quietStart: timeOfDay.nullable(),
  quietEnd: timeOfDay.nullable(),
  /** Channels reminders and receipts go out on (each where the member has an address and did not opt out). */
  channels: z.array(z.enum(messageChannels)),
  /** Events that are sent at all. */
  events: z.array(z.enum(templateEvents as [TemplateEvent, ...TemplateEvent[]])),
  sms: providerSchema,
  whatsapp: providerSchema,
  /** Days past a validity end not renewed after which the member's guardian is told once; null: never (issue 46). */
  guardianAfterDays: z.number().int().min(0).max(365).nullable().default(null),
});
export type MessageSettings = z.output<typeof messageSettingsSchema>;
/** The settings as the server answers them: also whether e-mail really leaves (a mail server is set up). */
export const messageSettingsAnswerSchema = messageSettingsSchema.extend({ mailServer: z.boolean() });
export type MessageSettingsAnswer = z.infer<typeof messageSettingsAnswerSchema>;

export const messageSettingsInputSchema = messageSettingsSchema
  .extend({ sms: providerInputSchema, whatsapp: providerInputSchema })
  .superRefine((v, ctx) => {
    if ((v.quietStart === null) !== (v.quietEnd === null)) {
      ctx.addIssue({ code: 'custom', path: ['quietEnd'], message: 'Give both times or neither' });
    }
    // WhatsApp may go through the Cloud API instead (issue 46): the server checks that case.
    for (const channel of providerChannels.filter((c) => c !== 'whatsapp')) {
      if (v.channels.includes(channel) && v[channel].url === '') {
        ctx.addIssue({ code: 'custom', path: [channel, 'url'], message: 'Required for this channel' });
      }
    }
  });

export const messageTemplateSchema = z.object({
  event: z.enum(templateEvents as [TemplateEvent, ...TemplateEvent[]]),
  language: z.enum(messageLanguages),
  subject: z.string().trim().max(200),
  body: z.string().trim().min(1, 'Required').max(2000),
  /** True when the organisation has not changed the shipped text. */
  isDefault: z.boolean(),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;
export const messageTemplateInputSchema = messageTemplateSchema.omit({ isDefault: true });
export const messageTemplatesSchema = z.object({ items: z.array(messageTemplateSchema) });

export const testMessageInputSchema = z
  .object({
    channel: z.enum(messageChannels),
    /** An e-mail address, or a number for SMS and WhatsApp (digits, spaces, + - ( ) only). */
    to: z.string().trim().min(3, 'Required').max(200),
    event: z.enum(templateEvents as [TemplateEvent, ...TemplateEvent[]]),
    language: z.enum(messageLanguages),
  })
  .superRefine((v, ctx) => {
    const ok = v.channel === 'email' ? z.email().safeParse(v.to).success : /^\+?[\d\s()-]{3,30}$/.test(v.to);
    if (!ok) {
      const message = v.channel === 'email' ? 'Not an e-mail address' : 'Not a phone number';
      ctx.addIssue({ code: 'custom', path: ['to'], message });
    }
  });
/** `logged`: an e-mail kept in the mail log, not sent, because no mail server is set up. */
export const testMessageResultSchema = z.object({
  ok: z.boolean(),
  logged: z.boolean(),
  error: z.string().nullable(),
});

export const memberMessagePrefsSchema = z.object({
  userId: idSchema,
  language: z.enum(messageLanguages),
  optOut: z.array(z.enum(messageChannels)),
  /** A guardian told on WhatsApp of an expiry not renewed (issue 46); both null: none. */
  guardianName: z.string().trim().max(100).nullable().default(null),
  guardianMobile: z
    .string()
    .trim()
    .regex(/^\+?[\d\s()-]{8,30}$/, 'Not a phone number')
    .nullable()
    .default(null),
});
export type MemberMessagePrefs = z.infer<typeof memberMessagePrefsSchema>;
export const memberMessagePrefsQuerySchema = z.object({ userId: queryId });

type Text = { subject: string; body: string };

/**
 * Shipped texts; an organisation's edits are stored and win. Hindi (issue 48) is written for a
 * member reading it on the phone, with the glossary's words (docs/hindi-glossary.md): सदस्यता,
 * नवीनीकरण, बकाया, रसीद; the desk is काउंटर, as the WhatsApp templates say it (whatsapp.ts).
 */
export const defaultTemplates: Record<TemplateEvent, Record<MessageLanguage, Text>> = {
  expiring: {
    en: {
      subject: 'Your membership ends in {{daysLeft}} days',
      body: 'Hello {{name}}, your membership at {{branchName}} is valid till {{validTill}} ({{daysLeft}} days left). Renew at the desk or call {{branchPhone}}.',
    },
    de: {
      subject: 'Ihre Mitgliedschaft endet in {{daysLeft}} Tagen',
      body: 'Hallo {{name}}, Ihre Mitgliedschaft bei {{branchName}} gilt bis {{validTill}} (noch {{daysLeft}} Tage). Verlängern Sie am Empfang oder unter {{branchPhone}}.',
    },
    hi: {
      subject: 'आपकी सदस्यता {{daysLeft}} दिन में खत्म हो रही है',
      body: 'नमस्ते {{name}}, {{branchName}} में आपकी सदस्यता {{validTill}} तक वैध है (बाकी {{daysLeft}} दिन)। काउंटर पर नवीनीकरण कराएँ या {{branchPhone}} पर फ़ोन करें।',
    },
  },
  expired: {
    en: {
      subject: 'Your membership has ended',
      body: 'Hello {{name}}, your membership at {{branchName}} ended on {{validTill}}. We would be glad to see you again: call {{branchPhone}}.',
    },
    de: {
      subject: 'Ihre Mitgliedschaft ist abgelaufen',
      body: 'Hallo {{name}}, Ihre Mitgliedschaft bei {{branchName}} ist am {{validTill}} abgelaufen. Wir freuen uns auf Sie: {{branchPhone}}.',
    },
    hi: {
      subject: 'आपकी सदस्यता खत्म हो गई है',
      body: 'नमस्ते {{name}}, {{branchName}} में आपकी सदस्यता {{validTill}} को खत्म हो गई। आपका फिर से स्वागत है: {{branchPhone}} पर फ़ोन करें।',
    },
  },
  dues: {
    en: {
      subject: 'Amount due: {{amountDue}}',
      body: 'Hello {{name}}, {{amountDue}} is still due at {{branchName}}. Please pay at the desk. Questions: {{branchPhone}}.',
    },
    de: {
      subject: 'Offener Betrag: {{amountDue}}',
      body: 'Hallo {{name}}, bei {{branchName}} sind noch {{amountDue}} offen. Bitte zahlen Sie am Empfang. Fragen: {{branchPhone}}.',
    },
    hi: {
      subject: 'बकाया: {{amountDue}}',
      body: 'नमस्ते {{name}}, {{branchName}} में आपका {{amountDue}} अभी बकाया है। कृपया काउंटर पर भुगतान करें। कोई सवाल हो तो: {{branchPhone}}।',
    },
  },
  paymentReceipt: {
    en: {
      subject: 'Receipt {{receiptNumber}}',
      body: 'Hello {{name}}, thank you for your payment of {{amount}} (receipt {{receiptNumber}}). Your membership is valid till {{validTill}}. Receipt: {{receiptLink}}',
    },
    de: {
      subject: 'Quittung {{receiptNumber}}',
      body: 'Hallo {{name}}, vielen Dank für Ihre Zahlung von {{amount}} (Quittung {{receiptNumber}}). Ihre Mitgliedschaft gilt bis {{validTill}}. Quittung: {{receiptLink}}',
    },
    hi: {
      subject: 'रसीद {{receiptNumber}}',
      body: 'नमस्ते {{name}}, {{amount}} के भुगतान के लिए धन्यवाद (रसीद {{receiptNumber}})। आपकी सदस्यता {{validTill}} तक वैध है। रसीद: {{receiptLink}}',
    },
  },
  refundReceipt: {
    en: {
      subject: 'Refund {{receiptNumber}}',
      body: 'Hello {{name}}, we refunded {{amount}} to you (refund {{receiptNumber}}). Questions: {{branchPhone}}.',
    },
    de: {
      subject: 'Erstattung {{receiptNumber}}',
      body: 'Hallo {{name}}, wir haben Ihnen {{amount}} erstattet (Erstattung {{receiptNumber}}). Fragen: {{branchPhone}}.',
    },
    hi: {
      subject: 'रिफ़ंड {{receiptNumber}}',
      body: 'नमस्ते {{name}}, हमने आपको {{amount}} लौटा दिए हैं (रिफ़ंड {{receiptNumber}})। कोई सवाल हो तो: {{branchPhone}}।',
    },
  },
  memberLink: {
    en: {
      subject: 'Your page at {{branchName}}',
      body: 'Hello {{name}}, your own page at {{branchName}}: {{memberLink}} Validity, dues, receipts and paying by UPI. Keep this link to yourself.',
    },
    de: {
      subject: 'Ihre Seite bei {{branchName}}',
      body: 'Hallo {{name}}, Ihre eigene Seite bei {{branchName}}: {{memberLink}} Gültigkeit, offener Betrag, Quittungen und Zahlen mit UPI. Behalten Sie den Link für sich.',
    },
    hi: {
      subject: '{{branchName}} में आपका पेज',
      body: 'नमस्ते {{name}}, {{branchName}} में आपका अपना पेज: {{memberLink}} इसमें वैधता, बकाया, रसीदें और UPI से भुगतान है। यह लिंक किसी और को न दें।',
    },
  },
  guardian: {
    en: {
      subject: 'About {{name}} at {{branchName}}',
      body: 'Hello {{guardianName}}, the membership of {{name}} at {{branchName}} ended on {{validTill}} and has not been renewed; {{amountDue}} is due. Questions: {{branchPhone}}.',
    },
    de: {
      subject: 'Zu {{name}} bei {{branchName}}',
      body: 'Hallo {{guardianName}}, die Mitgliedschaft von {{name}} bei {{branchName}} ist am {{validTill}} abgelaufen und wurde nicht verlängert; offen sind {{amountDue}}. Fragen: {{branchPhone}}.',
    },
    hi: {
      subject: '{{branchName}} में {{name}} के बारे में',
      body: 'नमस्ते {{guardianName}}, {{branchName}} में {{name}} की सदस्यता {{validTill}} को खत्म हो गई और नवीनीकरण नहीं हुआ है; {{amountDue}} बकाया है। कोई सवाल हो तो: {{branchPhone}}।',
    },
  },
  guardianDues: {
    en: {
      subject: 'Dues of {{name}} at {{branchName}}',
      body: 'Hello {{guardianName}}, {{amountDue}} has been due from {{name}} at {{branchName}} since {{duesSince}}. Please pay at the desk. Questions: {{branchPhone}}.',
    },
    de: {
      subject: 'Offener Betrag von {{name}} bei {{branchName}}',
      body: 'Hallo {{guardianName}}, {{name}} schuldet {{branchName}} seit {{duesSince}} {{amountDue}}. Bitte am Empfang zahlen. Fragen: {{branchPhone}}.',
    },
    hi: {
      subject: '{{branchName}} में {{name}} का बकाया',
      body: 'नमस्ते {{guardianName}}, {{branchName}} में {{name}} का {{amountDue}} {{duesSince}} से बकाया है। कृपया काउंटर पर भुगतान करें। कोई सवाल हो तो: {{branchPhone}}।',
    },
  },
  enquiryFollowUp: {
    en: {
      subject: 'Follow up today: {{name}}',
      body: 'The enquiry of {{name}} at {{branchName}} is due for follow-up on {{followUpDate}}.',
    },
    de: {
      subject: 'Heute nachfassen: {{name}}',
      body: 'Die Anfrage von {{name}} bei {{branchName}} ist am {{followUpDate}} zum Nachfassen fällig.',
    },
    hi: {
      subject: 'आज फ़ॉलो-अप: {{name}}',
      body: '{{branchName}} में {{name}} की पूछताछ का फ़ॉलो-अप {{followUpDate}} को करना है।',
    },
  },
};
