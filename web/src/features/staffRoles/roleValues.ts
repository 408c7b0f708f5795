// The role form's values, apart from its fields (StaffRoleFields.tsx), so the list holds the form's
// defaults without downloading the fields and zod before the form first opens.
import type { StaffRole, StaffRoleInput, staffRoleInputSchema } from '@app/contract/staffRoles';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { lazySchema } from '../../lib/form/lazySchema';
import { emptyPermissions } from './permissions';

export type RoleValues = StaffRoleInput;
export type RoleOutput = z.output<typeof staffRoleInputSchema>;
export type RoleForm = UseFormReturn<RoleValues, unknown, RoleOutput>;

/** The role form's schema, downloaded (with zod) when the form first opens (lib/form/lazySchema). */
export const loadRoleSchema = lazySchema(() =>
  import('@app/contract/staffRoles').then((contract) => contract.staffRoleInputSchema),
);

export const roleDefaults = (): RoleValues => ({
  name: '',
  description: '',
  permissions: emptyPermissions(),
});

export function roleToValues(row: StaffRole): RoleValues {
  return { name: row.name, description: row.description, permissions: row.permissions };
}
