import { z } from 'zod';
import { listQuerySchema, queryBoolean } from './list.ts';
import { categorySortFields } from './listNames.ts';
export { categorySortFields };

/** An expense category (rent, electricity, internet, salaries, ...). */
export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  status: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type Category = z.infer<typeof categorySchema>;

export const categoryInputSchema = z.object({
  name: z.string().trim().min(1, 'Required').max(80),
  description: z.string().trim().max(500).default(''),
  status: z.boolean().default(true),
});

export type CategoryInput = z.input<typeof categoryInputSchema>;

export const categoryListQuerySchema = listQuerySchema(categorySortFields).extend({
  status: queryBoolean.optional(),
});
