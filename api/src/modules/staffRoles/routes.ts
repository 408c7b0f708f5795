import type { FastifyInstance } from 'fastify';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { fullPermissions } from '@app/contract/modules';
import {
  normalisePermissions,
  staffRoleInputSchema,
  staffRoleListQuerySchema,
  staffRoleSchema,
  type StaffRole,
} from '@app/contract/staffRoles';
import { staff, staffRoles } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import { registerCrud } from '../../platform/crud.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { conflict, forbidden, said, saidData } from '../../platform/errors.ts';
import { assertMayGrant, roleRefusal } from '../../platform/grants.ts';
import { staffRoleCsv } from './exportColumns.ts';

type StaffRoleRow = typeof staffRoles.$inferSelect;
/** What the CRUD factory (and so the audit log) sees; staffCount is added when answering. */
export type StaffRoleBase = Omit<StaffRole, 'staffCount'>;

/** The answer's role: its staff count and what the caller may not do with it (web row actions). */
function withRefusals(ctx: StaffContext, role: StaffRoleBase, staffCount: number): StaffRole {
  const edit = roleRefusal(ctx, role, 'edit');
  const remove = roleRefusal(ctx, role, 'delete', staffCount);
  const refused = {
    ...(edit ? { edit: saidData(edit.said) } : {}),
    ...(remove ? { delete: saidData(remove.said) } : {}),
  };
  return { ...role, staffCount, refused };
}

export const toStaffRole = (row: StaffRoleRow): StaffRoleBase => ({
  id: row.id,
  name: row.name,
  description: row.description,
  isOwner: row.isOwner,
  // The Owner role holds everything, whatever an older row stored.
  permissions: row.isOwner ? fullPermissions() : normalisePermissions(row.permissions ?? []),
  createdAt: new Date(row.createdAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
});

/** Staff members (active or not) per role, one grouped query for any number of roles. */
export async function staffCounts(db: Db | Tx, clientId: number, roleIds: number[]) {
  const counts = new Map<number, number>();
  if (roleIds.length === 0) return counts;
  const rows = await db
    .select({ roleId: staff.roleId, n: count() })
    .from(staff)
    .where(and(eq(staff.clientId, clientId), inArray(staff.roleId, roleIds)))
    .groupBy(staff.roleId);
  for (const r of rows) counts.set(r.roleId, Number(r.n));
  return counts;
}

const isRole = (v: unknown): v is StaffRoleBase =>
  typeof v === 'object' && v !== null && 'id' in v && 'permissions' in v && 'isOwner' in v;

export function staffRoleRoutes(app: FastifyInstance, db: Db) {
  // The factory's record is built row by row; staffCount needs the staff table, so the answers of
  // this scope get it from one grouped query per response (a list costs three queries, not 2 + n).
  void app.register(async (scope) => {
    scope.addHook('preSerialization', async (request, reply, payload: unknown) => {
      if (reply.statusCode >= 300 || !request.ctx || typeof payload !== 'object' || payload === null) {
        return payload;
      }
      const clientId = request.ctx.clientId;
      if ('items' in payload && Array.isArray(payload.items)) {
        const items = payload.items.filter(isRole);
        const counts = await staffCounts(
          db,
          clientId,
          items.map((r) => r.id),
        );
        const ctx = request.ctx;
        return {
          ...payload,
          items: items.map((r) => withRefusals(ctx, r, counts.get(r.id) ?? 0)),
        };
      }
      if (isRole(payload)) {
        const counts = await staffCounts(db, clientId, [payload.id]);
        return withRefusals(request.ctx, payload, counts.get(payload.id) ?? 0);
      }
      return payload;
    });

    registerCrud(scope, db, {
      name: 'staffRole',
      label: 'StaffRole',
      plural: 'StaffRoles',
      recordName: 'STAFF_ROLE',
      module: 'staffRoles',
      table: staffRoles,
      branchScoped: false,
      // The response schema demands staffCount: an answer that missed the hook fails loudly.
      record: staffRoleSchema as unknown as z.ZodType<StaffRoleBase>,
      input: staffRoleInputSchema,
      listQuery: staffRoleListQuerySchema,
      sortColumns: { name: staffRoles.name, createdAt: staffRoles.createdAt },
      defaultSort: 'name',
      searchColumns: [staffRoles.name, staffRoles.description],
      toRecord: (row) => toStaffRole(row as StaffRoleRow),
      csv: staffRoleCsv,
      // The body is already parsed (permissions normalised); a created role is never the Owner role,
      // and holds nothing its author does not hold.
      toValues: (input, ctx) => {
        assertMayGrant(ctx, input.permissions);
        return {
          name: input.name,
          description: input.description,
          permissions: input.permissions,
          isOwner: false,
        };
      },
      uniqueMessages: { staff_roles_client_name_uq: said('ROLE_NAME_TAKEN') },
      beforeUpdate: async (_tx, row, ctx) => {
        const refusal = roleRefusal(ctx, toStaffRole(row as StaffRoleRow), 'edit');
        if (refusal) throw forbidden(refusal.said);
      },
      beforeDelete: async (tx, row, ctx) => {
        const n = (await staffCounts(tx, ctx.clientId, [row.id])).get(row.id) ?? 0;
        const refusal = roleRefusal(ctx, toStaffRole(row as StaffRoleRow), 'delete', n);
        if (refusal?.status === 409) throw conflict(refusal.said);
        if (refusal) throw forbidden(refusal.said);
      },
    });
  });
}
