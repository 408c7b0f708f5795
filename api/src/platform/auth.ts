import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyJwt from '@fastify/jwt';
import { and, eq } from 'drizzle-orm';
import type { ModuleName, PermissionAction, PermissionRecord } from '@app/contract/modules';
import { branches, staff, staffRoles } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import { AppError, forbidden } from './errors.ts';

/** Who is calling, resolved from the token and the database on every request (never cached). */
export type StaffContext = {
  staffId: number;
  clientId: number;
  staffName: string;
  isOwner: boolean;
  permissions: PermissionRecord[];
  /** null: every branch of the organisation. */
  allowedBranchIds: number[] | null;
  /** The branch of the `branchId` header, checked to be one the caller may use; null when absent. */
  branchId: number | null;
  /** Refresh-token family of the caller's sign-in (kept when other sessions are revoked). */
  familyId?: string;
  requestId: string;
};

/**
 * What a route needs. 'public': nobody; 'signedIn': a valid token; an object: a token plus a module
 * permission, and with `branch: 'required'` an allowed active branch in the `branchId` header.
 */
export type Access =
  'public' | 'signedIn' | { module: ModuleName; action: PermissionAction; branch?: 'required' };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    ctx: StaffContext;
  }
}

/** `fam`: the refresh-token family of the sign-in that produced this token. */
export type AccessClaims = { sub: string; cid: number; fam?: string };

const tokenInvalid = () =>
  new AppError(
    401,
    'TOKEN_INVALID_OR_EXPIRED',
    'Your session has expired or is not valid; please sign in again.',
  );

export function can(
  ctx: Pick<StaffContext, 'isOwner' | 'permissions'>,
  module: ModuleName,
  action: PermissionAction,
) {
  if (ctx.isOwner) return true;
  return ctx.permissions.some((p) => p.moduleUniqueName === module && p[action]);
}

export async function registerAuth(
  app: FastifyInstance,
  db: Db,
  opts: { secret: string; ttlSeconds: number },
) {
  await app.register(fastifyJwt, { secret: opts.secret, sign: { expiresIn: opts.ttlSeconds } });

  app.addHook('onRequest', async (request) => {
    // Routes outside /api (the web app) and unknown routes carry no access rule.
    if (!request.url.startsWith('/api/') || request.is404) return;
    const access = request.routeOptions.config.access ?? 'signedIn';
    if (access === 'public') return;
    request.ctx = await resolveCaller(app, db, request);
    if (access === 'signedIn') return;
    if (!can(request.ctx, access.module, access.action)) throw forbidden();
    if (access.branch === 'required' && request.ctx.branchId === null) {
      throw new AppError(400, 'BAD_REQUEST', 'Choose a branch first: the branchId header is missing.');
    }
  });
}

function bearerToken(request: FastifyRequest): string | undefined {
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim();
  const legacy = request.headers.token;
  return typeof legacy === 'string' && legacy ? legacy : undefined;
}

async function resolveCaller(app: FastifyInstance, db: Db, request: FastifyRequest): Promise<StaffContext> {
  const token = bearerToken(request);
  if (!token) throw tokenInvalid();
  let claims: AccessClaims;
  try {
    claims = app.jwt.verify<AccessClaims>(token);
  } catch {
    throw tokenInvalid();
  }
  const staffId = Number(claims.sub);
  if (!Number.isInteger(staffId) || !Number.isInteger(claims.cid)) throw tokenInvalid();
  const [row] = await db
    .select({
      staffName: staff.staffName,
      status: staff.status,
      branchIds: staff.branchIds,
      isOwner: staffRoles.isOwner,
      permissions: staffRoles.permissions,
    })
    .from(staff)
    .innerJoin(staffRoles, eq(staffRoles.id, staff.roleId))
    .where(and(eq(staff.id, staffId), eq(staff.clientId, claims.cid)));
  // A deactivated staff member is refused at once, not when the token runs out.
  if (!row || row.status !== 'active') throw tokenInvalid();

  const ctx: StaffContext = {
    staffId,
    clientId: claims.cid,
    staffName: row.staffName,
    isOwner: row.isOwner,
    permissions: row.permissions,
    allowedBranchIds: row.branchIds,
    branchId: null,
    familyId: claims.fam,
    requestId: request.id,
  };
  const header = request.headers.branchid;
  const raw = Array.isArray(header) ? header[0] : header;
  if (raw && raw !== 'null' && raw !== 'undefined') {
    const branchId = Number(raw);
    if (!Number.isInteger(branchId) || branchId <= 0) {
      throw new AppError(400, 'BAD_REQUEST', 'The branchId header must be a branch id or null.');
    }
    const allowed = ctx.allowedBranchIds === null || ctx.allowedBranchIds.includes(branchId);
    const [branch] = allowed
      ? await db
          .select({ id: branches.id })
          .from(branches)
          .where(
            and(
              eq(branches.id, branchId),
              eq(branches.clientId, ctx.clientId),
              eq(branches.status, 'active'),
            ),
          )
      : [];
    if (!branch) {
      throw new AppError(403, 'BRANCH_NOT_ALLOWED', 'You may not work on this branch; choose another one.');
    }
    ctx.branchId = branchId;
  }
  return ctx;
}
