// Choosing a seat when renewing on the member page (issue 45, point 5): the free seats of the member's
// room for their daily window, and the hold of one of them until their UPI claim arrives.
import { z } from 'zod';

/** A seat named as the page names it: `<roomId>-<seatNumber>`. */
export const seatIdSchema = z.string().regex(/^\d{1,9}-\d{1,5}$/, 'SEAT_ID');
export const seatId = (roomId: number, seatNumber: number) => `${roomId}-${seatNumber}`;

export const seatStates = ['free', 'taken', 'yours', 'held'] as const;

export const freeSeatsSchema = z.object({
  /** How long a choice is held without a claim (the organisation's setting). */
  holdMinutes: z.number().int(),
  /** The member's daily window the seats are for ('08:00–14:00'). */
  window: z.string(),
  /** The member's live hold ('held' on its seat below), if any. */
  hold: z
    .object({
      seatId: z.string(),
      roomName: z.string(),
      seatNumber: z.number().int(),
      expiresAt: z.string(),
      /** The time it runs out on the branch's clock ('21:30'). */
      till: z.string(),
    })
    .nullable(),
  rooms: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      seats: z.array(z.object({ seatId: z.string(), number: z.number().int(), state: z.enum(seatStates) })),
    }),
  ),
});
export type FreeSeats = z.infer<typeof freeSeatsSchema>;

export const holdSeatInputSchema = z.object({ seatId: seatIdSchema });
export type HoldSeatInput = z.infer<typeof holdSeatInputSchema>;
