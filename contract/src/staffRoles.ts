import { z } from 'zod';
import { listQuerySchema } from './list.ts';
import { moduleNames, permissionRecordSchema, type PermissionRecord } from './modules.ts';
import { rowRefusalsSchema } from './errors.ts';
import { staffRoleSortFields } from './listNames.ts';
export { staffRoleSortFields };

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

/**
 * Exactly one record per module in `moduleNames` order; a module the list leaves out has every
 * action false. Later records never override earlier ones (the input schema rejects duplicates).
 */
export function normalisePermissions(records: readonly PermissionRecord[]): PermissionRecord[] {
  const byModule = new Map<string, PermissionRecord>();
  for (const r of records) if (!byModule.has(r.moduleUniqueName)) byModule.set(r.moduleUniqueName, r);
  return moduleNames.map((moduleUniqueName) => {
    const r = byModule.get(moduleUniqueName);
    return {
      moduleUniqueName,
      view: r?.view ?? false,
      add: r?.add ?? false,
      edit: r?.edit ?? false,
      delete: r?.delete ?? false,
    };
  });
}

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
