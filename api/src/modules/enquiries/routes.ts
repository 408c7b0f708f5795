import type { FastifyInstance } from 'fastify';
import { and, eq, lt, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryId } from '@app/contract/list';
import {
  enquiryInputSchema,
  enquiryListQuerySchema,
  enquirySchema,
  type Enquiry,
} from '@app/contract/enquiries';
import { userInputSchema, userSchema } from '@app/contract/users';
import { enquiries, feeStructures, users } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import { can, type StaffContext } from '../../platform/auth.ts';
import { writeAudit } from '../../platform/audit.ts';
import { auditOf, registerCrud } from '../../platform/crud.ts';
import {
  conflict,
  fieldError,
  forbidden,
  notFound,
  pgErrorCode,
  said,
  validationFailed,
} from '../../platform/errors.ts';
import { branchTodaySql, memberValues, toUser } from '../users/members.ts';
import { enquiryCsv } from './exportColumns.ts';

type EnquiryRow = typeof enquiries.$inferSelect;

export const toEnquiry = (row: EnquiryRow): Enquiry => ({
  id: row.id,
  branchId: row.branchId,
  name: row.name,
  mobile: row.mobile,
  email: row.email,
  source: row.source,
  feeStructureId: row.feeStructureId,
  followUpDate: row.followUpDate,
  status: row.status,
  notes: row.notes,
  convertedUserId: row.convertedUserId,
  createdAt: new Date(row.createdAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
});

const readOnly = async (_tx: Tx, row: Record<string, unknown>) => {
  if (row.status === 'converted') throw conflict(said('ENQUIRY_READ_ONLY'));
};

async function checkFeeStructure(tx: Tx, ctx: StaffContext, id: number | null) {
  if (id === null) return;
  const [row] = await tx
    .select({ id: feeStructures.id })
    .from(feeStructures)
    .where(and(eq(feeStructures.clientId, ctx.clientId), eq(feeStructures.id, id)));
  if (!row) throw validationFailed([fieldError('body.feeStructureId', 'CHOOSE_FEE_STRUCTURE')]);
}

export function enquiryRoutes(app: FastifyInstance, db: Db) {
  registerCrud(app, db, {
    name: 'enquiry',
    label: 'Enquiry',
    plural: 'Enquiries',
    recordName: 'ENQUIRY',
    module: 'enquiries',
    table: enquiries,
    branchScoped: true,
    record: enquirySchema,
    input: enquiryInputSchema,
    listQuery: enquiryListQuerySchema,
    sortColumns: {
      name: enquiries.name,
      followUpDate: enquiries.followUpDate,
      status: enquiries.status,
      createdAt: enquiries.createdAt,
    },
    defaultSort: '-createdAt',
    searchColumns: [enquiries.name, enquiries.mobile, enquiries.email],
    filters: (q, ctx) => {
      const today = branchTodaySql(ctx.branchId!);
      return [
        q.status === undefined ? undefined : eq(enquiries.status, q.status),
        q.followUp === 'today' ? eq(enquiries.followUpDate, sql`${today}`) : undefined,
        q.followUp === 'overdue'
          ? and(
              lt(enquiries.followUpDate, sql`${today}`),
              notInArray(enquiries.status, ['converted', 'lost']),
            )
          : undefined,
      ];
    },
    toRecord: (row) => toEnquiry(row as EnquiryRow),
    csv: enquiryCsv,
    toValues: async (body, ctx, tx) => {
      const input = enquiryInputSchema.parse(body);
      await checkFeeStructure(tx, ctx, input.feeStructureId);
      return input;
    },
    beforeUpdate: readOnly,
    beforeDelete: readOnly,
  });

  const idQuery = z.object({ enquiryId: queryId });

  app.post('/api/enquiry/convertEnquiry', {
    config: { access: { module: 'enquiries', action: 'edit', branch: 'required' } },
    schema: {
      tags: ['Enquiries'],
      querystring: idQuery,
      body: userInputSchema,
      response: { 201: z.object({ enquiry: enquirySchema, user: userSchema }) },
    },
    handler: async (request, reply) => {
      const ctx = request.ctx;
      // Converting creates a member: the caller must also be allowed to add members.
      if (!can(ctx, 'users', 'add')) throw forbidden();
      const { enquiryId } = request.query as { enquiryId: number };
      const input = userInputSchema.parse(request.body);
      try {
        const result = await db.transaction(async (tx) => {
          const [enquiry] = await tx
            .select()
            .from(enquiries)
            .where(
              and(
                eq(enquiries.clientId, ctx.clientId),
                eq(enquiries.branchId, ctx.branchId!),
                eq(enquiries.id, enquiryId),
              ),
            )
            .for('update');
          if (!enquiry) throw notFound('ENQUIRY');
          if (enquiry.status === 'converted') throw conflict(said('ENQUIRY_ALREADY_CONVERTED'));
          const values = await memberValues(tx, ctx, input);
          const [member] = await tx
            .insert(users)
            .values({ ...values, enquiryId, clientId: ctx.clientId, branchId: ctx.branchId! })
            .returning();
          const [converted] = await tx
            .update(enquiries)
            .set({ status: 'converted', convertedUserId: member!.id, updatedAt: new Date().toISOString() })
            .where(eq(enquiries.id, enquiryId))
            .returning();
          await writeAudit(tx, auditOf(ctx, 'user', member!.id, 'create', null, toUser(member!)));
          await writeAudit(
            tx,
            auditOf(ctx, 'enquiry', enquiryId, 'convert', toEnquiry(enquiry), toEnquiry(converted!)),
          );
          return { enquiry: toEnquiry(converted!), user: toUser(member!) };
        });
        return reply.status(201).send(result);
      } catch (err) {
        if (pgErrorCode(err).code === '23505') {
          throw conflict(said('MEMBER_MOBILE_TAKEN'));
        }
        throw err;
      }
    },
  });
}
