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
