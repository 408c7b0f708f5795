import type { FastifyInstance } from 'fastify';
import {
  analyticsQuerySchema,
  analyticsSchema,
  dashboardSchema,
  type AnalyticsQuery,
} from '@app/contract/dashboard';
import type { Db } from '../../db/client.ts';
import { expireBranchMembers } from '../users/members.ts';
import { analyticsOf } from './analytics.ts';
import { dashboardOf } from './dashboard.ts';

export function dashboardRoutes(app: FastifyInstance, db: Db) {
  app.get('/api/dashboard/getDashboard', {
    config: { access: { module: 'dashboard', action: 'view', branch: 'required' } },
    schema: { tags: ['Dashboard'], response: { 200: dashboardSchema } },
    handler: async (request) => {
      // Members past their validity are switched off first, so the counters read the true state.
      await expireBranchMembers(db, request.ctx);
      return dashboardOf(db, request.ctx);
    },
  });

  app.get('/api/analytics/getAnalytics', {
    config: { access: { module: 'analytics', action: 'view' } },
    schema: { tags: ['Analytics'], querystring: analyticsQuerySchema, response: { 200: analyticsSchema } },
    handler: async (request) => analyticsOf(db, request.ctx, request.query as AnalyticsQuery),
  });
}
