import type { FastifyInstance } from 'fastify';
import {
  attendanceSummarySchema,
  visitListQuerySchema,
  visitSchema,
  type VisitListQuery,
} from '@app/contract/attendance';
import { listResponseSchema } from '@app/contract/list';
import type { Db } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { exportBatchSize, sendCsv } from '../../platform/csvExport.ts';
import { fieldError, validationFailed } from '../../platform/errors.ts';
import { addDays } from '../../platform/isoDays.ts';
import { attendanceSummary, listVisits, maxRangeDays, rangeOf } from './visits.ts';
import { visitCsv } from './exportColumns.ts';

const tags = ['Attendance'];
const access = { module: 'attendance' as const, action: 'view' as const, branch: 'required' as const };

function checkedQuery(ctx: StaffContext, query: VisitListQuery) {
  const today = ctx.branchToday!;
  const { from, to } = rangeOf(query, today);
  if (from > to) throw validationFailed([fieldError('query.to', 'DATE_RANGE_ORDER')]);
  if (addDays(from, maxRangeDays) < to) {
    throw validationFailed([fieldError('query.from', 'DATE_RANGE_TOO_LONG', { days: maxRangeDays })]);
  }
  return today;
}

export function attendanceRoutes(app: FastifyInstance, db: Db) {
  app.get('/api/attendance/getVisits', {
    config: { access },
    schema: { tags, querystring: visitListQuerySchema, response: { 200: listResponseSchema(visitSchema) } },
    handler: async (request) => {
      const query = request.query as VisitListQuery;
      const today = checkedQuery(request.ctx, query);
      const { items, total } = await listVisits(db, request.ctx, query, today);
      return { items, total, page: query.page, pageSize: query.pageSize };
    },
  });

  app.get('/api/attendance/getAttendanceSummary', {
    config: { access },
    schema: { tags, response: { 200: attendanceSummarySchema } },
    handler: async (request) => attendanceSummary(db, request.ctx, request.ctx.branchToday!),
  });

  app.get('/api/attendance/exportVisits', {
    config: { access },
    schema: { tags, querystring: visitListQuerySchema },
    handler: async (request, reply) => {
      const ctx = request.ctx;
      const query = request.query as VisitListQuery;
      const today = checkedQuery(ctx, query);
      const { from, to } = rangeOf(query, today);
      return sendCsv(db, request, reply, {
        file: `attendance-${from}-${to}.csv`,
        table: visitCsv,
        fetchBatch: async (page) => {
          const batch = { ...query, page, pageSize: exportBatchSize } as VisitListQuery;
          return (await listVisits(db, ctx, batch, today)).items;
        },
      });
    },
  });
}
