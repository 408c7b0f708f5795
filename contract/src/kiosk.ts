import { z } from 'zod';

// Entrance screens and check-in without a biometric device (issue 47). A kiosk is a browser at the
// entrance paired to one branch; it holds a kiosk key (header `kiosk-key`) and can do nothing but
// check members in and out. Members check in by scanning the screen's rotating QR on a phone where
// their member page was opened, or by showing their own rotating QR to the screen's scanner.

export {
  checkInPathPrefix,
  codeMaxAgeSeconds,
  codeRotationSeconds,
  kioskKeyHeader,
  memberCodePrefix,
} from './kioskNames.ts';

export const entryRefusals = ['validityEnded', 'deactivated', 'paused', 'outsideWindow', 'dues'] as const;
export type EntryRefusal = (typeof entryRefusals)[number];
/** Every reason a check-in is refused: the door's rules, then the check-in's own. */
export const checkInRefusals = [
  ...entryRefusals,
  'alreadyInside',
  'otherBranch',
  'codeExpired',
  'codeInvalid',
  'codeUsed',
  'notMember',
] as const;
export type CheckInRefusal = (typeof checkInRefusals)[number];
export const checkInSources = ['door', 'screen', 'staff'] as const;
export type CheckInSource = (typeof checkInSources)[number];

export const checkInResultSchema = z.object({
  result: z.enum(['in', 'out', 'refused']),
  reason: z.enum(checkInRefusals).nullable(),
  /** First name only: the screen shows nothing more of a member. */
  firstName: z.string().nullable(),
  /** The member's seat, e.g. "B 24", or null. */
  seat: z.string().nullable(),
  /** Exit time of today's window (HH:MM) when there is one. */
  until: z.string().nullable(),
  /** For the reason's sentence: validity's end (validityEnded), the window (outsideWindow). */
  validTill: z.string().nullable(),
  window: z.string().nullable(),
  at: z.string(),
});
export type CheckInResult = z.infer<typeof checkInResultSchema>;

export const pairingCodeInputSchema = z.object({ name: z.string().trim().max(60).default('') });
export const pairingCodeSchema = z.object({ code: z.string(), expiresAt: z.string() });
export const pairInputSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});
export const pairResultSchema = z.object({ kioskKey: z.string() });

export const kioskCodeSchema = z.object({
  url: z.string(),
  /** The url as a QR code (PNG data URL), drawn by the server. */
  qrDataUrl: z.string(),
  expiresAt: z.string(),
  branchName: z.string(),
  kioskName: z.string(),
  insideNow: z.number().int(),
  serverTime: z.string(),
});
export type KioskCode = z.infer<typeof kioskCodeSchema>;

export const scanMemberInputSchema = z.object({ memberCode: z.string().trim().min(1).max(200) });
export const checkInInputSchema = z.object({ code: z.string().trim().min(1).max(200) });
export const memberCheckInCodeSchema = z.object({
  memberCode: z.string(),
  expiresAt: z.string(),
  /** The member code as a QR code (PNG data URL), drawn by the server. */
  qrDataUrl: z.string(),
});
export type MemberCheckInCode = z.infer<typeof memberCheckInCodeSchema>;

/** What a screen's event stream sends: each check-in result at the screen, with how many are inside. */
export const kioskEventSchema = checkInResultSchema.extend({ insideNow: z.number().int() });
export type KioskEvent = z.infer<typeof kioskEventSchema>;

export const kioskSchema = z.object({
  id: z.number().int(),
  branchId: z.number().int(),
  name: z.string(),
  lastContactAt: z.string().nullable(),
  lastAddress: z.string().nullable(),
  createdAt: z.string(),
});
export type Kiosk = z.infer<typeof kioskSchema>;
export const kioskIdQuerySchema = z.object({ kioskId: z.coerce.number().int().positive() });

export const overrideInputSchema = z.object({
  userId: z.number().int().positive(),
  reason: z.string().trim().min(3).max(300),
});

export const checkInRulesSchema = z.object({
  marginMinutes: z.number().int().min(0).max(240),
  /** Dues (minor units) above which entry is refused; null: no limit. */
  duesLimit: z.number().int().min(0).nullable(),
});
export type CheckInRules = z.infer<typeof checkInRulesSchema>;
