import { z } from 'zod';
import { listQuerySchema, idSchema } from './list.ts';
import { isoDate, mobileSchema } from './users.ts';
import { enquirySortFields } from './listNames.ts';
import { editableEnquiryStatuses, enquirySources, enquiryStatuses } from './enquiryNames.ts';
export { enquirySortFields };
export { editableEnquiryStatuses, enquirySources, enquiryStatuses };

export const enquirySchema = z.object({
  id: z.number().int(),
  branchId: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  email: z.string().nullable(),
  source: z.enum(enquirySources),
  /** The fee structure the person is interested in. */
  feeStructureId: z.number().int().nullable(),
  followUpDate: z.string().nullable(),
  status: z.enum(enquiryStatuses),
  notes: z.string(),
  convertedUserId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type Enquiry = z.infer<typeof enquirySchema>;

export const enquiryInputSchema = z.object({
  name: z.string().trim().min(1, 'Required').max(120),
  mobile: mobileSchema,
  email: z
    .string()
    .trim()
    .max(254)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null))
    .pipe(z.email('Enter a valid email address').nullable()),
  source: z.enum(enquirySources).default('walkIn'),
  feeStructureId: idSchema.nullable().default(null),
  followUpDate: isoDate.nullable().default(null),
  status: z.enum(editableEnquiryStatuses).default('new'),
  notes: z.string().trim().max(2000).default(''),
});

export type EnquiryInput = z.input<typeof enquiryInputSchema>;

export const enquiryListQuerySchema = listQuerySchema(enquirySortFields).extend({
  status: z.enum(enquiryStatuses).optional(),
  /** today: follow-up due today; overdue: due before today and still open (branch time zone). */
  followUp: z.enum(['today', 'overdue']).optional(),
});
