import { z } from 'zod';
import { listQuerySchema, queryBoolean, queryId } from './list.ts';
import { wifiRouterSortFields, wifiSessionSortFields } from './listNames.ts';
export { wifiRouterSortFields, wifiSessionSortFields };

// WiFi through FreeRADIUS (DOMAIN.md, Doors, WiFi and reminders).

const ipv4Pattern = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** A branch's router (RADIUS NAS). The secret is the RADIUS shared secret the router and FreeRADIUS use. */
export const wifiRouterSchema = z.object({
  id: z.number().int(),
  branchId: z.number().int(),
  name: z.string(),
  /** The router's IPv4 address as FreeRADIUS sees it (Packet-Src-IP-Address). */
  address: z.string(),
  /** Shown only to callers who may edit routers; others get a mask. */
  secret: z.string(),
  coaPort: z.number().int(),
  status: z.boolean(),
  lastSeenAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type WifiRouter = z.infer<typeof wifiRouterSchema>;

export const minRouterSecretLength = 12;

export const wifiRouterInputSchema = z.object({
  name: z.string().trim().min(1, 'Required').max(80),
  address: z.string().trim().regex(ipv4Pattern, 'Enter an IPv4 address such as 192.168.88.1'),
  /** Empty: the server makes a random one (on update: keeps the current one). */
  secret: z
    .string()
    .trim()
    .max(128)
    .refine((v) => v === '' || v.length >= minRouterSecretLength, {
      message: `At least ${minRouterSecretLength} characters`,
    })
    .refine((v) => /^[\x21-\x7e]*$/.test(v), { message: 'Printable ASCII without spaces' })
    .default(''),
  coaPort: z.number().int().min(1).max(65535).default(3799),
  status: z.boolean().default(true),
});

export type WifiRouterInput = z.input<typeof wifiRouterInputSchema>;

export const wifiRouterListQuerySchema = listQuerySchema(wifiRouterSortFields).extend({
  status: queryBoolean.optional(),
});

/** One accounting session of a member on a router of the active branch. */
export const wifiSessionSchema = z.object({
  id: z.number().int(),
  routerId: z.number().int(),
  routerName: z.string(),
  userId: z.number().int(),
  memberName: z.string(),
  mobile: z.string(),
  acctSessionId: z.string(),
  framedIp: z.string().nullable(),
  callingStationId: z.string().nullable(),
  startedAt: z.string(),
  updatedAt: z.string(),
  stoppedAt: z.string().nullable(),
  inputBytes: z.number(),
  outputBytes: z.number(),
  terminateCause: z.string().nullable(),
  /** The latest Disconnect-Request for this session, if any. */
  disconnect: z
    .object({
      status: z.enum(['pending', 'acked', 'nacked', 'failed']),
      reason: z.enum(['expired', 'deactivated', 'paused', 'dataUsedUp', 'staff']),
      attempts: z.number().int(),
      lastError: z.string().nullable(),
      createdAt: z.string(),
      doneAt: z.string().nullable(),
    })
    .nullable(),
});

export type WifiSession = z.infer<typeof wifiSessionSchema>;

export const wifiSessionListQuerySchema = listQuerySchema(wifiSessionSortFields).extend({
  /** true: only sessions still open; false: only ended ones; absent: all. */
  online: queryBoolean.optional(),
  userId: queryId.optional(),
});

export type WifiSessionListQuery = z.infer<typeof wifiSessionListQuerySchema>;

export const disconnectQuerySchema = z.object({ sessionId: queryId });

/** Bytes a member used in their current validity period, against the package's cap. */
export const wifiUsageSchema = z.object({
  /** First day of the current validity period (the latest renewal that has begun, else validFrom). */
  periodStart: z.string(),
  usedBytes: z.number(),
  /** null: no cap (or no package). */
  capBytes: z.number().nullable(),
  onlineSessions: z.number().int(),
});

export const memberWifiSchema = z.object({
  userId: z.number().int(),
  /** Sign-in name on the WiFi: the member's mobile. */
  username: z.string(),
  pin: z.string(),
  packageName: z.string().nullable(),
  devicesPerMember: z.number().int().nullable(),
  usage: wifiUsageSchema,
});

export type MemberWifi = z.infer<typeof memberWifiSchema>;

export const memberWifiQuerySchema = z.object({ userId: queryId });

/** Per package: members of the active branch on it, online now, bytes used in their current periods. */
export const packageUsageSchema = z.object({
  items: z.array(
    z.object({
      packageId: z.number().int(),
      packageName: z.string(),
      members: z.number().int(),
      online: z.number().int(),
      usedBytes: z.number(),
      membersAtCap: z.number().int(),
    }),
  ),
});

export type PackageUsage = z.infer<typeof packageUsageSchema>;
