import { z } from 'zod';
import { listQuerySchema, queryBoolean, queryId, idSchema } from './list.ts';
import { minorAmountSchema } from './moneySchemas.ts';
import { bankAccountSortFields } from './listNames.ts';
export { bankAccountSortFields };

export const bankAccountSchema = z.object({
  id: z.number().int(),
  accountName: z.string(),
  bankName: z.string(),
  /** Masked ('•••• 6789') unless the caller may edit bank accounts. */
  accountNumber: z.string(),
  ifsc: z.string(),
  upiId: z.string(),
  /**
   * The merchant category code of a merchant (business) UPI id, sent as `mc` in UPI links; '' for a
   * personal UPI id (issue 45, point 3).
   */
  upiMerchantCode: z.string(),
  /** Integer minor units. */
  openingBalance: z.number().int(),
  /** Opening balance + payments received - refunds and expenses paid from it +/- transfers (minor units). */
  balance: z.number().int(),
  /** 'cash': a branch's cash in hand (made with the branch; cannot be deleted). */
  kind: z.enum(['bank', 'cash']),
  /** The branch it mainly serves; null: the whole organisation. */
  branchId: z.number().int().nullable(),
  status: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type BankAccount = z.infer<typeof bankAccountSchema>;

export const maskChar = '•';

/** '123456789' -> '•••• 6789'; four characters or fewer are hidden entirely. */
export function maskAccountNumber(accountNumber: string): string {
  const dots = maskChar.repeat(4);
  return accountNumber.length > 4 ? `${dots} ${accountNumber.slice(-4)}` : dots;
}

export const bankAccountInputSchema = z.object({
  accountName: z.string().trim().min(1, 'Required').max(120),
  bankName: z.string().trim().min(1, 'Required').max(120),
  /** Spaces and hyphens a person types are dropped; letters upper-cased (IBANs). */
  accountNumber: z
    .string()
    .overwrite((v) => v.replace(/[\s-]/g, ''))
    .toUpperCase()
    .regex(/^[A-Z0-9]{4,34}$/, 'Use 4 to 34 letters or digits'),
  /** IFSC (India) or another routing / sort code; optional. */
  ifsc: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^(?:[A-Z0-9]{4,20})?$/, 'Use 4 to 20 letters or digits')
    .default(''),
  upiId: z
    .string()
    .trim()
    .regex(/^(?:[\w.-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,63})?$/, 'Use the form name@bank')
    .default(''),
  /** A merchant UPI id's category code as the bank gave it (4 digits); empty for a personal UPI id. */
  upiMerchantCode: z
    .string()
    .trim()
    .regex(/^(?:\d{4})?$/, 'Use the 4 digits the bank gave')
    .default(''),
  openingBalance: minorAmountSchema.default(0),
  branchId: idSchema.nullable().default(null),
  status: z.boolean().default(true),
});

export type BankAccountInput = z.input<typeof bankAccountInputSchema>;

export const bankAccountListQuerySchema = listQuerySchema(bankAccountSortFields).extend({
  status: queryBoolean.optional(),
  branchId: queryId.optional(),
  kind: z.enum(['bank', 'cash']).optional(),
});
