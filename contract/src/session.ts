import { z } from 'zod';
import { permissionRecordSchema } from './modules.ts';

/** Browser storage names fixed by the specification (section 3, Data kept in the browser). */
export const storageKeys = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  activeBranch: 'activeBranch',
  branches: 'branches',
  userId: 'userId',
  staffDetails: 'staffDetails',
} as const;

export const cookieKeys = {
  clientDetails: 'clientDetails',
  paymentDisabled: 'paymentDisabled',
  permissions: 'permissions',
} as const;

export const cookieLifetimeDays = 7;

export const clientDetailsSchema = z.object({
  clientId: z.number().int(),
  name: z.string(),
  currency: z.string(),
  locale: z.string(),
  timezone: z.string(),
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

/** The header names of spec section 7. */
export const headerNames = { token: 'token', branchId: 'branchId', authorization: 'Authorization' } as const;
