import { z } from 'zod';
import { queryBoolean, queryId } from './list.ts';

export {
  secondsOfDay,
  windowIsValid,
  windowLabel,
  windowRanges,
  windowsOverlap,
  type DailyWindow,
} from './seatWindows.ts';

export const seatHolderSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  entryTime: z.string(),
  exitTime: z.string(),
  nextDayExit: z.boolean(),
  /** Kept for a member who chose the seat on their page and is paying by UPI (issue 45), not assigned yet. */
  held: z.boolean().optional(),
});

export const seatSchema = z.object({
  seatNumber: z.number().int(),
  /** Active members holding this seat at any time of day. */
  takenBy: z.array(seatHolderSchema),
  /** No holder's window overlaps the requested one. */
  free: z.boolean(),
});

export const seatAvailabilitySchema = z.object({
  capacity: z.number().int(),
  seats: z.array(seatSchema),
});

export type SeatAvailability = z.infer<typeof seatAvailabilitySchema>;

const timeOfDay = z
  .string()
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?$/, 'Use HH:MM:SS')
  .transform((v) => (v.length === 5 ? `${v}:00` : v));

export const seatAvailabilityQuerySchema = z.object({
  roomId: queryId,
  entryTime: timeOfDay.default('00:00:00'),
  exitTime: timeOfDay.default('00:00:00'),
  nextDayExit: queryBoolean.default(false),
  /** The member being edited: their own seat does not count against them. */
  excludeUserId: queryId.optional(),
});
