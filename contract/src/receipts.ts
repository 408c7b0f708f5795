import { z } from 'zod';
import { queryId } from './list.ts';
import { taxDocumentKinds, taxDocumentSchema } from './gst.ts';
import { paymentSchema, receiptVerificationSchema } from './payments.ts';
import { languages } from './languages.ts';

export const receiptFormats = ['a4', 'thermal'] as const;
export type ReceiptFormat = (typeof receiptFormats)[number];

/** Everything a receipt prints (DOMAIN.md, Receipt): the payment and who issued it, where. */
export const receiptSchema = z.object({
  payment: paymentSchema,
  organisation: z.object({
    name: z.string(),
    address: z.string(),
    taxId: z.string(),
    currency: z.string(),
    locale: z.string(),
  }),
  branch: z.object({ name: z.string(), address: z.string(), phone: z.string() }),
  /** Absolute address of the public verification page (what the QR code holds). */
  verifyUrl: z.string(),
  /** The QR code of verifyUrl as a PNG data URL. */
  qrDataUrl: z.string(),
  /** The member's WiFi sign-in (mobile and PIN) when they have a package; null otherwise. */
  wifi: z.object({ username: z.string(), pin: z.string() }).nullable(),
  /**
   * The payment's tax invoice or bill of supply (issue 44), when its branch had GST switched on;
   * absent for every other payment, whose receipt stays as it was.
   */
  taxDocument: taxDocumentSchema.optional(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptPdfQuerySchema = z.object({
  paymentId: queryId,
  format: z.enum(receiptFormats).default('a4'),
  lang: z.enum(languages).default('en'),
});

/** Verification tokens are base64url, 24 characters (18 random bytes). */
export const verifyReceiptQuerySchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Not a receipt code'),
});

/** The public check: the receipt's facts, and which GST document it is with its number (issue 44). */
export const receiptCheckSchema = receiptVerificationSchema.extend({
  taxDocument: z.object({ kind: z.enum(taxDocumentKinds), number: z.string() }).optional(),
});
export type ReceiptCheck = z.infer<typeof receiptCheckSchema>;
