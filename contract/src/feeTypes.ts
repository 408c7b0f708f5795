import { z } from 'zod';
import { defaultGstRate, gstRateSchema, sacSchema } from './gst.ts';
import { listQuerySchema, queryBoolean } from './list.ts';
import { feeTypeSortFields } from './listNames.ts';
export { feeTypeSortFields };

export const feeTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Paid back when the member leaves (e.g. a security deposit). */
  refundable: z.boolean(),
  /** SAC code and GST rate (%) of tax invoices (issue 44); the fee itself is tax-inclusive. */
  sac: z.string(),
  gstRate: z.number().int(),
  status: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type FeeType = z.infer<typeof feeTypeSchema>;

export const feeTypeInputSchema = z.object({
  name: z.string().trim().min(1, 'Required').max(80),
  description: z.string().trim().max(500).default(''),
  refundable: z.boolean().default(false),
  sac: sacSchema.default(''),
  gstRate: gstRateSchema.default(defaultGstRate),
  status: z.boolean().default(true),
});

export type FeeTypeInput = z.input<typeof feeTypeInputSchema>;

export const feeTypeListQuerySchema = listQuerySchema(feeTypeSortFields).extend({
  status: queryBoolean.optional(),
  refundable: queryBoolean.optional(),
});
