import { z } from 'zod';

/** One module per screen; permission records name them (DOMAIN.md, Organisation and people). */
export const moduleNames = [
  'dashboard',
  'analytics',
  'users',
  'inactiveUsers',
  'enquiries',
  'packages',
  'feeStructures',
  'feeTypes',
  'payments',
  'expenses',
  'refunds',
  'categories',
  'bankAccounts',
  'staffRoles',
  'staff',
  'branches',
  'branchPayments',
  'rooms',
  'wifiRouters',
  'wifiSessions',
  'settings',
  'messages',
  // Door access (issue 15).
  'attendance',
  'devices',
] as const;

export type ModuleName = (typeof moduleNames)[number];

export const permissionActions = ['view', 'add', 'edit', 'delete'] as const;
export type PermissionAction = (typeof permissionActions)[number];

export const permissionRecordSchema = z.object({
  moduleUniqueName: z.enum(moduleNames),
  view: z.boolean(),
  add: z.boolean(),
  edit: z.boolean(),
  delete: z.boolean(),
});

export type PermissionRecord = z.infer<typeof permissionRecordSchema>;

/** Every module with every action: what an organisation's Owner role holds. */
export function fullPermissions(): PermissionRecord[] {
  return moduleNames.map((moduleUniqueName) => ({
    moduleUniqueName,
    view: true,
    add: true,
    edit: true,
    delete: true,
  }));
}
