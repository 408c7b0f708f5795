// Pauses (issue 45, point 4; DOMAIN.md, Members): a member's validity stops for the paused days.
// Staff pause a member, or the member asks from their page and staff approve or refuse it.
import { z } from 'zod';
import { idSchema, queryId } from './list.ts';
import { isoDate } from './users.ts';

export const pauseInputSchema = z.object({
  from: isoDate,
  days: z.number().int().min(1).max(365),
  reason: z.string().trim().max(200).default(''),
});
export type PauseInput = z.input<typeof pauseInputSchema>;

export const pauseIdQuerySchema = z.object({ pauseId: queryId });
export const rejectPauseInputSchema = z.object({ reason: z.string().trim().min(1).max(200) });

export const pauseStatuses = ['requested', 'approved', 'rejected', 'ended'] as const;

export const pauseSchema = z.object({
  id: idSchema,
  userId: idSchema,
  memberName: z.string(),
  from: z.string(),
  days: z.number().int(),
  /** The first day not paused: from + days, or the day it was ended on. */
  until: z.string(),
  reason: z.string(),
  status: z.enum(pauseStatuses),
  requestedBy: z.enum(['staff', 'member']),
  rejectReason: z.string().nullable(),
  endedOn: z.string().nullable(),
  createdAt: z.string(),
});
export type Pause = z.infer<typeof pauseSchema>;

/** The organisation's pause policy (settings). */
export const pausePolicySchema = z.object({
  /** Most pause days in a calendar year (of the pause's first day); 0: no pauses. */
  maxDaysYear: z.number().int().min(0).max(366),
  /** Fewest days one pause may have. */
  minDays: z.number().int().min(1).max(365),
  /** The member keeps their seat while paused. */
  holdsSeat: z.boolean(),
});
export type PausePolicy = z.infer<typeof pausePolicySchema>;
