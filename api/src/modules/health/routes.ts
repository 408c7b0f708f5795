import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { errorBodySchema } from '@app/contract/errors';
import { healthSchema, readySchema } from '@app/contract/health';
import { migrationsFolder, type Database } from '../../db/client.ts';
import {
  AppError,
  pgErrorCode,
  restartRetryAfterSeconds,
  retryAfterSeconds,
  said,
  toErrorBody,
} from '../../platform/errors.ts';
import { appVersion } from '../../version.ts';

/**
 * /api/health says the process is alive (and whether it reaches its database); /api/ready says a
 * load balancer may send it requests (issue 43, point 4): the database answers, every migration of
 * this build is applied, and the server is neither starting nor stopping. Not ready is a 503 in the
 * error shape with Retry-After, which a balancer reads as "send it elsewhere for now".
 */
export function healthRoutes(app: FastifyInstance, database: Database) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/api/health', {
    config: { access: 'public' },
    schema: { tags: ['Health'], response: { 200: healthSchema, 503: healthSchema } },
    handler: async (_request, reply) => {
      let serverVersion: string | undefined;
      try {
        serverVersion = await database.serverVersion();
      } catch {
        serverVersion = undefined;
      }
      const reachable = serverVersion !== undefined;
      return reply.status(reachable ? 200 : 503).send({
        status: reachable ? 'ok' : 'degraded',
        version: appVersion,
        database: { kind: database.kind, reachable, ...(serverVersion ? { serverVersion } : {}) },
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  });

  // Starting until every onReady hook ran (the first member-expiry pass among them), stopping from
  // the moment close begins: then every request that still arrives on an open connection is
  // answered 503 at once, in the error shape (Fastify's own 503 has another; app.ts turns it off),
  // with Connection: close, while the requests already under way finish (main.ts gives them 10 s).
  let state: 'starting' | 'serving' | 'stopping' = 'starting';
  app.addHook('onReady', (done) => {
    state = 'serving';
    done();
  });
  app.addHook('preClose', (done) => {
    state = 'stopping';
    done();
  });
  // Answered here, not thrown: the error handler would log each as a failed request with its stack,
  // and a balancer's last requests to a stopping server are expected (the request line logs them).
  const stoppingBody = toErrorBody(new AppError(503, 'SERVICE_UNAVAILABLE', said('SERVER_BUSY')))!;
  app.addHook('onRequest', (request, reply, done) => {
    // /api/health still says the process is alive (it is, until it exits).
    if (state !== 'stopping' || request.routeOptions.url === '/api/health') return done();
    void reply
      .code(503)
      .header('connection', 'close')
      .header('retry-after', String(retryAfterSeconds))
      .send(stoppingBody);
  });

  const expected = lastMigration();
  typed.get('/api/ready', {
    config: { access: 'public' },
    schema: { tags: ['Health'], response: { 200: readySchema, 503: errorBodySchema } },
    handler: async (request, reply) => {
      const why = state !== 'serving' ? `the server is ${state}` : await databaseNotReady(database, expected);
      if (!why) return { status: 'ready' as const, migration: expected.tag };
      request.log.warn({ why }, 'not ready');
      const code = database.restarting?.() ? 'DATABASE_RESTARTING' : 'SERVER_BUSY';
      const body = toErrorBody(new AppError(503, 'SERVICE_UNAVAILABLE', said(code)))!;
      const seconds = code === 'DATABASE_RESTARTING' ? restartRetryAfterSeconds : retryAfterSeconds;
      return reply.status(503).header('retry-after', String(seconds)).send(body);
    },
  });
}

type Migration = { tag: string; when: number };

/** The newest migration of this build (api/drizzle/meta/_journal.json): drizzle records its `when`. */
function lastMigration(): Migration {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Migration[];
  };
  return journal.entries.at(-1)!;
}

/** Why the database is not ready for this build, or undefined when it is (one statement). */
async function databaseNotReady(database: Database, expected: Migration): Promise<string | undefined> {
  try {
    const { rows } = await database.db.execute<{ last: string | null }>(
      sql`select (select max(created_at) from drizzle.__drizzle_migrations)::text as last`,
    );
    const last = Number(rows[0]?.last ?? 0);
    return last >= expected.when ? undefined : `migration ${expected.tag} is not applied yet`;
  } catch (err) {
    if (pgErrorCode(err).code === '42P01') return 'no migration is applied yet';
    return `the database does not answer: ${(err as Error).message}`;
  }
}
