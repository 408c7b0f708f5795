import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import {
  wifiRouterInputSchema,
  wifiRouterListQuerySchema,
  wifiRouterSchema,
  type WifiRouter,
} from '@app/contract/wifi';
import { wifiRouters, wifiSessions } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { registerCrud } from '../../platform/crud.ts';
import { can, type StaffContext } from '../../platform/auth.ts';
import { conflict, said } from '../../platform/errors.ts';
import { wifiRouterCsv } from './routerExportColumns.ts';

type RouterRow = typeof wifiRouters.$inferSelect;

export const maskedSecret = '••••••••';

/** The secret is shown only to whoever may edit routers (they type it into the router). */
export const toWifiRouter = (row: RouterRow, ctx?: StaffContext): WifiRouter => ({
  id: row.id,
  branchId: row.branchId,
  name: row.name,
  address: row.address,
  secret: ctx && !can(ctx, 'wifiRouters', 'edit') ? maskedSecret : row.secret,
  coaPort: row.coaPort,
  status: row.status,
  lastSeenAt: row.lastSeenAt ? new Date(row.lastSeenAt).toISOString() : null,
  createdAt: new Date(row.createdAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
});

/** 24 random bytes as base64url: 32 printable characters, what RADIUS secrets should look like. */
export const newRouterSecret = () => randomBytes(24).toString('base64url');

export function wifiRouterRoutes(app: FastifyInstance, db: Db) {
  registerCrud(app, db, {
    name: 'wifiRouter',
    label: 'WifiRouter',
    plural: 'WifiRouters',
    recordName: 'ROUTER',
    module: 'wifiRouters',
    table: wifiRouters,
    branchScoped: true,
    record: wifiRouterSchema,
    input: wifiRouterInputSchema,
    listQuery: wifiRouterListQuerySchema,
    sortColumns: { name: wifiRouters.name, address: wifiRouters.address, createdAt: wifiRouters.createdAt },
    defaultSort: 'name',
    searchColumns: [wifiRouters.name, wifiRouters.address],
    filters: (q) => [q.status === undefined ? undefined : eq(wifiRouters.status, q.status)],
    toRecord: (row, ctx) => toWifiRouter(row as RouterRow, ctx),
    csv: wifiRouterCsv,
    toValues: (body, _ctx, _tx, existing) => {
      const input = wifiRouterInputSchema.parse(body);
      const current = existing as RouterRow | undefined;
      return {
        name: input.name,
        address: input.address,
        secret: input.secret || current?.secret || newRouterSecret(),
        coaPort: input.coaPort,
        status: input.status,
      };
    },
    uniqueMessages: {
      wifi_routers_client_branch_name_uq: said('ROUTER_NAME_TAKEN'),
      wifi_routers_address_secret_uq: said('ROUTER_SECRET_TAKEN'),
    },
    beforeDelete: async (tx, row, ctx) => {
      const [used] = await tx
        .select({ n: count() })
        .from(wifiSessions)
        .where(and(eq(wifiSessions.clientId, ctx.clientId), eq(wifiSessions.routerId, row.id)));
      if (used && used.n > 0) {
        throw conflict(said('ROUTER_HAS_SESSIONS', { n: used.n }));
      }
    },
  });
}
