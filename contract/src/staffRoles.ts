import { z } from 'zod';
import { listQuerySchema } from './list.ts';
import { moduleNames, permissionRecordSchema } from './modules.ts';
import { rowRefusalsSchema } from './errors.ts';
import { staffRoleSortFields } from './listNames.ts';
import { normalisePermissions } from './staffRoleNames.ts';
export { staffRoleSortFields };
export { normalisePermissions };

/** A staff role as the API answers it: `permissions` always holds one record per module, in order. */
export const staffRoleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** The organisation's Owner role: every permission, never edited or deleted. */
  isOwner: z.boolean(),
  permissions: z.array(permissionRecordSchema),
  /** Staff members (active or not) holding this role; a role in use cannot be deleted. */
  staffCount: z.number().int(),
  /** What the caller may not do with this role, and why (answers always carry it). */
  refused: rowRefusalsSchema.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type StaffRole = z.infer<typeof staffRoleSchema>;

export const staffRoleInputSchema = z.object({
  name: z.string().trim().min(1, 'Required').max(80),
  description: z.string().trim().max(500).default(''),
  permissions: z
    .array(permissionRecordSchema)
    .max(moduleNames.length)
    .default([])
    .superRefine((records, ctx) => {
      const seen = new Set<string>();
      records.forEach((r, i) => {
        if (seen.has(r.moduleUniqueName)) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'moduleUniqueName'],
            message: `${r.moduleUniqueName} is listed more than once`,
          });
        }
        seen.add(r.moduleUniqueName);
      });
    })
    .transform(normalisePermissions),
});

export type StaffRoleInput = z.input<typeof staffRoleInputSchema>;

export const staffRoleListQuerySchema = listQuerySchema(staffRoleSortFields);

export type StaffRoleListQuery = z.infer<typeof staffRoleListQuerySchema>;
