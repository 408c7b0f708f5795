// A role's permissions put in order without zod, for the web's first load (issue 21); staffRoles.ts
// re-exports it.
import { moduleNames } from './moduleNames.ts';
import type { PermissionRecord } from './modules.ts';

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
