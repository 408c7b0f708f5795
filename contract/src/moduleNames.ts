// The modules and the reads they imply, without zod: the web's entry (session.ts, on the sign-in
// page too) uses them, and zod stays out of that chunk (issue 21). modules.ts adds the schemas.

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

/** The parts of a permission record the rules below read (modules.ts has its schema). */
type Grants = {
  moduleUniqueName: string;
  view: boolean;
  add: boolean;
  edit: boolean;
  delete: boolean;
};

/**
 * Catalogues another screen needs to name and choose things (issue 14): whoever holds any
 * permission on the key module may list and read the modules it names, through their list and
 * read routes only (not export, not change). A receptionist who adds members chooses a room, a
 * package and a fee structure without managing any of them; the menu still shows only what the
 * records themselves grant.
 */
export const impliedReads: Partial<Record<ModuleName, readonly ModuleName[]>> = {
  users: ['rooms', 'packages', 'feeStructures'],
  inactiveUsers: ['rooms', 'packages', 'feeStructures'],
  enquiries: ['feeStructures'],
  feeStructures: ['feeTypes', 'packages'],
};

/** The modules whose permissions let a caller read `module`'s catalogue (see impliedReads). */
export function modulesImplyingRead(module: ModuleName): ModuleName[] {
  return moduleNames.filter((m) => impliedReads[m]?.includes(module) ?? false);
}

/** Whether the records grant reading `module` by implication (any action on an implying module). */
export function readImplied(permissions: readonly Grants[], module: ModuleName): boolean {
  const implying = modulesImplyingRead(module);
  return permissions.some(
    (p) =>
      (implying as readonly string[]).includes(p.moduleUniqueName) && (p.view || p.add || p.edit || p.delete),
  );
}
