import type { FastifyInstance } from 'fastify';
import {
  analyticsQuerySchema,
  analyticsSchema,
  dashboardSchema,
  type Analytics,
  type AnalyticsQuery,
  type Dashboard,
} from '@app/contract/dashboard';
import type { Db } from '../../db/client.ts';
import { expireBranchMembers } from '../users/members.ts';
import { analyticsOf } from './analytics.ts';
import { SnapshotCache } from '../../platform/snapshotCache.ts';
import { dashboardOf, moneyView } from './dashboard.ts';

export function dashboardRoutes(app: FastifyInstance, db: Db) {
  // Reused while nothing was written since (platform/snapshotCache.ts). Whether money is shown is
  // part of every key: the same branch and day are read with and without it.
  const dashboards = new SnapshotCache<Dashboard>();
  const analytics = new SnapshotCache<Analytics>();
  app.get('/api/dashboard/getDashboard', {
    config: { access: { module: 'dashboard', action: 'view', branch: 'required' } },
    schema: { tags: ['Dashboard'], response: { 200: dashboardSchema } },
    handler: async (request) => {
      // Members past their validity are switched off first, so the counters read the true state.
      const ctx = request.ctx;
      await expireBranchMembers(db, ctx);
      const key = `${ctx.clientId}:${ctx.branchId}:${ctx.branchToday}:${moneyView(ctx)}`;
      return dashboards.read(key, ctx.dataSnapshot, () => dashboardOf(db, ctx));
    },
  });

  app.get('/api/analytics/getAnalytics', {
    config: { access: { module: 'analytics', action: 'view' } },
    schema: { tags: ['Analytics'], querystring: analyticsQuerySchema, response: { 200: analyticsSchema } },
    handler: async (request) => {
      const ctx = request.ctx;
      const query = request.query as AnalyticsQuery;
      // The branches the caller may use are part of the key: "all branches" means theirs.
      const key = JSON.stringify([
        ctx.clientId,
        ctx.allowedBranchIds,
        query.from,
        query.to,
        query.branchId ?? null,
        moneyView(ctx),
      ]);
      return analytics.read(key, ctx.dataSnapshot, () => analyticsOf(db, ctx, query));
    },
  });
}
