// One rule for granting (issue #20, OWASP ASVS V4): nobody grants what they do not hold themselves,
// changes the role they hold, or acts on a staff member who may do or reach more than they can. The
// organisation's owner is the root and holds everything.
import type { PermissionRecord } from '@app/contract/modules';
import { permissionActions } from '@app/contract/modules';
import type { StaffContext } from './auth.ts';
import { forbidden, said, type Said } from './errors.ts';

type Holder = { isOwner: boolean; permissions: readonly PermissionRecord[] };
type Rights = Holder & { branchIds: readonly number[] | null };

/** Every action `wanted` allows, `holder` allows too. */
export function holdsAll(holder: Holder, wanted: readonly PermissionRecord[]): boolean {
  if (holder.isOwner) return true;
  return wanted.every((w) => {
    const held = holder.permissions.find((p) => p.moduleUniqueName === w.moduleUniqueName);
    return permissionActions.every((action) => !w[action] || held?.[action] === true);
  });
}

/** `outer` reaches every branch `inner` does (null: every branch). */
export function reachesAll(outer: readonly number[] | null, inner: readonly number[] | null): boolean {
  if (outer === null) return true;
  return inner !== null && inner.every((id) => outer.includes(id));
}

/** 403 unless the caller holds every permission of a role they grant or shape. */
export function assertMayGrant(ctx: StaffContext, permissions: readonly PermissionRecord[]): void {
  if (!holdsAll(ctx, permissions)) throw forbidden(said('GRANT_BEYOND'));
}

/** Why the caller may not act on the target (null: they may): its rights must be within theirs. */
export function actRefusal(ctx: StaffContext, target: Rights): Said | null {
  if (ctx.isOwner) return null;
  if (target.isOwner) return said('OWNER_ONLY');
  if (!holdsAll(ctx, target.permissions) || !reachesAll(ctx.allowedBranchIds, target.branchIds)) {
    return said('ACT_BEYOND');
  }
  return null;
}

/** 403 unless the target's rights (permissions and branches) are within the caller's. */
export function assertMayActOn(ctx: StaffContext, target: Rights): void {
  const refusal = actRefusal(ctx, target);
  if (refusal) throw forbidden(refusal);
}

/**
 * Why the caller may not change or delete a staff role (null: they may), the rules both the write
 * routes and the list's row refusals use. `staffCount` only matters for delete.
 */
export function roleRefusal(
  ctx: StaffContext,
  role: { id: number; isOwner: boolean; permissions: readonly PermissionRecord[] },
  action: 'edit' | 'delete',
  staffCount = 0,
): { said: Said; status: 403 | 409 } | null {
  if (role.isOwner) return { said: said('OWNER_ROLE_IMMUTABLE'), status: 403 };
  if (role.id === ctx.roleId) return { said: said('OWN_ROLE_EDIT'), status: 403 };
  if (!holdsAll(ctx, role.permissions)) return { said: said('GRANT_BEYOND'), status: 403 };
  if (action === 'delete' && staffCount > 0)
    return { said: said('USED_BY_STAFF', { n: staffCount }), status: 409 };
  return null;
}
