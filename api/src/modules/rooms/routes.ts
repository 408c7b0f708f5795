import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { roomInputSchema, roomListQuerySchema, roomSchema, type Room } from '@app/contract/rooms';
import { rooms } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { registerCrud } from '../../platform/crud.ts';

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

/** Rooms belong to the active branch (the branchId header): every route needs it. */
export function roomRoutes(app: FastifyInstance, db: Db) {
  registerCrud(app, db, {
    name: 'room',
    label: 'Room',
    plural: 'Rooms',
    title: 'Room',
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
    toValues: (body) => roomInputSchema.parse(body),
    uniqueMessages: { rooms_client_branch_name_uq: 'A room with this name already exists in this branch.' },
  });
}
