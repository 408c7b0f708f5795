import { z } from 'zod';
import { listQuerySchema, queryBoolean } from './list.ts';
import { roomSortFields } from './listNames.ts';
export { roomSortFields };

/** A room of one branch (the active branch of the request); members hold its seats. */
export const roomSchema = z.object({
  id: z.number().int(),
  branchId: z.number().int(),
  name: z.string(),
  floor: z.string(),
  /** Seats, numbered 1..capacity. */
  capacity: z.number().int(),
  status: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type Room = z.infer<typeof roomSchema>;

export const roomInputSchema = z.object({
  name: z.string().trim().min(1, 'Required').max(80),
  floor: z.string().trim().max(40).default(''),
  capacity: z.number().int().min(1).max(1000),
  status: z.boolean().default(true),
});

export type RoomInput = z.input<typeof roomInputSchema>;

export const roomListQuerySchema = listQuerySchema(roomSortFields).extend({
  status: queryBoolean.optional(),
});
