// GST (issue 44): GSTIN check characters, state codes, rates, a branch's GST settings and the split
// of a tax-inclusive amount into taxable value and tax. Shared by the API and the web's forms.
import { z } from 'zod';
import { gstStateCodes, gstStates, type GstStateCode } from './gstNames.ts';
import { queryId } from './list.ts';
import { languages } from './languages.ts';

const codePoints = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The check character GSTN computes over a GSTIN's first 14 characters: each character's value
 * (0-9, A-Z = 0-35) times a factor alternating 1, 2, 1, ...; each product's quotient and remainder
 * by 36 are added up; the check value is (36 - sum mod 36) mod 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < first14.length; i++) {
    const value = codePoints.indexOf(first14[i]!);
    if (value < 0) return '';
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return codePoints[(36 - (sum % 36)) % 36]!;
}

/** State code (2 digits), PAN (5 letters, 4 digits, 1 letter), entity (1-9, A-Z), `Z`, check character. */
export const gstinPattern = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export type GstinProblem = 'GSTIN_FORM' | 'GSTIN_CHECK_CHARACTER' | null;

export function gstinProblem(gstin: string): GstinProblem {
  if (!gstinPattern.test(gstin)) return 'GSTIN_FORM';
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14] ? null : 'GSTIN_CHECK_CHARACTER';
}

export { gstStateCodes, gstStates, type GstStateCode };

export const gstRates = [0, 5, 12, 18, 28] as const;
export const defaultGstRate = 18;
export const gstSchemes = ['regular', 'composition'] as const;

/** A fee type's SAC: 4 to 8 digits (997212, 999799), or empty until the owner sets one. */
export const sacSchema = z
  .string()
  .trim()
  .regex(/^([0-9]{4,8})?$/, 'SAC is 4 to 8 digits');
export const gstRateSchema = z
  .number()
  .int()
  .refine((r) => (gstRates as readonly number[]).includes(r), 'GST rate is 0, 5, 12, 18 or 28');

export const branchGstQuerySchema = z.object({ branchId: queryId });

/**
 * PUT /api/branch/updateGst?branchId=N. A registered branch needs a GSTIN (checked with its check
 * character, its first two digits the state) and its legal name; an unregistered one keeps neither.
 */
export const branchGstInputSchema = z.object({
  registered: z.boolean(),
  gstin: z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .nullable()
    .default(null),
  legalName: z.string().trim().max(200).default(''),
  stateCode: z.enum(gstStateCodes),
  scheme: z.enum(gstSchemes).default('regular'),
});
export type BranchGstInput = z.input<typeof branchGstInputSchema>;
export type ParsedBranchGstInput = z.output<typeof branchGstInputSchema>;

export const branchGstSchema = z.object({
  branchId: z.number().int(),
  /** When GST was first switched on for the branch; null: never (its payments print receipts). */
  onSince: z.string().nullable(),
  registered: z.boolean(),
  gstin: z.string().nullable(),
  legalName: z.string(),
  stateCode: z.string().nullable(),
  scheme: z.enum(gstSchemes),
});
export type BranchGst = z.infer<typeof branchGstSchema>;

/** One line split into taxable value and tax, to the paisa. */
export type TaxSplit = { taxable: number; cgst: number; sgst: number; igst: number };

/**
 * A tax-inclusive amount (minor units) at `rate` percent split into taxable value and tax, so that
 * taxable + cgst + sgst + igst is the amount exactly. Inside the state the tax is CGST and SGST of
 * equal halves, each rounded half up from amount × (rate/2) / (100 + rate); across states it is
 * IGST, rounded the same way from amount × rate / (100 + rate). The taxable value is what remains.
 */
export function splitInclusive(amount: number, rate: number, supply: 'intra' | 'inter'): TaxSplit {
  if (rate === 0 || amount === 0) return { taxable: amount, cgst: 0, sgst: 0, igst: 0 };
  const sign = amount < 0 ? -1 : 1;
  const abs = Math.abs(amount);
  // Integer arithmetic: round(abs × r / (2 (100 + r))) as floor((2 abs r + 2(100+r)) / (4(100+r)))
  // would be the same; Math.round on exact products below 2^53 is exact for these magnitudes.
  if (supply === 'intra') {
    const half = Math.round((abs * rate) / (2 * (100 + rate)));
    return { taxable: sign * (abs - 2 * half), cgst: sign * half, sgst: sign * half, igst: 0 };
  }
  const igst = Math.round((abs * rate) / (100 + rate));
  return { taxable: sign * (abs - igst), cgst: 0, sgst: 0, igst: sign * igst };
}

/**
 * Spreads `total` over `weights` in proportion, in whole minor units, the remainders going to the
 * largest fractions first (ties to the earlier one): the parts add up to `total` exactly.
 */
export function spread(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map((e) => Math.floor(e));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, f: e - Math.floor(e) })).sort((a, b) => b.f - a.f || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) parts[order[k]!.i]! += 1;
  return parts;
}

/** `2026-27` for any day from 1 April 2026 to 31 March 2027: India's financial year, always April. */
export function gstFinancialYear(day: string): string {
  const year = Number(day.slice(0, 4));
  const start = Number(day.slice(5, 7)) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

export const taxDocumentKinds = ['invoice', 'billOfSupply', 'creditNote'] as const;
export type TaxDocumentKind = (typeof taxDocumentKinds)[number];
/** The number's first part: INV/26-27/00001 (at most 16 characters up to 999,999 a year). */
export const taxDocumentPrefixes: Record<TaxDocumentKind, string> = {
  invoice: 'INV',
  billOfSupply: 'BOS',
  creditNote: 'CN',
};

export function taxDocumentNumber(kind: TaxDocumentKind, fy: string, seq: number): string {
  return `${taxDocumentPrefixes[kind]}/${fy.slice(2)}/${String(seq).padStart(5, '0')}`;
}

const party = z.object({
  name: z.string(),
  address: z.string(),
  gstin: z.string().nullable(),
  stateCode: z.string().nullable(),
});

export const taxLineSchema = z.object({
  description: z.string(),
  sac: z.string(),
  rate: z.number().int(),
  amount: z.number().int(),
  taxable: z.number().int(),
  cgst: z.number().int(),
  sgst: z.number().int(),
  igst: z.number().int(),
});
export type TaxLine = z.infer<typeof taxLineSchema>;

/** A tax invoice, bill of supply or credit note as the receipt, refund receipt and PDF show it. */
export const taxDocumentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(taxDocumentKinds),
  number: z.string(),
  issuedAt: z.string(),
  supplier: party,
  recipient: party,
  placeOfSupply: z.string().nullable(),
  supply: z.enum(['intra', 'inter']).nullable(),
  lines: z.array(taxLineSchema),
  taxable: z.number().int(),
  cgst: z.number().int(),
  sgst: z.number().int(),
  igst: z.number().int(),
  total: z.number().int(),
  /** A credit note: the invoice it reverses, and why ('refund', 'void'). */
  against: z.object({ number: z.string(), issuedAt: z.string() }).nullable(),
  reason: z.enum(['refund', 'void']).nullable(),
});
export type TaxDocument = z.infer<typeof taxDocumentSchema>;

/** GET /api/gst/getTaxDocuments?paymentId=N: a payment's GST documents (its invoice, credit notes). */
export const taxDocumentsQuerySchema = z.object({ paymentId: queryId });
export const taxDocumentIdQuerySchema = z.object({ taxDocumentId: queryId });
export const taxDocumentPdfQuerySchema = z.object({
  taxDocumentId: queryId,
  format: z.enum(['a4', 'thermal']).default('a4'),
  lang: z.enum(languages).default('en'),
});
/** A GST document with who issued it, for its printed page (web and PDF). */
export const printedTaxDocumentSchema = z.object({
  document: taxDocumentSchema,
  organisation: z.object({
    name: z.string(),
    address: z.string(),
    taxId: z.string(),
    currency: z.string(),
    locale: z.string(),
  }),
  branch: z.object({ name: z.string(), address: z.string(), phone: z.string() }),
});
export type PrintedTaxDocument = z.infer<typeof printedTaxDocumentSchema>;

/** GET /api/gst/getReturn?gstin=…&month=YYYY-MM (issue 44, point 4); `file` downloads one CSV. */
export const gstReturnFiles = ['b2b', 'b2cs', 'cdnr', 'cdnur', 'hsn', 'docs'] as const;
export type GstReturnFile = (typeof gstReturnFiles)[number];
export const gstReturnQuerySchema = z.object({
  gstin: z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .refine((s) => gstinProblem(s) === null, 'Not a GSTIN'),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use YYYY-MM'),
  file: z.enum(gstReturnFiles).optional(),
});

const taxAmounts = {
  taxable: z.number().int(),
  igst: z.number().int(),
  cgst: z.number().int(),
  sgst: z.number().int(),
};
/** The month's GSTR-1 figures of one GSTIN, in minor units, as the CSVs give them in rupees. */
export const gstReturnSchema = z.object({
  gstin: z.string(),
  month: z.string(),
  /** Invoices to members who gave a GSTIN: one row per invoice and rate. */
  b2b: z.array(
    z.object({
      recipientGstin: z.string(),
      receiverName: z.string(),
      number: z.string(),
      date: z.string(),
      value: z.number().int(),
      placeOfSupply: z.string(),
      rate: z.number().int(),
      ...taxAmounts,
    }),
  ),
  /** Invoices to everyone else, by place of supply and rate, less the month's credit notes on them. */
  b2cs: z.array(z.object({ placeOfSupply: z.string(), rate: z.number().int(), ...taxAmounts })),
  /** Credit notes to registered members: one row per note and rate. */
  cdnr: z.array(
    z.object({
      recipientGstin: z.string(),
      receiverName: z.string(),
      number: z.string(),
      date: z.string(),
      value: z.number().int(),
      placeOfSupply: z.string(),
      supply: z.enum(['intra', 'inter']),
      rate: z.number().int(),
      ...taxAmounts,
    }),
  ),
  /** Credit notes against B2C large invoices: none here (a member's seat is supplied in the branch's state). */
  cdnur: z.array(z.never()),
  /** The SAC summary, net of the month's credit notes. */
  hsn: z.array(z.object({ sac: z.string(), rate: z.number().int(), value: z.number().int(), ...taxAmounts })),
  /** The documents issued: first and last number, how many, how many cancelled. */
  docs: z.array(
    z.object({
      nature: z.enum(['Invoices for outward supply', 'Credit Note']),
      from: z.string(),
      to: z.string(),
      total: z.number().int(),
      cancelled: z.number().int(),
    }),
  ),
});
export type GstReturn = z.infer<typeof gstReturnSchema>;

/** PUT /api/gst/updateMemberGstin?userId=N: a member's GSTIN, which makes their invoices B2B. */
export const memberGstinQuerySchema = z.object({ userId: queryId });
export const memberGstinInputSchema = z.object({
  gstin: z
    .string()
    .trim()
    .transform((s) => (s === '' ? null : s.toUpperCase()))
    .nullable(),
});
export const memberGstinSchema = z.object({ userId: z.number().int(), gstin: z.string().nullable() });
