import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyJwt from '@fastify/jwt';
import { and, eq, is, Placeholder, sql } from 'drizzle-orm';
import {
  readImplied,
  type ModuleName,
  type PermissionAction,
  type PermissionRecord,
} from '@app/contract/modules';
import { branches, refreshTokens, staff, staffRoles } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import { AppError, fieldError, forbidden, said } from './errors.ts';

/** Who is calling, resolved from the token and the database on every request (never cached). */
export type StaffContext = {
  staffId: number;
  clientId: number;
  staffName: string;
  /** The caller's own role (a role may not be edited by those who hold it). */
  roleId: number;
  isOwner: boolean;
  permissions: PermissionRecord[];
  /** null: every branch of the organisation. */
  allowedBranchIds: number[] | null;
  /** The branch of the `branchId` header, checked to be one the caller may use; null when absent. */
  branchId: number | null;
  /** That branch's date now (YYYY-MM-DD, in its time zone); null without a branch. */
  branchToday: string | null;
  /** Refresh-token family of the caller's sign-in (kept when other sessions are revoked). */
  familyId?: string;
  /**
   * PostgreSQL's snapshot when the request's caller was read (`xmin:xmax:in-progress`): two equal
   * snapshots see the same rows, so an answer computed at this snapshot may be reused (the
   * dashboard's cache). Absent where no request read it.
   */
  dataSnapshot?: string;
  requestId: string;
  /**
   * Confirming a member's UPI claim: the account the member was quoted and paid. A payment is booked
   * to it even when it was switched off or tied to another branch since (issue 45, point 3).
   */
  quotedAccountId?: number;
};

/**
 * What a route needs. 'public': nobody; 'signedIn': a valid token; an object: a token plus a module
 * permission, and with `branch: 'required'` an allowed active branch in the `branchId` header.
 * `impliedRead`: a view route another module's permission also opens (contract `impliedReads`).
 */
export type Access =
  | 'public'
  | 'signedIn'
  | { module: ModuleName; action: PermissionAction; branch?: 'required'; impliedRead?: boolean };

/** One /api route and what it needs: the permission and tenancy suites walk this table. */
export type RouteAccess = { method: string; url: string; access: Access };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    routeAccess: RouteAccess[];
  }
  interface FastifyRequest {
    ctx: StaffContext;
  }
}

/** `fam`: the refresh-token family of the sign-in that produced this token. */
export type AccessClaims = { sub: string; cid: number; fam?: string; exp?: number };

const tokenInvalid = () => new AppError(401, 'TOKEN_INVALID_OR_EXPIRED', said('SESSION_EXPIRED'));

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
  await app.register(fastifyJwt, {
    secret: opts.secret,
    sign: { expiresIn: opts.ttlSeconds },
  });

  const table: RouteAccess[] = [];
  app.decorate('routeAccess', table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        table.push({ method, url: route.url, access: route.config?.access ?? 'signedIn' });
    }
  });

  const callerQuery = prepareCallerQuery(db);
  const verifyToken = rememberedTokens((token) => app.jwt.verify<AccessClaims>(token));
  app.addHook('onRequest', async (request) => {
    // Routes outside /api (the web app) and unknown routes carry no access rule.
    if (!request.url.startsWith('/api/') || request.is404) return;
    const access = request.routeOptions.config.access ?? 'signedIn';
    if (access === 'public') return;
    request.ctx = await resolveCaller(verifyToken, callerQuery, request);
    if (access === 'signedIn') return;
    const implied = access.impliedRead === true && readImplied(request.ctx.permissions, access.module);
    if (!implied && !can(request.ctx, access.module, access.action)) throw forbidden();
    if (access.branch === 'required' && request.ctx.branchId === null) {
      throw new AppError(400, 'BAD_REQUEST', said('BRANCH_HEADER_MISSING'));
    }
  });
}

function bearerToken(request: FastifyRequest): string | undefined {
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim();
  const legacy = request.headers.token;
  return typeof legacy === 'string' && legacy ? legacy : undefined;
}

type CallerValues = { staffId: number; clientId: number; branchId: number; familyId: string };
type CallerRow = {
  staffName: string;
  status: string;
  branchIds: number[] | null;
  roleId: number;
  isOwner: boolean;
  permissions: PermissionRecord[];
  branchId: number | null;
  branchToday: string | null;
  dataSnapshot: string;
  sessionLive: boolean;
};

/**
 * Staff member, role and the requested branch in one prepared statement: it runs before every API
 * call, so PostgreSQL keeps its plan (docs/decisions/performance.md, "Lists at scale"). drizzle writes the
 * statement once, at start; each request sends it by name on the pool with its row as an array and
 * reads that row here: drizzle's prepared query mapped every field through its entity checks and
 * tracing on each call (issue 36, point 4). The values need no decoding beyond the driver's (text,
 * booleans, an integer array, jsonb). The branch joins only when it is the caller's organisation's
 * and active; branchId 0 asks for none.
 */
function prepareCallerQuery(db: Db): (values: CallerValues) => Promise<CallerRow | undefined> {
  const query = db
    .select({
      staffName: staff.staffName,
      status: staff.status,
      branchIds: staff.branchIds,
      roleId: staff.roleId,
      isOwner: staffRoles.isOwner,
      permissions: staffRoles.permissions,
      branchId: branches.id,
      branchToday: sql<string | null>`(now() at time zone ${branches.timezone})::date::text`,
      dataSnapshot: sql<string>`pg_current_snapshot()::text`,
      // The sign-in behind the token still stands: its family's newest refresh token is neither
      // revoked (logout, reuse, password change elsewhere, deactivation) nor expired.
      sessionLive: sql<boolean>`exists (select 1 from ${refreshTokens} r
        where r.family_id = ${sql.placeholder('familyId')} and r.staff_id = ${staff.id}
          and r.revoked_at is null and r.rotated_at is null and r.expires_at > now())`,
    })
    .from(staff)
    .innerJoin(staffRoles, eq(staffRoles.id, staff.roleId))
    .leftJoin(
      branches,
      and(
        eq(branches.id, sql.placeholder('branchId')),
        eq(branches.clientId, staff.clientId),
        eq(branches.status, 'active'),
      ),
    )
    .where(and(eq(staff.id, sql.placeholder('staffId')), eq(staff.clientId, sql.placeholder('clientId'))))
    .toSQL();
  const fill = query.params.map((p) =>
    is(p, Placeholder) ? (values: CallerValues) => values[p.name as keyof CallerValues] : () => p,
  );
  return async (values) => {
    const { rows } = await db.$client.query<unknown[]>({
      name: 'caller_context',
      text: query.sql,
      values: fill.map((f) => f(values)),
      rowMode: 'array',
    });
    const row = rows[0];
    if (!row) return undefined;
    return {
      staffName: row[0] as string,
      status: row[1] as string,
      branchIds: row[2] as number[] | null,
      roleId: row[3] as number,
      isOwner: row[4] as boolean,
      permissions: row[5] as PermissionRecord[],
      branchId: row[6] as number | null,
      branchToday: row[7] as string | null,
      dataSnapshot: row[8] as string,
      sessionLive: row[9] as boolean,
    };
  };
}

function requestedBranch(request: FastifyRequest): number | null {
  const header = request.headers.branchid;
  const raw = Array.isArray(header) ? header[0] : header;
  if (raw === undefined || raw === 'null' || raw === 'undefined') return null;
  // Digits only: '', ' 1 ', '0x1', '1e0' or '01' are not read as a branch.
  const branchId = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(branchId <= 2_147_483_647)) {
    throw new AppError(400, 'BAD_REQUEST', said('BRANCH_HEADER_INVALID'), [
      fieldError('headers.branchId', 'BRANCH_HEADER_FORM'),
    ]);
  }
  return branchId;
}

/** Tokens remembered at most at once (the last verified; a busy desk holds one at a time). */
export const rememberedTokenCount = 1000;

/**
 * A token is checked on every request of its ~15 minutes. The last 1,000 verified tokens are
 * remembered by their exact text, each until its own `exp` (an expired one is verified again, and
 * refused, as before), instead of decoding, parsing and HMAC-checking it again: fast-jwt's own cache
 * did the same keyed by a SHA-256 of the token, whose hashing and option merging on every request
 * cost more than the lookup saved (issue 36, point 4). Whether the session behind it still stands
 * is read from the database on every request all the same (caller_context).
 */
export function rememberedTokens(verify: (token: string) => AccessClaims): (token: string) => AccessClaims {
  const verified = new Map<string, AccessClaims>();
  return (token) => {
    const known = verified.get(token);
    if (known && known.exp! * 1000 > Date.now()) return known;
    if (known) verified.delete(token);
    const claims = verify(token);
    if (typeof claims.exp === 'number') {
      verified.set(token, claims);
      // Oldest first (insertion order): a bounded memory whatever the number of tokens.
      if (verified.size > rememberedTokenCount) verified.delete(verified.keys().next().value!);
    }
    return claims;
  };
}

async function resolveCaller(
  verifyToken: (token: string) => AccessClaims,
  callerQuery: ReturnType<typeof prepareCallerQuery>,
  request: FastifyRequest,
): Promise<StaffContext> {
  const token = bearerToken(request);
  if (!token) throw tokenInvalid();
  let claims: AccessClaims;
  try {
    claims = verifyToken(token);
  } catch {
    throw tokenInvalid();
  }
  const staffId = Number(claims.sub);
  const familyOk = typeof claims.fam === 'string' && claims.fam.length > 0;
  // A token without an expiry or a session family was not made by sign-in: refused.
  if (
    !Number.isInteger(staffId) ||
    !Number.isInteger(claims.cid) ||
    !familyOk ||
    typeof claims.exp !== 'number'
  ) {
    throw tokenInvalid();
  }
  const branchId = requestedBranch(request);
  const row = await callerQuery({
    staffId,
    clientId: claims.cid,
    branchId: branchId ?? 0,
    familyId: claims.fam!, // checked above (familyOk)
  });
  // A deactivated staff member, or a session that was ended, is refused at once, not when the
  // token runs out.
  if (!row || row.status !== 'active' || !row.sessionLive) throw tokenInvalid();
  if (branchId !== null) {
    const allowed = row.branchIds === null || row.branchIds.includes(branchId);
    if (!allowed || row.branchId === null) {
      throw new AppError(403, 'BRANCH_NOT_ALLOWED', said('BRANCH_REFUSED'));
    }
  }
  return {
    staffId,
    clientId: claims.cid,
    staffName: row.staffName,
    roleId: row.roleId,
    isOwner: row.isOwner,
    permissions: row.permissions,
    allowedBranchIds: row.branchIds,
    branchId,
    branchToday: branchId === null ? null : row.branchToday,
    familyId: claims.fam,
    dataSnapshot: row.dataSnapshot,
    requestId: request.id,
  };
}
