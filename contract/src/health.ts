import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({
    kind: z.enum(['postgres']),
    reachable: z.boolean(),
    serverVersion: z.string().optional(),
  }),
  uptimeSeconds: z.number(),
});

export type Health = z.infer<typeof healthSchema>;

/** GET /api/ready: this server takes requests (issue 43, point 4); not ready is a 503 in the error shape. */
export const readySchema = z.object({
  status: z.literal('ready'),
  /** The newest migration applied to the database, as this build names it (api/drizzle). */
  migration: z.string(),
});

export type Ready = z.infer<typeof readySchema>;
