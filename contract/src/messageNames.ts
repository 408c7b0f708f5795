// Message names and the template preview without zod, for the web's first load (issue 21);
// messages.ts re-exports them.
import { languages, type Language } from './languages.ts';

/**
 * Reminders and messages (DOMAIN.md, Doors, WiFi and reminders: Reminders). Every message is a row of
 * the outbox; the server's tick adds the due reminders and delivers what is queued.
 */
export const messageEvents = [
  'expiring',
  'expired',
  'dues',
  'paymentReceipt',
  'refundReceipt',
  'enquiryFollowUp',
  /** A member's personal page link, sent when staff ask for it (issue 37). */
  'memberLink',
  'test',
  /** A WhatsApp reply inside the member's 24-hour window: staff's, or the STOP/START confirmation (issue 46). */
  'reply',
  /** The member's guardian, told on WhatsApp some days after a validity end not renewed (issue 46). */
  'guardian',
  /** The member's guardian, told on WhatsApp when dues are overdue that many days (issue 46, point 5). */
  'guardianDues',
] as const;
export type MessageEvent = (typeof messageEvents)[number];
/** Events that have a template (a test send uses the template of the event it names; a reply is free text). */
export const templateEvents = messageEvents.filter((e) => e !== 'test' && e !== 'reply') as Exclude<
  MessageEvent,
  'test' | 'reply'
>[];
export type TemplateEvent = Exclude<MessageEvent, 'test' | 'reply'>;

export const messageChannels = ['email', 'sms', 'whatsapp'] as const;
export type MessageChannel = (typeof messageChannels)[number];
export const providerChannels = ['sms', 'whatsapp'] as const;
export type ProviderChannel = (typeof providerChannels)[number];

/** The languages a template is kept in: the member's languages (languages.ts, issue 48). */
export const messageLanguages = languages;
export type MessageLanguage = Language;

/** logged: an e-mail kept in the mail log and the server's log because no mail server is set up. */
export const messageStatuses = ['queued', 'sent', 'logged', 'failed', 'gaveUp'] as const;
export type MessageStatus = (typeof messageStatuses)[number];

/** The variables a template may use; the preview fills them with these samples. */
export const templateVariables = [
  'name',
  'validTill',
  'daysLeft',
  'amountDue',
  'amount',
  'receiptNumber',
  'receiptLink',
  'branchName',
  'branchPhone',
  'followUpDate',
  /** The member's live personal page link (issue 37); empty when they have none. */
  'memberLink',
  /** Dues reminders: a upi:// link for the dues with amount and reference (issue 37). */
  'upiLink',
  /** The guardian's message: the guardian's own name (issue 46). */
  'guardianName',
  /** Dues messages: the day the oldest unpaid amount fell due (empty without dues). */
  'duesSince',
] as const;
export type TemplateVariable = (typeof templateVariables)[number];
export type TemplateValues = Partial<Record<TemplateVariable, string>>;

export const sampleValues: Record<TemplateVariable, string> = {
  name: 'Asha Rao',
  // As the organisation writes dates in messages (en-IN), never ISO (issue 34).
  validTill: '01/12/2026',
  daysLeft: '3',
  amountDue: '₹1,500.00',
  amount: '₹2,000.00',
  receiptNumber: 'RCP-B1-2026-42',
  receiptLink: 'https://library.example/r/abc',
  branchName: 'Central',
  branchPhone: '+91 98765 43210',
  followUpDate: '26/11/2026',
  memberLink: 'https://library.example/m/Zk3v9QeT0aLq7wYb2nRcXs5uHj8dPf1G',
  upiLink:
    'upi://pay?pa=library%40hdfc&pn=Library&am=1500.00&cu=INR&tr=3F9A1C0B7E2D4A65&tn=Dues%20Asha%20Rao',
  guardianName: 'Ramesh Rao',
  duesSince: '15/11/2026',
};

/** `{{name}}` becomes the value; an unknown variable stays as written so a typo shows in the preview. */
export function renderTemplate(text: string, values: TemplateValues): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? (values[key as TemplateVariable] ?? '') : whole,
  );
}
