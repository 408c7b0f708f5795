import { z } from 'zod';
import { listQuerySchema, queryBoolean, queryId } from './list.ts';
import { isoDate } from './users.ts';
import { visitSortFields } from './listNames.ts';
export { visitSortFields };

// Attendance (issue 15): punches from the door devices paired into visits. A member's punches of
// one attendance day alternate in and out in time order; a visit still open at the day's cut-off
// is closed by it.

export const visitFlags = ['outsideWindow', 'blocked', 'unknownMember'] as const;
export type VisitFlag = (typeof visitFlags)[number];

export const visitSchema = z.object({
  /** The id of the punch that opened the visit. */
  id: z.number().int(),
  userId: z.number().int().nullable(),
  pin: z.number().int(),
  name: z.string().nullable(),
  day: z.string(),
  inAt: z.string(),
  /** Null while the visit is open or after the cut-off closed it (`closedByCutoff`). */
  outAt: z.string().nullable(),
  inside: z.boolean(),
  closedByCutoff: z.boolean(),
  /** The door device, or null for an entrance screen's or staff's check-in (issue 47). */
  deviceId: z.number().int().nullable(),
  /** The device's or entrance screen's name ('' for staff). */
  deviceName: z.string(),
  source: z.enum(['door', 'screen', 'staff']),
  /** Device clock of the in punch as the device sent it. */
  deviceTime: z.string(),
  receivedAt: z.string(),
  flags: z.array(z.enum(visitFlags)),
});
export type Visit = z.infer<typeof visitSchema>;

export const visitListQuerySchema = listQuerySchema(visitSortFields).extend({
  from: isoDate.optional(),
  to: isoDate.optional(),
  userId: queryId.optional(),
  flagged: queryBoolean.optional(),
  inside: queryBoolean.optional(),
});
export type VisitListQuery = z.output<typeof visitListQuerySchema>;

export const attendanceSummarySchema = z.object({
  today: z.string(),
  visitsToday: z.number().int(),
  insideNow: z.number().int(),
  flaggedToday: z.number().int(),
});
export type AttendanceSummary = z.infer<typeof attendanceSummarySchema>;
