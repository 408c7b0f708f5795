import type { FastifyInstance } from 'fastify';
import {
  analyticsQuerySchema,
  analyticsSchema,
  dashboardSchema,
  type AnalyticsQuery,
} from '@app/contract/dashboard';
import type { Db } from '../../db/client.ts';
import { expireBranchMembers } from '../users/members.ts';
import { can } from '../../platform/auth.ts';
import { analyticsOf } from './analytics.ts';
import { DashboardCache } from './dashboardCache.ts';
import { dashboardOf } from './dashboard.ts';

export function dashboardRoutes(app: FastifyInstance, db: Db) {
  const dashboards = new DashboardCache();
  app.get('/api/dashboard/getDashboard', {
    config: { access: { module: 'dashboard', action: 'view', branch: 'required' } },
    schema: { tags: ['Dashboard'], response: { 200: dashboardSchema } },
    handler: async (request) => {
      // Members past their validity are switched off first, so the counters read the true state.
      const ctx = request.ctx;
      await expireBranchMembers(db, ctx);
      // Who sees money is part of the key: the same branch and day read with and without it.
      const key = `${ctx.clientId}:${ctx.branchId}:${ctx.branchToday}:${can(ctx, 'payments', 'view')}`;
      return dashboards.read(key, ctx.dataSnapshot, () => dashboardOf(db, ctx));
    },
  });

  app.get('/api/analytics/getAnalytics', {
    config: { access: { module: 'analytics', action: 'view' } },
    schema: { tags: ['Analytics'], querystring: analyticsQuerySchema, response: { 200: analyticsSchema } },
    handler: async (request) => analyticsOf(db, request.ctx, request.query as AnalyticsQuery),
  });
}
