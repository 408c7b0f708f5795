import { z } from 'zod';
import { listQuerySchema } from './list.ts';
import { branchSortFields } from './listNames.ts';
export { branchSortFields };

export const branchStatuses = ['active', 'inactive'] as const;

export const branchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  timezone: z.string(),
  status: z.enum(branchStatuses),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type Branch = z.infer<typeof branchSchema>;

const timezoneSchema = z.string().refine(
  (tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'Unknown time zone' },
);

export const branchInputSchema = z.object({
  name: z.string().trim().min(1, 'Required').max(120),
  address: z.string().trim().max(300).default(''),
  phone: z.string().trim().max(30).default(''),
  /** Omitted: the organisation's time zone. */
  timezone: timezoneSchema.optional(),
  status: z.enum(branchStatuses).default('active'),
});

export type BranchInput = z.input<typeof branchInputSchema>;

export const branchListQuerySchema = listQuerySchema(branchSortFields).extend({
  status: z.enum(branchStatuses).optional(),
});
