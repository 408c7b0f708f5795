import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import { roomInputSchema, roomListQuerySchema, roomSchema, type Room } from '@app/contract/rooms';
import { rooms, users } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { registerCrud } from '../../platform/crud.ts';
import { AppError, fieldError, said } from '../../platform/errors.ts';
import { roomCsv } from './exportColumns.ts';

type RoomRow = typeof rooms.$inferSelect;

export const toRoom = (row: RoomRow): Room => ({
  id: row.id,
  branchId: row.branchId,
  name: row.name,
  floor: row.floor,
  capacity: row.capacity,
  status: row.status,
  createdAt: new Date(row.createdAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
});

/**
 * A room may not shrink below a seat somebody holds: the update has locked the room's row, which
 * every seat assignment locks too (MemberChecker), so no seat can be taken above the new capacity
 * meanwhile. Only active members hold seats (an inactive one's seat is checked again when they
 * come back, against the capacity then).
 */
async function refuseHeldSeatsAbove(tx: Tx, ctx: StaffContext, roomId: number, capacity: number) {
  const held = await tx
    .select({ name: users.name, seatNumber: users.seatNumber })
    .from(users)
    .where(
      and(
        eq(users.clientId, ctx.clientId),
        eq(users.roomId, roomId),
        eq(users.status, true),
        isNotNull(users.seatNumber),
        gt(users.seatNumber, capacity),
      ),
    )
    .orderBy(asc(users.seatNumber), asc(users.name));
  if (held.length === 0) return;
  const members = held.map((h) => `${h.name} (${h.seatNumber})`).join(', ');
  const params = { capacity, members };
  // On the capacity field too, so the room form shows it there.
  throw new AppError(409, 'CONFLICT', said('ROOM_SEATS_HELD', params), [
    fieldError('body.capacity', 'ROOM_SEATS_HELD', params),
  ]);
}

/** Rooms belong to the active branch (the branchId header): every route needs it. */
export function roomRoutes(app: FastifyInstance, db: Db) {
  registerCrud(app, db, {
    name: 'room',
    label: 'Room',
    plural: 'Rooms',
    recordName: 'ROOM',
    module: 'rooms',
    table: rooms,
    branchScoped: true,
    record: roomSchema,
    input: roomInputSchema,
    listQuery: roomListQuerySchema,
    sortColumns: { name: rooms.name, capacity: rooms.capacity, createdAt: rooms.createdAt },
    defaultSort: 'name',
    searchColumns: [rooms.name, rooms.floor],
    filters: (q) => [q.status === undefined ? undefined : eq(rooms.status, q.status)],
    toRecord: (row) => toRoom(row as RoomRow),
    csv: roomCsv,
    toValues: async (body, ctx, tx, existing) => {
      const values = roomInputSchema.parse(body);
      if (existing) await refuseHeldSeatsAbove(tx, ctx, existing.id, values.capacity);
      return values;
    },
    uniqueMessages: { rooms_client_branch_name_uq: said('ROOM_NAME_TAKEN') },
  });
}
