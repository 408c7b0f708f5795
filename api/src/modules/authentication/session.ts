import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { fullPermissions } from '@app/contract/modules';
import type { Session } from '@app/contract/session';
import { branches, clients, staff, staffRoles } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import { issueRefreshToken } from './tokens.ts';
import type { AccessClaims } from '../../platform/auth.ts';

/** The sign-in answer the specification's client stores: tokens, staff, organisation, permissions, branches. */
export async function startSession(
  app: FastifyInstance,
  tx: Db | Tx,
  staffId: number,
  remember: boolean,
): Promise<Session> {
  const [row] = await tx
    .select({ staff, role: staffRoles, client: clients })
    .from(staff)
    .innerJoin(staffRoles, eq(staffRoles.id, staff.roleId))
    .innerJoin(clients, eq(clients.id, staff.clientId))
    .where(eq(staff.id, staffId));
  if (!row) throw new Error(`staff ${staffId} vanished while signing in`);
  const { token, familyId } = await issueRefreshToken(tx, staffId, remember);
  const allowed = row.staff.branchIds;
  const branchList = await tx
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(
      and(
        eq(branches.clientId, row.client.id),
        eq(branches.status, 'active'),
        allowed ? inArray(branches.id, allowed.length ? allowed : [-1]) : undefined,
      ),
    )
    .orderBy(asc(branches.name));
  return {
    accessToken: signAccess(app, { sub: String(staffId), cid: row.client.id, fam: familyId }),
    refreshToken: token,
    userId: staffId,
    staffDetails: { staffId, staffName: row.staff.staffName },
    clientDetails: {
      clientId: row.client.id,
      name: row.client.name,
      currency: row.client.currency,
      locale: row.client.locale,
      timezone: row.client.timezone,
      devanagariDigits: row.client.devanagariDigits,
    },
    permissions: row.role.isOwner ? fullPermissions() : row.role.permissions,
    branches: branchList,
    paymentDisabled: row.client.paymentDisabled,
  };
}

export const signAccess = (app: FastifyInstance, claims: AccessClaims) => app.jwt.sign(claims);
