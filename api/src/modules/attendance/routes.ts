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
import { csvStream } from '../../platform/csv.ts';
import { fieldError, validationFailed } from '../../platform/errors.ts';
import { addDays } from '../dashboard/dashboard.ts';
import { attendanceSummary, listVisits, maxRangeDays, rangeOf } from './visits.ts';

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
      const stream = csvStream(async (page) => {
        const { items } = await listVisits(
          db,
          ctx,
          { ...query, page, pageSize: 1000 } as VisitListQuery,
          today,
        );
        return items.map((v) => ({
          day: v.day,
          member: v.name ?? '',
          userId: v.userId,
          pin: v.pin,
          in: v.inAt,
          out: v.outAt ?? (v.inside ? 'inside' : 'closed at cut-off'),
          device: v.deviceName,
          deviceTime: v.deviceTime,
          receivedAt: v.receivedAt,
          flags: v.flags.join(' '),
        }));
      });
      const { from, to } = rangeOf(query, today);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="attendance-${from}-${to}.csv"`)
        .send(stream);
    },
  });
}
