import { and, count, eq, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import type { RowRefusals } from '@app/contract/errors';
import {
  type Staff,
  type StaffListQuery,
  type addStaffSchema,
  type editStaffSchema,
} from '@app/contract/staff';
import type { ListResponse } from '@app/contract/list';
import type { PermissionRecord } from '@app/contract/modules';
import type { z } from 'zod';
import { branches, refreshTokens, staff, staffRoles } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { writeAudit } from '../../platform/audit.ts';
import { auditOf } from '../../platform/crud.ts';
import {
  conflict,
  fieldError,
  forbidden,
  notFound,
  pgErrorCode,
  said,
  saidData,
  validationFailed,
  type CodedFieldError,
} from '../../platform/errors.ts';
import { actRefusal, assertMayActOn, assertMayGrant } from '../../platform/grants.ts';
import { listRows } from '../../platform/list.ts';
import { hashPassword } from '../../platform/passwords.ts';

type AddStaff = z.output<typeof addStaffSchema>;
type EditStaff = z.output<typeof editStaffSchema>;
type StaffRow = typeof staff.$inferSelect;
type RoleInfo = { name: string; isOwner: boolean; permissions: PermissionRecord[] };

const entity = 'staff';
const staffNotFound = () => notFound('STAFF_MEMBER');

export function toStaff(row: StaffRow, role: RoleInfo): Staff {
  return {
    staffId: row.id,
    staffName: row.staffName,
    email: row.email,
    mobile: row.mobile ?? null,
    roleId: row.roleId,
    roleName: role.name,
    isOwner: role.isOwner,
    branchIds: row.branchIds ? [...row.branchIds].sort((a, b) => a - b) : null,
    status: row.status,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** Rows in SQL (page, sort, search), then the roles of that page in one more query. */
export async function listStaff(
  db: Db,
  ctx: StaffContext,
  query: StaffListQuery,
  opts: { withTotal: boolean } = { withTotal: true },
): Promise<ListResponse<Staff>> {
  const where: (SQL | undefined)[] = [
    eq(staff.clientId, ctx.clientId),
    query.includeInactive ? undefined : eq(staff.status, 'active'),
    query.roleId ? eq(staff.roleId, query.roleId) : undefined,
  ];
  const page = await listRows<StaffRow>(
    db,
    {
      table: staff,
      where,
      sortColumns: {
        staffName: staff.staffName,
        email: staff.email,
        createdAt: staff.createdAt,
        status: staff.status,
      },
      defaultSort: 'staffName',
      tieBreaker: staff.id,
      searchColumns: [staff.staffName, staff.email, staff.mobile],
    },
    query,
    opts,
  );
  const roles = await rolesById(
    db,
    ctx.clientId,
    page.items.map((r) => r.roleId),
  );
  const unknownRole: RoleInfo = { name: '', isOwner: false, permissions: [] };
  return {
    ...page,
    items: page.items.map((row) => {
      const role = roles.get(row.roleId) ?? unknownRole;
      return { ...toStaff(row, role), refused: staffRefusals(ctx, row, role) };
    }),
  };
}

/**
 * What the caller may not do to a listed staff member, by the rules editStaff and deleteStaff
 * apply (the web disables those row actions and says why). Others' rights beyond the caller's
 * refuse both; one's own account cannot be deleted (it can be edited, but not its role).
 */
function staffRefusals(ctx: StaffContext, row: StaffRow, role: RoleInfo): RowRefusals {
  const self = row.id === ctx.staffId;
  const beyond = self ? null : actRefusal(ctx, { ...role, branchIds: row.branchIds });
  const remove = self ? said('OWN_DELETE') : beyond;
  return {
    ...(beyond ? { edit: saidData(beyond) } : {}),
    ...(remove ? { delete: saidData(remove) } : {}),
  };
}

async function rolesById(db: Db | Tx, clientId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const map = new Map<number, RoleInfo & { id: number }>();
  if (unique.length === 0) return map;
  const rows = await db
    .select({
      id: staffRoles.id,
      name: staffRoles.name,
      isOwner: staffRoles.isOwner,
      permissions: staffRoles.permissions,
    })
    .from(staffRoles)
    .where(and(eq(staffRoles.clientId, clientId), inArray(staffRoles.id, unique)));
  for (const r of rows) map.set(r.id, r);
  return map;
}

/** One staff member of the caller's organisation with its role; 404 for any other id. */
async function findStaff(tx: Db | Tx, ctx: StaffContext, staffId: number, lock = false) {
  const q = tx
    .select({
      row: staff,
      roleName: staffRoles.name,
      isOwner: staffRoles.isOwner,
      permissions: staffRoles.permissions,
    })
    .from(staff)
    .innerJoin(staffRoles, eq(staffRoles.id, staff.roleId))
    .where(and(eq(staff.id, staffId), eq(staff.clientId, ctx.clientId)));
  const [found] = await (lock ? q.for('update', { of: staff }) : q);
  if (!found) throw staffNotFound();
  return {
    row: found.row,
    role: { name: found.roleName, isOwner: found.isOwner, permissions: found.permissions },
  };
}

/**
 * The role and branches named in a body must belong to the caller's organisation; a caller limited
 * to some branches may grant only those. Answers the role found (400 with field details otherwise).
 */
async function checkReferences(
  tx: Tx,
  ctx: StaffContext,
  input: { roleId?: number; branchIds?: number[] | null },
): Promise<(RoleInfo & { id: number }) | undefined> {
  const details: CodedFieldError[] = [];
  let role: (RoleInfo & { id: number }) | undefined;
  if (input.roleId !== undefined) {
    role = (await rolesById(tx, ctx.clientId, [input.roleId])).get(input.roleId);
    if (!role) details.push(fieldError('body.roleId', 'UNKNOWN_ROLE'));
  }
  if (input.branchIds !== undefined) {
    const limit = ctx.allowedBranchIds;
    if (input.branchIds === null) {
      if (limit) details.push(fieldError('body.branchIds', 'GRANT_OWN_BRANCHES_ONLY'));
    } else {
      const found = await tx
        .select({ id: branches.id })
        .from(branches)
        .where(and(eq(branches.clientId, ctx.clientId), inArray(branches.id, input.branchIds)));
      const known = new Set(found.map((b) => b.id));
      const unknown = input.branchIds.filter((id) => !known.has(id));
      if (unknown.length) {
        details.push(fieldError('body.branchIds', 'UNKNOWN_BRANCHES', { ids: unknown.join(', ') }));
      } else if (limit && input.branchIds.some((id) => !limit.includes(id))) {
        details.push(fieldError('body.branchIds', 'GRANT_OWN_BRANCHES_ONLY'));
      }
    }
  }
  if (details.length) throw validationFailed(details);
  return role;
}

/** Unique email and vanished references become answers instead of a 500. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const { code, constraint } = pgErrorCode(err);
    if (code === '23505' && constraint === 'staff_client_email_uq') throw conflict(said('STAFF_EMAIL_TAKEN'));
    if (code === '23503') {
      throw validationFailed([fieldError('body.roleId', 'UNKNOWN_ROLE')]);
    }
    throw err;
  }
}

/**
 * Refuses a change that would leave the organisation without an active owner. The Owner role rows
 * are locked first, so two owners demoting each other at once cannot both succeed.
 */
async function ensureAnotherActiveOwner(tx: Tx, ctx: StaffContext, staffId: number) {
  const ownerRoles = await tx
    .select({ id: staffRoles.id })
    .from(staffRoles)
    .where(and(eq(staffRoles.clientId, ctx.clientId), eq(staffRoles.isOwner, true)))
    .orderBy(staffRoles.id)
    .for('update');
  const ids = ownerRoles.map((r) => r.id);
  const [others] = ids.length
    ? await tx
        .select({ n: count() })
        .from(staff)
        .where(
          and(
            eq(staff.clientId, ctx.clientId),
            inArray(staff.roleId, ids),
            eq(staff.status, 'active'),
            ne(staff.id, staffId),
          ),
        )
    : [{ n: 0 }];
  if (!others?.n) throw conflict(said('LAST_OWNER'));
}

/** Signed-in sessions of a deactivated or reset account stop refreshing at once. */
async function revokeRefreshTokens(tx: Tx, staffId: number) {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date().toISOString() })
    .where(and(eq(refreshTokens.staffId, staffId), isNull(refreshTokens.revokedAt)));
}

export async function addStaff(db: Db, ctx: StaffContext, input: AddStaff): Promise<Staff> {
  const passwordHash = await hashPassword(input.password);
  return guarded(() =>
    db.transaction(async (tx) => {
      const role = (await checkReferences(tx, ctx, input))!;
      if (role.isOwner && !ctx.isOwner) throw forbidden(said('OWNER_ONLY'));
      assertMayGrant(ctx, role.permissions);
      const [row] = await tx
        .insert(staff)
        .values({
          clientId: ctx.clientId,
          staffName: input.staffName,
          email: input.email,
          mobile: input.mobile,
          roleId: role.id,
          branchIds: input.branchIds,
          passwordHash,
        })
        .returning();
      const record = toStaff(row!, role);
      await writeAudit(tx, auditOf(ctx, entity, row!.id, 'create', null, record));
      return record;
    }),
  );
}

export async function editStaff(db: Db, ctx: StaffContext, input: EditStaff): Promise<Staff> {
  return guarded(() =>
    db.transaction(async (tx) => {
      const { row: current, role: currentRole } = await findStaff(tx, ctx, input.staffId, true);
      const newRole = await checkReferences(tx, ctx, input);
      const role = newRole ?? currentRole;
      const self = current.id === ctx.staffId;
      const roleChanges = newRole !== undefined && newRole.id !== current.roleId;
      const deactivates = input.status === 'inactive' && current.status === 'active';

      if (self && roleChanges) throw conflict(said('OWN_ROLE'));
      if (self && deactivates) throw conflict(said('OWN_DEACTIVATE'));
      const losesOwner =
        current.status === 'active' && currentRole.isOwner && ((roleChanges && !role.isOwner) || deactivates);
      if (losesOwner) await ensureAnotherActiveOwner(tx, ctx, current.id);
      if (!ctx.isOwner && (currentRole.isOwner || (roleChanges && role.isOwner))) {
        throw forbidden(said('OWNER_ONLY'));
      }
      if (!self) assertMayActOn(ctx, { ...currentRole, branchIds: current.branchIds });
      if (roleChanges) assertMayGrant(ctx, role.permissions);

      const before = toStaff(current, currentRole);
      const [row] = await tx
        .update(staff)
        .set({
          ...(input.staffName !== undefined && { staffName: input.staffName }),
          ...(input.email !== undefined && { email: input.email }),
          ...(input.mobile !== undefined && { mobile: input.mobile }),
          ...(input.roleId !== undefined && { roleId: input.roleId }),
          ...(input.branchIds !== undefined && { branchIds: input.branchIds }),
          ...(input.status !== undefined && { status: input.status }),
          updatedAt: new Date().toISOString(),
        })
        .where(and(eq(staff.id, current.id), eq(staff.clientId, ctx.clientId)))
        .returning();
      if (deactivates) await revokeRefreshTokens(tx, current.id);
      const after = toStaff(row!, role);
      await writeAudit(tx, auditOf(ctx, entity, current.id, 'update', before, after));
      return after;
    }),
  );
}

/** Deactivates: the row stays so history keeps the name. */
export async function deleteStaff(db: Db, ctx: StaffContext, staffId: number): Promise<Staff> {
  return db.transaction(async (tx) => {
    const { row: current, role } = await findStaff(tx, ctx, staffId, true);
    if (current.id === ctx.staffId) throw conflict(said('OWN_DELETE'));
    if (current.status !== 'active') return toStaff(current, role);
    if (role.isOwner) await ensureAnotherActiveOwner(tx, ctx, current.id);
    if (role.isOwner && !ctx.isOwner) throw forbidden(said('OWNER_ONLY'));
    assertMayActOn(ctx, { ...role, branchIds: current.branchIds });
    const [row] = await tx
      .update(staff)
      .set({ status: 'inactive', updatedAt: new Date().toISOString() })
      .where(and(eq(staff.id, current.id), eq(staff.clientId, ctx.clientId)))
      .returning();
    await revokeRefreshTokens(tx, current.id);
    const after = toStaff(row!, role);
    await writeAudit(tx, auditOf(ctx, entity, current.id, 'deactivate', toStaff(current, role), after));
    return after;
  });
}

export async function resetStaffPassword(
  db: Db,
  ctx: StaffContext,
  input: { staffId: number; newPassword: string },
): Promise<void> {
  const target = await findStaff(db, ctx, input.staffId);
  if (target.row.id === ctx.staffId) throw conflict(said('OWN_RESET'));
  if (target.role.isOwner && !ctx.isOwner) throw forbidden(said('OWNER_ONLY'));
  assertMayActOn(ctx, { ...target.role, branchIds: target.row.branchIds });
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    // Checked again under the row lock: the role may have changed while the hash was computed.
    const { row, role } = await findStaff(tx, ctx, input.staffId, true);
    if (role.isOwner && !ctx.isOwner) throw forbidden(said('OWNER_ONLY'));
    assertMayActOn(ctx, { ...role, branchIds: row.branchIds });
    await tx
      .update(staff)
      .set({ passwordHash, updatedAt: new Date().toISOString() })
      .where(and(eq(staff.id, row.id), eq(staff.clientId, ctx.clientId)));
    await revokeRefreshTokens(tx, row.id);
    await writeAudit(
      tx,
      auditOf(ctx, entity, row.id, 'passwordReset', null, { staffId: row.id, staffName: row.staffName }),
    );
  });
}
