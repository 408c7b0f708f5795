// WhatsApp's own Cloud API as a channel (issue 46): the organisation's number and secrets, its
// approved templates per event and language, delivery receipts and replies.
import { z } from 'zod';
import { idSchema } from './list.ts';
import {
  templateEvents,
  templateVariables,
  type TemplateEvent,
  type TemplateVariable,
} from './messageNames.ts';

/** Meta's Graph API; WHATSAPP_GRAPH_URL replaces it (tests, a relay). */
export const defaultGraphUrl = 'https://graph.facebook.com/v23.0';
export const whatsappWebhookPath = '/api/whatsapp/webhook';

/**
 * The secrets are write-only: an empty string keeps the stored one, so a form can be saved again
 * without typing them; the answer only says whether each is set.
 */
export const whatsappCloudInputSchema = z.object({
  phoneNumberId: z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .regex(/^\d{5,30}$/, 'Use the digits of the phone number id'),
  ]),
  accessToken: z.string().trim().max(1000),
  appSecret: z.string().trim().max(200),
  verifyToken: z.string().trim().max(200),
  /** The language code templates go out in when the member's own has none (en, hi, en_US...). */
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'Use a language code such as en, hi or en_US')
    .default('en'),
  /** The price of a delivered utility template in thousandths of a rupee (₹0.115 = 115). */
  ratePerMessage: z.number().int().min(0).max(1_000_000).default(115),
});
export type WhatsAppCloudInput = z.output<typeof whatsappCloudInputSchema>;

export const whatsappCloudSchema = z.object({
  /** Sends go through the Cloud API (a phone number id and an access token are stored). */
  configured: z.boolean(),
  phoneNumberId: z.string(),
  accessTokenSet: z.boolean(),
  appSecretSet: z.boolean(),
  verifyTokenSet: z.boolean(),
  language: z.string(),
  ratePerMessage: z.number().int(),
  webhookPath: z.string(),
});
export type WhatsAppCloud = z.infer<typeof whatsappCloudSchema>;

export const whatsappTestInputSchema = z.object({
  to: z
    .string()
    .trim()
    .regex(/^\+?[\d\s()-]{8,30}$/, 'Not a phone number'),
});
export const whatsappTestResultSchema = z.object({ ok: z.boolean(), error: z.string().nullable() });

/** What a template's parameter may be filled with, in the order the template numbers them. */
export const whatsappParameters = templateVariables;
export type WhatsAppParameter = TemplateVariable;

const languageCode = z
  .string()
  .trim()
  .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'Use a language code such as en, hi or en_US');

export const whatsappTemplateInputSchema = z.object({
  event: z.enum(templateEvents as [TemplateEvent, ...TemplateEvent[]]),
  language: languageCode,
  /** The approved template's name in Meta's manager; '' removes the mapping. */
  name: z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .regex(/^[a-z0-9_]{1,512}$/, 'Lower-case letters, digits and _'),
  ]),
  parameters: z.array(z.enum(whatsappParameters)).max(10),
  /**
   * The approved body text with {{1}}...{{n}}, for a template the product does not ship: the
   * parameters are checked against the placeholders it declares.
   */
  body: z.string().max(1024).optional(),
});
export type WhatsAppTemplateInput = z.output<typeof whatsappTemplateInputSchema>;

export const whatsappTemplateSchema = z.object({
  event: z.enum(templateEvents as [TemplateEvent, ...TemplateEvent[]]),
  language: z.string(),
  name: z.string(),
  parameters: z.array(z.enum(whatsappParameters)),
  /** How many parameters the template declares. */
  declared: z.number().int(),
});
export type WhatsAppTemplate = z.infer<typeof whatsappTemplateSchema>;
export const whatsappTemplatesSchema = z.object({ items: z.array(whatsappTemplateSchema) });

/** A staff reply inside the member's 24-hour window: free text. */
export const whatsappReplyInputSchema = z.object({
  userId: idSchema,
  text: z.string().trim().min(1, 'Required').max(4096),
});

export const whatsappInboundSchema = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  memberName: z.string().nullable(),
  from: z.string(),
  kind: z.string(),
  body: z.string(),
  /** STOP/START understood: optOut or optIn; null for an ordinary message. */
  action: z.enum(['optOut', 'optIn']).nullable(),
  receivedAt: z.string(),
});
export type WhatsAppInbound = z.infer<typeof whatsappInboundSchema>;
export const whatsappInboundListSchema = z.object({ items: z.array(whatsappInboundSchema) });
export const whatsappInboundQuerySchema = z.object({ userId: z.coerce.number().int().positive().optional() });

/** The month's sent templates by category and what they cost at the organisation's rate. */
export const whatsappCostSchema = z.object({
  month: z.string(),
  rows: z.array(z.object({ category: z.string(), count: z.number().int(), costPaise: z.number() })),
  totalPaise: z.number(),
});

/** Delivery as WhatsApp reports it; a later report of lesser meaning never replaces a greater one. */
export const deliveryStates = ['sent', 'failed', 'delivered', 'read'] as const;
export type DeliveryState = (typeof deliveryStates)[number];
/** sent < failed < delivered < read: a failure after delivery (another device) keeps delivered. */
export const deliveryRank: Record<DeliveryState, number> = { sent: 1, failed: 2, delivered: 3, read: 4 };

/**
 * Meta's error codes where sending again later can help: throughput and rate limits, and Meta's own
 * passing trouble. Any other failure (template missing or its parameters wrong, the number not on
 * WhatsApp, outside the 24-hour window, a bad token) is shown to staff and not retried.
 */
export const retryableWhatsAppCodes: readonly number[] = [
  1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056, 133004,
];

/** Replies that opt a member out of reminders, and back in (English, Hindi and its Latin spelling). */
export const stopWords = ['stop', 'unsubscribe', 'band', 'band karo', 'बंद', 'बंद करो', 'बंद करें', 'रोकें', 'रोको'];
export const startWords = [
  'start',
  'subscribe',
  'shuru',
  'shuru karo',
  'chalu',
  'शुरू',
  'शुरू करो',
  'शुरू करें',
  'चालू',
];

/** A member's reply as an opt-out or opt-in, if it is one (case, spaces and a final ! or . ignored). */
export function optAction(text: string): 'optOut' | 'optIn' | null {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/[\s]+/g, ' ')
    .replace(/[.!।]+$/u, '')
    .trim();
  if (stopWords.includes(t)) return 'optOut';
  if (startWords.includes(t)) return 'optIn';
  return null;
}

/** The confirming replies, in the template language's tongue where we have it (hi), else English. */
export const optReplies: Record<'optOut' | 'optIn', { en: string; hi: string }> = {
  optOut: {
    en: 'You will get no more reminders on WhatsApp. Reply START to get them again.',
    hi: 'अब आपको WhatsApp पर रिमाइंडर नहीं भेजे जाएँगे। फिर से पाने के लिए START या शुरू लिखें।',
  },
  optIn: {
    en: 'Reminders on WhatsApp are on again. Reply STOP to end them.',
    hi: 'WhatsApp पर रिमाइंडर फिर से चालू हैं। बंद करने के लिए STOP या बंद लिखें।',
  },
};

type Suggested = { name: string; parameters: WhatsAppParameter[]; body: Record<'en' | 'hi', string> };

/**
 * Template texts to submit in Meta's WhatsApp Manager (category Utility), in English and Hindi, under
 * the name given; {{n}} is the n-th parameter. Meta refuses a body that starts or ends with a
 * parameter, so each ends with words. docs/whatsapp-templates.md lists them for people.
 */
export const suggestedWhatsAppTemplates: Record<TemplateEvent, Suggested> = {
  expiring: {
    name: 'membership_expiring',
    parameters: ['name', 'branchName', 'validTill', 'daysLeft', 'memberLink'],
    body: {
      en: 'Hello {{1}}, your membership at {{2}} is valid till {{3}} ({{4}} days left). Renew at the desk or here: {{5}} Thank you.',
      hi: 'नमस्ते {{1}}, {{2}} में आपकी सदस्यता {{3}} तक मान्य है (बाकी {{4}} दिन)। काउंटर पर या यहाँ नवीनीकरण करें: {{5}} धन्यवाद।',
    },
  },
  expired: {
    name: 'membership_expired',
    parameters: ['name', 'branchName', 'validTill', 'branchPhone'],
    body: {
      en: 'Hello {{1}}, your membership at {{2}} ended on {{3}}. To renew, visit the desk or call {{4}}. Thank you.',
      hi: 'नमस्ते {{1}}, {{2}} में आपकी सदस्यता {{3}} को समाप्त हो गई। नवीनीकरण के लिए काउंटर पर आएँ या {{4}} पर कॉल करें।',
    },
  },
  dues: {
    name: 'dues_reminder',
    parameters: ['name', 'amountDue', 'branchName', 'upiLink'],
    body: {
      en: 'Hello {{1}}, {{2}} is due at {{3}}. Pay by UPI: {{4}} Thank you.',
      hi: 'नमस्ते {{1}}, {{3}} में {{2}} बकाया है। UPI से भुगतान करें: {{4}} धन्यवाद।',
    },
  },
  paymentReceipt: {
    name: 'payment_receipt',
    parameters: ['name', 'amount', 'receiptNumber', 'validTill', 'receiptLink'],
    body: {
      en: 'Hello {{1}}, we received {{2}} (receipt {{3}}). Your membership is valid till {{4}}. Receipt: {{5}} Thank you.',
      hi: 'नमस्ते {{1}}, हमें {{2}} प्राप्त हुए (रसीद {{3}})। आपकी सदस्यता {{4}} तक मान्य है। रसीद: {{5}} धन्यवाद।',
    },
  },
  refundReceipt: {
    name: 'refund_receipt',
    parameters: ['name', 'amount', 'receiptNumber', 'branchPhone'],
    body: {
      en: 'Hello {{1}}, we refunded {{2}} to you (refund {{3}}). Questions? Call {{4}}. Thank you.',
      hi: 'नमस्ते {{1}}, हमने आपको {{2}} वापस किए (रिफंड {{3}})। प्रश्नों के लिए {{4}} पर कॉल करें।',
    },
  },
  memberLink: {
    name: 'member_page_link',
    parameters: ['name', 'branchName', 'memberLink'],
    body: {
      en: 'Hello {{1}}, your own page at {{2}}: {{3}} Validity, dues, receipts and paying by UPI. Keep this link to yourself.',
      hi: 'नमस्ते {{1}}, {{2}} में आपका अपना पेज: {{3}} वैधता, बकाया, रसीदें और UPI से भुगतान। यह लिंक किसी से साझा न करें।',
    },
  },
  guardian: {
    name: 'guardian_notice',
    parameters: ['guardianName', 'name', 'branchName', 'validTill', 'amountDue'],
    body: {
      en: 'Hello {{1}}, the membership of {{2}} at {{3}} ended on {{4}} and has not been renewed; {{5}} is due. Please contact the desk.',
      hi: 'नमस्ते {{1}}, {{3}} में {{2}} की सदस्यता {{4}} को समाप्त हो गई और नवीनीकृत नहीं हुई; {{5}} बकाया है। कृपया काउंटर से संपर्क करें।',
    },
  },
  guardianDues: {
    name: 'guardian_dues_notice',
    parameters: ['guardianName', 'name', 'branchName', 'amountDue', 'duesSince'],
    body: {
      en: 'Hello {{1}}, {{2}} owes {{4}} at {{3}}, due since {{5}}. Please pay at the desk. Thank you.',
      hi: 'नमस्ते {{1}}, {{3}} में {{2}} का {{4}} बकाया है, {{5}} से देय। कृपया काउंटर पर भुगतान करें। धन्यवाद।',
    },
  },
  enquiryFollowUp: {
    name: 'enquiry_follow_up',
    parameters: ['name', 'branchName', 'followUpDate'],
    body: {
      en: 'The enquiry of {{1}} at {{2}} is due for follow-up on {{3}}. Please call them.',
      hi: 'फ़ॉलो-अप: {{2}} में {{1}} की पूछताछ पर {{3}} को संपर्क करें।',
    },
  },
};

/** How many parameters a body text declares ({{1}}...{{n}}); -1 when they are not 1..n. */
export function declaredParameters(body: string): number {
  const found = new Set([...body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => Number(m[1])));
  for (let i = 1; i <= found.size; i += 1) if (!found.has(i)) return -1;
  return found.size;
}

/** The shipped template of that name and language, if any. */
export function suggestedByName(name: string, language: string): { body: string } | undefined {
  const lang = language.slice(0, 2);
  if (lang !== 'en' && lang !== 'hi') return undefined;
  const s = Object.values(suggestedWhatsAppTemplates).find((t) => t.name === name);
  return s ? { body: s.body[lang] } : undefined;
}
