import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  authMessages,
  changePasswordSchema,
  forgotPasswordSchema,
  messageSchema,
  minPasswordLength,
  registerSchema,
  resetPasswordSchema,
  verifyPasswordSchema,
} from '@app/contract/auth';
import { fullPermissions } from '@app/contract/modules';
import { defaultFyStartMonth } from '@app/contract/money';
import {
  loginRequestSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  sessionSchema,
} from '@app/contract/session';
import { branches, clients, passwordResets, refreshTokens, staff, staffRoles } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { writeAudit } from '../../platform/audit.ts';
import {
  AppError,
  conflict,
  fieldError,
  forbidden,
  pgErrorCode,
  said,
  validationFailed,
} from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { clearAccountFailures, reserveResetRequest, reserveSignInAttempt } from './rateLimit.ts';
import { signAccess, startSession } from './session.ts';
import { hashToken, issueRefreshToken, newOpaqueToken, revokeStaffTokens } from './tokens.ts';

const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', said('SIGN_IN_FAILED'));
const refreshRefused = () => new AppError(401, 'TOKEN_INVALID_OR_EXPIRED', said('REFRESH_EXPIRED'));
const resetLinkMinutes = 30;

// Verifying against this hash when the account does not exist makes both failures take as long.
let dummyHash: Promise<string> | undefined;

export function authenticationRoutes(app: FastifyInstance, db: Db, config: Config, mailer: Mailer) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Authentication'];
  const publicRoute = { access: 'public' as const };

  r.post('/api/authentication/login', {
    config: publicRoute,
    schema: { tags, security: [], body: loginRequestSchema, response: { 200: sessionSchema } },
    handler: async (request) => {
      const { email: login, password, remember } = request.body;
      await reserveSignInAttempt(db, login, request.ip);
      // Neither a mobile number nor an email is unique across organisations: every account that uses
      // it is tried by password, so another organisation using the same one cannot lock this one out.
      const candidates = await db
        .select({
          id: staff.id,
          clientId: staff.clientId,
          status: staff.status,
          passwordHash: staff.passwordHash,
        })
        .from(staff)
        .where(or(sql`lower(${staff.email}) = lower(${login})`, eq(staff.mobile, login)))
        .orderBy(staff.id)
        .limit(5);
      let found: (typeof candidates)[number] | undefined;
      for (const candidate of candidates) {
        if (await verifyPassword(candidate.passwordHash, password)) {
          found = candidate;
          break;
        }
      }
      // Unknown logins cost an argon2 round too, so timing does not tell which exist.
      if (candidates.length === 0)
        await verifyPassword(await (dummyHash ??= hashPassword('not-a-password')), password);
      const ok = found !== undefined;
      if (!found || !ok) {
        // The attempt reserved above stays recorded as this failure.
        await writeAudit(db, {
          clientId: candidates[0]?.clientId ?? null,
          staffId: candidates[0]?.id ?? null,
          requestId: request.id,
          entity: 'session',
          action: 'signInFailed',
          after: { login, ip: request.ip },
        });
        throw invalidCredentials();
      }
      await clearAccountFailures(db, login, request.ip);
      if (found.status !== 'active') throw forbidden(said('ACCOUNT_DEACTIVATED'));
      return db.transaction(async (tx) => {
        const session = await startSession(app, tx, found.id, remember);
        await writeAudit(tx, {
          clientId: found.clientId,
          staffId: found.id,
          requestId: request.id,
          entity: 'session',
          entityId: found.id,
          action: 'signIn',
          after: { ip: request.ip, remember },
        });
        return session;
      });
    },
  });

  r.post('/api/authentication/refreshToken', {
    config: publicRoute,
    schema: { tags, security: [], body: refreshRequestSchema, response: { 200: refreshResponseSchema } },
    handler: async (request) => {
      const tokenHash = hashToken(request.body.refreshToken);
      return db
        .transaction(async (tx) => {
          const [row] = await tx
            .select({
              token: refreshTokens,
              staffStatus: staff.status,
              clientId: staff.clientId,
              // The database's clock, as the session's expiry was set (issue 42, point 3).
              live: sql<boolean>`${refreshTokens.expiresAt} > now()`,
            })
            .from(refreshTokens)
            .innerJoin(staff, eq(staff.id, refreshTokens.staffId))
            .where(eq(refreshTokens.tokenHash, tokenHash));
          if (!row || row.token.revokedAt || row.staffStatus !== 'active') throw refreshRefused();
          if (!row.live) throw refreshRefused();
          // Mark it used; only one of two concurrent uses can win this update.
          const [claimed] = await tx
            .update(refreshTokens)
            .set({ rotatedAt: new Date().toISOString() })
            .where(and(eq(refreshTokens.id, row.token.id), isNull(refreshTokens.rotatedAt)))
            .returning({ id: refreshTokens.id });
          if (!claimed) {
            // A rotated token came back: someone holds a copy. Revoke the whole family.
            await tx
              .update(refreshTokens)
              .set({ revokedAt: new Date().toISOString() })
              .where(and(eq(refreshTokens.familyId, row.token.familyId), isNull(refreshTokens.revokedAt)));
            await writeAudit(tx, {
              clientId: row.clientId,
              staffId: row.token.staffId,
              requestId: request.id,
              entity: 'session',
              action: 'refreshTokenReused',
              after: { familyId: row.token.familyId },
            });
            return { reused: true as const };
          }
          const next = await issueRefreshToken(tx, row.token.staffId, row.token.remember, row.token.familyId);
          return {
            accessToken: signAccess(app, {
              sub: String(row.token.staffId),
              cid: row.clientId,
              fam: row.token.familyId,
            }),
            refreshToken: next.token,
          };
        })
        .then((result) => {
          // Thrown outside the transaction so the family revocation is committed.
          if ('reused' in result) throw refreshRefused();
          return result;
        });
    },
  });

  r.post('/api/authentication/logout', {
    config: publicRoute,
    schema: { tags, security: [], body: refreshRequestSchema, response: { 200: messageSchema } },
    handler: async (request) => {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date().toISOString() })
        .where(
          and(
            eq(refreshTokens.tokenHash, hashToken(request.body.refreshToken)),
            isNull(refreshTokens.revokedAt),
          ),
        );
      return { message: 'Signed out.' };
    },
  });

  r.put('/api/authentication/changeStaffPassword', {
    config: { access: 'signedIn' },
    schema: { tags, body: changePasswordSchema, response: { 200: z.string() } },
    handler: async (request, reply) => {
      const { userId, oldPassword, newPassword, confirmPassword } = request.body;
      const ctx = request.ctx;
      if (userId !== ctx.staffId) throw forbidden(said('OWN_PASSWORD_ONLY'));
      if (!oldPassword || !newPassword || !confirmPassword) {
        throw validationFailed(
          (['oldPassword', 'newPassword', 'confirmPassword'] as const)
            .filter((f) => !request.body[f])
            .map((f) => fieldError(`body.${f}`, 'REQUIRED')),
          said('ALL_FIELDS_REQUIRED'),
        );
      }
      if (newPassword !== confirmPassword) {
        throw validationFailed(
          [fieldError('body.confirmPassword', 'PASSWORDS_DO_NOT_MATCH')],
          said('PASSWORDS_DO_NOT_MATCH'),
        );
      }
      if (newPassword.length < minPasswordLength) {
        const problem = said('PASSWORD_TOO_SHORT', { min: minPasswordLength });
        throw validationFailed([fieldError('body.newPassword', problem.code, problem.params)], problem);
      }
      if (newPassword === oldPassword) {
        throw validationFailed(
          [fieldError('body.newPassword', 'PASSWORD_UNCHANGED')],
          said('PASSWORD_UNCHANGED'),
        );
      }
      const [me] = await db
        .select({ passwordHash: staff.passwordHash })
        .from(staff)
        .where(eq(staff.id, ctx.staffId));
      if (!me || !(await verifyPassword(me.passwordHash, oldPassword))) {
        throw validationFailed(
          [fieldError('body.oldPassword', 'OLD_PASSWORD_WRONG')],
          said('OLD_PASSWORD_WRONG'),
        );
      }
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await tx
          .update(staff)
          .set({ passwordHash, updatedAt: new Date().toISOString() })
          .where(eq(staff.id, ctx.staffId));
        await revokeStaffTokens(tx, ctx.staffId, ctx.familyId);
        await writeAudit(tx, {
          clientId: ctx.clientId,
          staffId: ctx.staffId,
          requestId: ctx.requestId,
          entity: 'staff',
          entityId: ctx.staffId,
          action: 'passwordChange',
        });
      });
      // The specification's client shows the response data itself: a JSON string, not an object.
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(authMessages.passwordChanged));
    },
  });

  r.post('/api/authentication/verifyPassword', {
    config: { access: 'signedIn' },
    schema: { tags, body: verifyPasswordSchema, response: { 200: messageSchema } },
    handler: async (request) => {
      const [me] = await db
        .select({ passwordHash: staff.passwordHash })
        .from(staff)
        .where(eq(staff.id, request.ctx.staffId));
      if (!me || !(await verifyPassword(me.passwordHash, request.body.password))) {
        throw new AppError(401, 'INVALID_CREDENTIALS', said('PASSWORD_NOT_CORRECT'));
      }
      return { message: 'Unlocked.' };
    },
  });

  r.post('/api/authentication/register', {
    config: publicRoute,
    schema: { tags, security: [], body: registerSchema, response: { 201: sessionSchema } },
    handler: async (request, reply) => {
      const body = request.body;
      const passwordHash = await hashPassword(body.password);
      try {
        const session = await db.transaction(async (tx) => {
          // Intl and PostgreSQL know different zone lists; a zone PostgreSQL lacks would fail every
          // later request of the first branch.
          if (body.timezone !== undefined) {
            const known = await tx.execute(
              sql`select 1 from pg_timezone_names where name = ${body.timezone}`,
            );
            if (known.rows.length === 0)
              throw validationFailed([fieldError('body.timezone', 'UNKNOWN_TIME_ZONE')]);
          }
          const [client] = await tx
            .insert(clients)
            .values({
              name: body.organisationName || `${body.username}'s Library`,
              ...(body.currency === undefined ? {} : { currency: body.currency }),
              ...(body.locale === undefined ? {} : { locale: body.locale }),
              ...(body.timezone === undefined ? {} : { timezone: body.timezone }),
            })
            .returning();
          const clientId = client!.id;
          // The organisation's defaults decide the rest: its financial year by currency, and the
          // first branch keeps its time zone (not UTC).
          await tx
            .update(clients)
            .set({ fyStartMonth: defaultFyStartMonth(client!.currency) })
            .where(eq(clients.id, clientId));
          await tx.insert(branches).values({ clientId, name: 'Main', timezone: client!.timezone });
          const [role] = await tx
            .insert(staffRoles)
            .values({
              clientId,
              name: 'Owner',
              description: 'Everything, always.',
              isOwner: true,
              permissions: fullPermissions(),
            })
            .returning();
          const [owner] = await tx
            .insert(staff)
            .values({ clientId, staffName: body.username, email: body.email, roleId: role!.id, passwordHash })
            .returning({ id: staff.id });
          await writeAudit(tx, {
            clientId,
            staffId: owner!.id,
            requestId: request.id,
            entity: 'client',
            entityId: clientId,
            action: 'register',
            after: { name: client!.name, owner: body.email },
          });
          return startSession(app, tx, owner!.id, false);
        });
        return reply.status(201).send(session);
      } catch (err) {
        if (pgErrorCode(err).code === '23505') throw conflict(said('EMAIL_REGISTERED'));
        throw err;
      }
    },
  });

  r.post('/api/authentication/forgotPassword', {
    config: publicRoute,
    schema: { tags, security: [], body: forgotPasswordSchema, response: { 200: messageSchema } },
    handler: async (request) => {
      await reserveResetRequest(db, request.body.email, request.ip);
      // An email may belong to accounts of several organisations: each active one gets its own link.
      const accounts = await db
        .select({ id: staff.id, email: staff.email, status: staff.status })
        .from(staff)
        .where(sql`lower(${staff.email}) = lower(${request.body.email})`)
        .orderBy(staff.id)
        .limit(5);
      for (const found of accounts.filter((a) => a.status === 'active')) {
        const token = newOpaqueToken();
        await db.insert(passwordResets).values({
          staffId: found.id,
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + resetLinkMinutes * 60_000).toISOString(),
        });
        const link = `${config.publicUrl}/reset-password?token=${token}`;
        await mailer({
          to: found.email,
          subject: 'Reset your Library Admin password',
          body: `Someone asked to reset the password of this account. Open this link within ${resetLinkMinutes} minutes to choose a new one:\n\n${link}\n\nIf it was not you, ignore this message.`,
        });
      }
      // The same answer either way, so the form does not reveal which emails have accounts.
      return { message: authMessages.resetLinkSent };
    },
  });

  r.post('/api/authentication/resetPassword', {
    config: publicRoute,
    schema: { tags, security: [], body: resetPasswordSchema, response: { 200: messageSchema } },
    handler: async (request) => {
      const passwordHash = await hashPassword(request.body.newPassword);
      await db.transaction(async (tx) => {
        // Claiming the row and checking it happen in one statement: a link works exactly once.
        const [claimed] = await tx
          .update(passwordResets)
          .set({ usedAt: new Date().toISOString() })
          .where(
            and(
              eq(passwordResets.tokenHash, hashToken(request.body.token)),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, new Date().toISOString()),
            ),
          )
          .returning({ staffId: passwordResets.staffId });
        if (!claimed) throw new AppError(400, 'BAD_REQUEST', said('RESET_LINK_INVALID'));
        const [member] = await tx
          .update(staff)
          .set({ passwordHash, updatedAt: new Date().toISOString() })
          .where(eq(staff.id, claimed.staffId))
          .returning({ clientId: staff.clientId });
        await revokeStaffTokens(tx, claimed.staffId);
        await writeAudit(tx, {
          clientId: member!.clientId,
          staffId: claimed.staffId,
          requestId: request.id,
          entity: 'staff',
          entityId: claimed.staffId,
          action: 'passwordReset',
        });
      });
      return { message: authMessages.passwordReset };
    },
  });
}
