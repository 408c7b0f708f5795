// The member's own page (DOMAIN.md, Members' own page; issue 37): what the page reads with its link,
// the claim of a UPI payment, and the staff's list of claims to confirm.
import { z } from 'zod';
import { idSchema, queryId } from './list.ts';
import { paletteKeys } from './palettes.ts';
import { languages } from './languages.ts';
export {
  memberIconPath,
  memberLinkStorageKey,
  memberManifestPath,
  memberTokenHeader,
  upiPayUri,
} from './portalNames.ts';

export const portalUserQuerySchema = z.object({ userId: queryId });
/** `send=true`: also send the link to the member by the organisation's message channels. */
export const createLinkQuerySchema = portalUserQuerySchema.extend({
  send: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
/** `sent`: messages queued with the link (0 when not asked, or no channel reaches the member). */
/**
 * `sent`: messages queued with the link; `logged`: how many of them are e-mails that only reach the
 * server's log, as no mail server is set up (the outbox says "Logged, no mail server").
 */
export const portalLinkSchema = z.object({
  url: z.string(),
  sent: z.number().int(),
  logged: z.number().int(),
});
export type PortalLink = z.infer<typeof portalLinkSchema>;

/** One way to pay by UPI: the upi://pay link (NPCI linking specification) and its QR code. */
export const upiOfferSchema = z.object({
  purpose: z.enum(['dues', 'renewal']),
  /** The `tr` of the link: what the claim names, unique in the organisation. */
  reference: z.string(),
  amount: z.number().int(),
  lateFine: z.number().int(),
  dues: z.number().int(),
  feeStructureName: z.string().nullable(),
  /** The validity a renewal buys (null for dues). */
  coversTill: z.string().nullable(),
  uri: z.string(),
  /** The link as a QR code (PNG data URL), for paying from another device. */
  qrDataUrl: z.string(),
});
export type UpiOffer = z.infer<typeof upiOfferSchema>;

export const upiClaimStatuses = ['pending', 'confirmed', 'rejected'] as const;
export type UpiClaimStatus = (typeof upiClaimStatuses)[number];

export const memberClaimSchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  utr: z.string(),
  reference: z.string(),
  status: z.enum(upiClaimStatuses),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
});
export type MemberClaim = z.infer<typeof memberClaimSchema>;

/** WiFi use of the current package (issue 45, point 6). allowedBytes null: no data cap. */
export const wifiUsageSchema = z.object({
  usedBytes: z.number().int().nonnegative(),
  allowedBytes: z.number().int().positive().nullable(),
  secondsLeft: z.number().int().nonnegative(),
});
export type WifiUsage = z.infer<typeof wifiUsageSchema>;

export const portalSummarySchema = z.object({
  /** The member's language (issue 48): the page's texts, dates and numbers. */
  language: z.enum(languages),
  organisation: z.object({
    name: z.string(),
    currency: z.string(),
    locale: z.string(),
    /** The organisation's palette for this page (settings, issue 37). */
    palette: z.enum(paletteKeys),
  }),
  today: z.string(),
  member: z.object({
    name: z.string(),
    branchName: z.string(),
    branchPhone: z.string(),
    roomName: z.string().nullable(),
    seatNumber: z.number().int().nullable(),
    entryTime: z.string(),
    exitTime: z.string(),
    nextDayExit: z.boolean(),
    validFrom: z.string(),
    validTill: z.string(),
    /** Days from the branch's today to validTill (negative once it passed). */
    daysLeft: z.number().int(),
    active: z.boolean(),
    dues: z.number().int(),
  }),
  receipts: z.array(
    z.object({
      paymentId: z.number().int(),
      receiptNumber: z.string(),
      paidOn: z.string(),
      total: z.number().int(),
      received: z.number().int(),
      status: z.enum(['completed', 'voided']),
    }),
  ),
  /** The days of the last 30 with a punch: first and last punch of the day (branch time, HH:MM). */
  attendance: z.array(
    z.object({ day: z.string(), firstIn: z.string(), lastOut: z.string().nullable(), punches: z.number() }),
  ),
  /**
   * The member's WiFi sign-in when they have a package, and the package's use in the current
   * validity period from RADIUS accounting (issue 45, point 6): bytes used, the package's cap
   * (null when unlimited) and seconds to the end of the last valid day.
   */
  wifi: z
    .object({
      username: z.string(),
      pin: z.string(),
      usage: wifiUsageSchema,
    })
    .nullable(),
  /** Null when the branch has no account with a UPI id (nothing else of the account is shown). */
  upi: z
    .object({
      upiId: z.string(),
      payeeName: z.string(),
      offers: z.array(upiOfferSchema),
    })
    .nullable(),
  claims: z.array(memberClaimSchema),
});
export type PortalSummary = z.infer<typeof portalSummarySchema>;

export const portalReceiptQuerySchema = z.object({
  paymentId: queryId,
  lang: z.enum(languages).default('en'),
});

/** The UPI transaction reference (UTR) every UPI app shows after a payment: 12 digits. */
export const utrSchema = z
  .string()
  .trim()
  .regex(/^\d{12}$/, 'Enter the 12-digit UTR');

export const upiClaimInputSchema = z.object({
  amount: z.number().int().positive().max(100_000_000_00),
  utr: utrSchema,
  reference: z.string().trim().min(1).max(35),
});
export type UpiClaimInput = z.infer<typeof upiClaimInputSchema>;

/** A claim as staff see it under Payments, "UPI to confirm". */
export const upiClaimSchema = memberClaimSchema.extend({
  userId: idSchema,
  memberName: z.string(),
  mobile: z.string(),
  purpose: z.enum(['dues', 'renewal']),
  /** What the page asked for (the quote of the reference). */
  requestedAmount: z.number().int(),
  /**
   * What confirming would record, computed as the confirm does (issue 41, point 6): the renewal's
   * fee structure and the validity it buys (nulls for dues), the payment's total, and what of it
   * stays owing (total - amount). Null once decided, or where the confirm would be refused (the
   * fee structure no longer offered at the branch).
   */
  onConfirm: z
    .object({
      feeStructureName: z.string().nullable(),
      coversFrom: z.string().nullable(),
      coversTill: z.string().nullable(),
      total: z.number().int(),
      owing: z.number().int(),
      /** The seat the member chose on their page for this claim, which the confirm assigns (issue 45). */
      seat: z.object({ roomName: z.string(), seatNumber: z.number().int() }).nullable(),
    })
    .nullable(),
  paymentId: z.number().int().nullable(),
  receiptNumber: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type UpiClaim = z.infer<typeof upiClaimSchema>;

export const upiClaimListQuerySchema = z.object({
  status: z.enum(upiClaimStatuses).default('pending'),
});
export const upiClaimListSchema = z.object({ items: z.array(upiClaimSchema), pending: z.number().int() });
export type UpiClaimList = z.infer<typeof upiClaimListSchema>;

export const upiClaimIdQuerySchema = z.object({ claimId: queryId });
export const rejectUpiClaimInputSchema = z.object({
  reason: z.string().trim().min(1, 'Give a reason').max(500),
});

export const portalRevokeSchema = z.object({ revoked: z.boolean() });

/** The counter's UPI QR for an amount (the payment dialog, mode UPI). */
export const counterUpiQrQuerySchema = z.object({
  userId: queryId,
  amount: z.coerce.number().int().positive().max(100_000_000_00),
  feeStructureId: queryId.optional(),
  bankAccountId: queryId.optional(),
});
/** `upi` null: neither the chosen account nor one serving the branch has a UPI id. */
export const counterUpiQrSchema = z.object({
  upi: z
    .object({ upiId: z.string(), reference: z.string(), uri: z.string(), qrDataUrl: z.string() })
    .nullable(),
});
export type CounterUpiQr = z.infer<typeof counterUpiQrSchema>;
