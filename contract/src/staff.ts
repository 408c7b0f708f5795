import { z } from 'zod';
import { rowRefusalsSchema } from './errors.ts';
import { minPasswordLength } from './auth.ts';
import { listQuerySchema, queryBoolean, queryId, idSchema } from './list.ts';
import { staffSortFields } from './listNames.ts';
export { staffSortFields };

export const staffStatuses = ['active', 'inactive'] as const;
export type StaffStatus = (typeof staffStatuses)[number];

/** A staff member as the API answers it; the password hash never leaves the server. */
export const staffSchema = z.object({
  staffId: z.number().int(),
  staffName: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  roleId: z.number().int(),
  roleName: z.string(),
  isOwner: z.boolean(),
  /** null: every branch of the organisation; otherwise the branches this staff member may use. */
  branchIds: z.array(z.number().int()).nullable(),
  status: z.enum(staffStatuses),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What the caller may not do to this staff member, and why (the list carries it). */
  refused: rowRefusalsSchema.optional(),
});

export type Staff = z.infer<typeof staffSchema>;

const mobilePattern = /^\+?[0-9][0-9 ()-]{4,28}[0-9]$/;

const staffName = z.string().trim().min(1, 'Required').max(120);
const email = z.string().trim().min(1, 'Required').max(200).email('Invalid email');
/** An empty text or null means none. */
const mobile = z
  .string()
  .trim()
  .max(30)
  .refine((v) => v === '' || mobilePattern.test(v), { message: 'Invalid mobile number' })
  .nullable()
  .transform((v) => (v ? v : null));
const id = idSchema;
/** null: all branches; otherwise at least one branch id (duplicates dropped, sorted). */
const branchIds = z
  .array(id)
  .min(1, 'Choose at least one branch, or all branches')
  .max(500)
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b))
  .nullable();
const password = z.string().min(minPasswordLength, `At least ${minPasswordLength} characters`).max(200);

export const addStaffSchema = z.object({
  staffName,
  email,
  mobile: mobile.optional().transform((v) => v ?? null),
  roleId: id,
  branchIds,
  password,
});

export type AddStaffInput = z.input<typeof addStaffSchema>;

/** Every field but staffId is optional: what is left out keeps its value. */
export const editStaffSchema = z.object({
  staffId: id,
  staffName: staffName.optional(),
  email: email.optional(),
  mobile: mobile.optional(),
  roleId: id.optional(),
  branchIds: branchIds.optional(),
  status: z.enum(staffStatuses).optional(),
});

export type EditStaffInput = z.input<typeof editStaffSchema>;

export const resetStaffPasswordSchema = z.object({
  staffId: id,
  newPassword: password,
});

export type ResetStaffPasswordInput = z.input<typeof resetStaffPasswordSchema>;

export const staffIdParamsSchema = z.object({ id: queryId });

export const staffListQuerySchema = listQuerySchema(staffSortFields).extend({
  /** Lists only active staff unless true. */
  includeInactive: queryBoolean.default(false),
  roleId: queryId.optional(),
});

export type StaffListQuery = z.infer<typeof staffListQuerySchema>;

/** What the staff routes answer on success; their refusals are codes of `errorCodes.ts`. */
export const staffMessages = {
  passwordReset: 'The password has been reset; the staff member must sign in again.',
} as const;
