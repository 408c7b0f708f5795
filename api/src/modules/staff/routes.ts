import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listResponseSchema } from '@app/contract/list';
import { messageSchema } from '@app/contract/auth';
import {
  addStaffSchema,
  editStaffSchema,
  resetStaffPasswordSchema,
  staffIdParamsSchema,
  staffListQuerySchema,
  staffMessages,
  staffSchema,
} from '@app/contract/staff';
import type { Db } from '../../db/client.ts';
import { exportBatchSize, sendCsv } from '../../platform/csvExport.ts';
import { staffCsv } from './exportColumns.ts';
import { addStaff, deleteStaff, editStaff, listStaff, resetStaffPassword } from './service.ts';

const access = (action: 'view' | 'add' | 'edit' | 'delete') => ({
  access: { module: 'staff' as const, action },
});
const tags = ['Staff'];

/** The paths the specification names (ARCHITECTURE.md, The API), organisation-scoped. */
export function staffRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/staff/getActiveStaffByClient', {
    config: access('view'),
    schema: { tags, querystring: staffListQuerySchema, response: { 200: listResponseSchema(staffSchema) } },
    handler: async (request) => listStaff(db, request.ctx, request.query),
  });

  // The list's view (filters, search, sort) as CSV, a batch at a time, like every other export.
  r.get('/api/staff/exportStaff', {
    config: access('view'),
    schema: { tags, querystring: staffListQuerySchema },
    handler: async (request, reply) =>
      sendCsv(db, request, reply, {
        file: 'staff',
        table: staffCsv,
        fetchBatch: async (page) => {
          const batch = { ...request.query, after: undefined, page, pageSize: exportBatchSize };
          return (await listStaff(db, request.ctx, batch, { withTotal: false })).items;
        },
      }),
  });

  r.post('/api/staff/addStaff', {
    config: access('add'),
    schema: { tags, body: addStaffSchema, response: { 201: staffSchema } },
    handler: async (request, reply) => reply.status(201).send(await addStaff(db, request.ctx, request.body)),
  });

  r.put('/api/staff/editStaff', {
    config: access('edit'),
    schema: { tags, body: editStaffSchema, response: { 200: staffSchema } },
    handler: async (request) => editStaff(db, request.ctx, request.body),
  });

  // Deactivates rather than deletes: history keeps the name.
  r.delete('/api/staff/deleteStaff/:id', {
    config: access('delete'),
    schema: { tags, params: staffIdParamsSchema, response: { 200: staffSchema } },
    handler: async (request) => deleteStaff(db, request.ctx, request.params.id),
  });

  r.put('/api/staff/resetStaffPassword', {
    config: access('edit'),
    schema: { tags, body: resetStaffPasswordSchema, response: { 200: messageSchema } },
    handler: async (request) => {
      await resetStaffPassword(db, request.ctx, request.body);
      return { message: staffMessages.passwordReset };
    },
  });
}
