// One rule for granting (issue #20, OWASP ASVS V4): nobody grants what they do not hold themselves,
// changes the role they hold, or acts on a staff member who may do or reach more than they can. The
// organisation's owner is the root and holds everything.
import type { PermissionRecord } from '@app/contract/modules';
import { permissionActions } from '@app/contract/modules';
import { staffMessages } from '@app/contract/staff';
import type { StaffContext } from './auth.ts';
import { forbidden } from './errors.ts';

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
  if (!holdsAll(ctx, permissions)) throw forbidden(staffMessages.grantBeyond);
}

/** 403 unless the target's rights (permissions and branches) are within the caller's. */
export function assertMayActOn(ctx: StaffContext, target: Rights): void {
  if (ctx.isOwner) return;
  if (target.isOwner) throw forbidden(staffMessages.ownerOnly);
  if (!holdsAll(ctx, target.permissions) || !reachesAll(ctx.allowedBranchIds, target.branchIds)) {
    throw forbidden(staffMessages.actBeyond);
  }
}
