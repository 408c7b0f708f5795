import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema } from '@app/contract/health';
import type { Database } from '../../db/client.ts';
import { appVersion } from '../../version.ts';

export function healthRoutes(app: FastifyInstance, database: Database) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/health', {
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
}
