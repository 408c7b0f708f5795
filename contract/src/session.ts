import { z } from 'zod';
import { permissionRecordSchema } from './modules.ts';

// The names live apart from the schemas, so the browser can read them without loading zod.
export { cookieKeys, cookieLifetimeDays, headerNames, storageKeys } from './sessionKeys.ts';

export const clientDetailsSchema = z.object({
  clientId: z.number().int(),
  name: z.string(),
  currency: z.string(),
  locale: z.string(),
  timezone: z.string(),
  /** Devanagari digits on Hindi screens (issue 48, point 2); absent in a cookie written before it: off. */
  devanagariDigits: z.boolean().optional(),
});

export const loginRequestSchema = z.object({
  email: z.string().trim().min(1, 'Required').max(200),
  password: z.string().min(1, 'Required').max(200),
  remember: z.boolean().default(false),
});

export const sessionSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  userId: z.number().int(),
  staffDetails: z.object({ staffId: z.number().int(), staffName: z.string() }),
  clientDetails: clientDetailsSchema,
  permissions: z.array(permissionRecordSchema),
  branches: z.array(z.object({ id: z.number().int(), name: z.string() })),
  paymentDisabled: z.boolean(),
});

export type Session = z.infer<typeof sessionSchema>;
export type ClientDetails = z.infer<typeof clientDetailsSchema>;

// Tokens are base64url: a blank or spaced value is refused, not looked up.
export const refreshRequestSchema = z.object({
  refreshToken: z
    .string()
    .regex(/^[A-Za-z0-9_\-.~+/=]+$/, 'Required')
    .max(500),
});
export const refreshResponseSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
