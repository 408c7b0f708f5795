// Staff's side of door access: the branch's devices, claiming a pending one by its serial number,
// renaming, removing, and re-sending every member to a device.
import type { FastifyInstance } from 'fastify';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  acceptDeviceInputSchema,
  deviceIdQuerySchema,
  deviceListQuerySchema,
  deviceRenameInputSchema,
  deviceSchema,
  resyncResultSchema,
  type Device,
  type DeviceListQuery,
} from '@app/contract/devices';
import { listResponseSchema } from '@app/contract/list';
import { devices } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { writeAudit } from '../../platform/audit.ts';
import { auditOf } from '../../platform/crud.ts';
import { conflict, notFound, said } from '../../platform/errors.ts';
import { listRows } from '../../platform/list.ts';
import { resyncDevice } from './queue.ts';

type DeviceRow = typeof devices.$inferSelect;
const tags = ['Devices'];
const branch = 'required' as const;
const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());

const toDevice = (row: DeviceRow, counts?: { queue: number; members: number }): Device => ({
  id: row.id,
  branchId: row.branchId,
  serialNumber: row.serialNumber,
  name: row.name,
  status: row.status,
  firstContactAt: iso(row.firstContactAt),
  lastContactAt: iso(row.lastContactAt),
  lastAddress: row.lastAddress,
  firmware: row.info.firmware ?? null,
  queueLength: counts?.queue ?? 0,
  members: counts?.members ?? 0,
  acceptedAt: iso(row.acceptedAt),
  createdAt: new Date(row.createdAt).toISOString(),
});

const scope = (ctx: StaffContext) => [
  eq(devices.clientId, ctx.clientId),
  eq(devices.branchId, ctx.branchId!),
  ne(devices.status, 'removed'),
];

/** Unconfirmed commands and enrolled members of some devices, in one statement. */
async function countsOf(db: Db | Tx, ctx: StaffContext, ids: number[]) {
  if (ids.length === 0) return new Map<number, { queue: number; members: number }>();
  const { rows } = await db.execute<{ id: number; queue: number; members: number }>(sql`
    select d.id,
           (select count(*)::int from device_commands c where c.device_id = d.id and c.confirmed_at is null) as queue,
           (select count(*)::int from users u where u.client_id = ${ctx.clientId} and u.branch_id = ${ctx.branchId}
                and u.added_to_biometric_machine and u.biometric_machine_id = d.id) as members
      from devices d where d.id in ${ids}`);
  return new Map(rows.map((r) => [r.id, r]));
}

async function findDevice(db: Db | Tx, ctx: StaffContext, id: number, lock = false) {
  const q = db
    .select()
    .from(devices)
    .where(and(...scope(ctx), eq(devices.id, id)));
  const [row] = await (lock ? q.for('update') : q);
  if (!row) throw notFound('DEVICE');
  return row;
}

async function recordOf(db: Db | Tx, ctx: StaffContext, row: DeviceRow) {
  return toDevice(row, (await countsOf(db, ctx, [row.id])).get(row.id));
}

export function deviceRoutes(app: FastifyInstance, db: Db) {
  app.get('/api/device/getDevices', {
    config: { access: { module: 'devices', action: 'view', branch } },
    schema: { tags, querystring: deviceListQuerySchema, response: { 200: listResponseSchema(deviceSchema) } },
    handler: async (request) => {
      const ctx = request.ctx;
      const page = await listRows<DeviceRow>(
        db,
        {
          table: devices,
          where: scope(ctx),
          sortColumns: {
            name: devices.name,
            serialNumber: devices.serialNumber,
            lastContactAt: devices.lastContactAt,
            createdAt: devices.createdAt,
          },
          defaultSort: 'name',
          tieBreaker: devices.id,
          searchColumns: [devices.name, devices.serialNumber],
        },
        request.query as DeviceListQuery,
      );
      const counts = await countsOf(
        db,
        ctx,
        page.items.map((d) => d.id),
      );
      return { ...page, items: page.items.map((d) => toDevice(d, counts.get(d.id))) };
    },
  });

  app.get('/api/device/getDevice', {
    config: { access: { module: 'devices', action: 'view', branch } },
    schema: { tags, querystring: deviceIdQuerySchema, response: { 200: deviceSchema } },
    handler: async (request) => {
      const { deviceId } = request.query as z.output<typeof deviceIdQuerySchema>;
      return recordOf(db, request.ctx, await findDevice(db, request.ctx, deviceId));
    },
  });

  // Claiming: the serial number must have called in (it is waiting as pending) or be a device this
  // organisation removed earlier; the device then learns every member of the branch enrolled on it.
  app.post('/api/device/acceptDevice', {
    config: { access: { module: 'devices', action: 'add', branch } },
    schema: { tags, body: acceptDeviceInputSchema, response: { 201: deviceSchema } },
    handler: async (request, reply) => {
      const ctx = request.ctx;
      const input = request.body as z.output<typeof acceptDeviceInputSchema>;
      const device = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(devices)
          .where(eq(devices.serialNumber, input.serialNumber))
          .for('update');
        const claimable =
          row && (row.status === 'pending' || (row.status === 'removed' && row.clientId === ctx.clientId));
        if (!row || !claimable) {
          throw conflict(
            row?.status === 'accepted' && row.clientId === ctx.clientId
              ? said('DEVICE_ALREADY_ACCEPTED')
              : said('DEVICE_NOT_WAITING', { serial: input.serialNumber }),
          );
        }
        const [accepted] = await tx
          .update(devices)
          .set({
            clientId: ctx.clientId,
            branchId: ctx.branchId!,
            name: input.name,
            status: 'accepted',
            acceptedAt: new Date().toISOString(),
            attStamp: null,
            updatedAt: new Date().toISOString(),
          })
          .where(eq(devices.id, row.id))
          .returning();
        await resyncDevice(tx, accepted!.id);
        const record = await recordOf(tx, ctx, accepted!);
        await writeAudit(tx, auditOf(ctx, 'device', accepted!.id, 'accept', toDevice(row), record));
        return record;
      });
      return reply.code(201).send(device);
    },
  });

  app.put('/api/device/updateDevice', {
    config: { access: { module: 'devices', action: 'edit', branch } },
    schema: {
      tags,
      querystring: deviceIdQuerySchema,
      body: deviceRenameInputSchema,
      response: { 200: deviceSchema },
    },
    handler: async (request) => {
      const ctx = request.ctx;
      const { deviceId } = request.query as z.output<typeof deviceIdQuerySchema>;
      const { name } = request.body as z.output<typeof deviceRenameInputSchema>;
      return db.transaction(async (tx) => {
        const before = await findDevice(tx, ctx, deviceId, true);
        const [row] = await tx
          .update(devices)
          .set({ name, updatedAt: new Date().toISOString() })
          .where(eq(devices.id, deviceId))
          .returning();
        const record = await recordOf(tx, ctx, row!);
        await writeAudit(tx, auditOf(ctx, 'device', deviceId, 'update', toDevice(before), record));
        return record;
      });
    },
  });

  // Removing keeps the row (its punches point to it) and answers the device nothing from now on.
  app.delete('/api/device/deleteDevice', {
    config: { access: { module: 'devices', action: 'delete', branch } },
    schema: { tags, querystring: deviceIdQuerySchema },
    handler: async (request, reply) => {
      const ctx = request.ctx;
      const { deviceId } = request.query as z.output<typeof deviceIdQuerySchema>;
      await db.transaction(async (tx) => {
        const before = await findDevice(tx, ctx, deviceId, true);
        await tx.execute(
          sql`delete from device_commands where device_id = ${deviceId} and confirmed_at is null`,
        );
        await tx
          .update(devices)
          .set({ status: 'removed', updatedAt: new Date().toISOString() })
          .where(eq(devices.id, deviceId));
        await writeAudit(tx, auditOf(ctx, 'device', deviceId, 'delete', toDevice(before), null));
      });
      return reply.code(204).send();
    },
  });

  app.post('/api/device/resyncDevice', {
    config: { access: { module: 'devices', action: 'edit', branch } },
    schema: { tags, querystring: deviceIdQuerySchema, response: { 200: resyncResultSchema } },
    handler: async (request) => {
      const ctx = request.ctx;
      const { deviceId } = request.query as z.output<typeof deviceIdQuerySchema>;
      return db.transaction(async (tx) => {
        await findDevice(tx, ctx, deviceId, true);
        const queued = await resyncDevice(tx, deviceId);
        await writeAudit(tx, auditOf(ctx, 'device', deviceId, 'resync', null, { queued }));
        return { queued };
      });
    },
  });

  app.post('/api/device/resyncAllDevices', {
    config: { access: { module: 'devices', action: 'edit', branch } },
    schema: { tags, response: { 200: resyncResultSchema } },
    handler: async (request) => {
      const ctx = request.ctx;
      return db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: devices.id })
          .from(devices)
          .where(and(...scope(ctx), eq(devices.status, 'accepted')))
          .orderBy(devices.id)
          .for('update');
        let queued = 0;
        for (const row of rows) queued += await resyncDevice(tx, row.id);
        await writeAudit(tx, { ...auditOf(ctx, 'device', 0, 'resyncAll', null, { queued }), entityId: null });
        return { queued };
      });
    },
  });
}
