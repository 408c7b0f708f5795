import type { FastifyInstance } from 'fastify';
import { enqueueReceipt } from '../messages/receipts.ts';
import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { listResponseSchema } from '@app/contract/list';
import {
  refundableQuerySchema,
  refundableSchema,
  refundIdQuerySchema,
  refundInputSchema,
  refundListQuerySchema,
  refundOptionsSchema,
  refundReceiptPdfQuerySchema,
  refundReceiptSchema,
  refundSchema,
  refundSummarySchema,
  type ParsedRefundInput,
  type Refund,
  type RefundListQuery,
} from '@app/contract/refunds';
import { bankAccounts, branches, clients, payments, refunds, users } from '../../db/schema.ts';
import { servesBranch } from '../books/movements.ts';
import type { Db } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { exportBatchSize, sendCsv } from '../../platform/csvExport.ts';
import { refundCsv } from './exportColumns.ts';
import { AppError, said } from '../../platform/errors.ts';
import { idempotencyKeyOf, once } from '../../platform/idempotency.ts';
import { likePattern, listRows, type ListSpec } from '../../platform/list.ts';
import { paymentRow } from '../payments/records.ts';
import { refundPdf } from '../receipts/refundPdf.ts';
import { recordRefund, refundedSoFar, type RefundRow } from './record.ts';
import { refundById, toRefunds } from './records.ts';

const tags = ['Refunds'];
const access = (action: 'view' | 'add') => ({
  access: { module: 'refunds' as const, action, branch: 'required' as const },
});

/** A whole refund or receipt number, a refund's running number, or part of the member's name or mobile. */
function search(ctx: StaffContext, q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const upper = q.toUpperCase();
  const seq = /^\d{1,9}$/.test(q) ? Number(q) : null;
  const pattern = likePattern(q);
  return sql`${refunds.id} in (
    select r.id from ${refunds} r
     where r.client_id = ${ctx.clientId} and r.branch_id = ${ctx.branchId}
       and (r.refund_number = ${upper} ${seq === null ? sql`` : sql`or r.seq = ${seq}`})
    union all
    select r.id from ${payments} p join ${refunds} r on r.payment_id = p.id
     where p.client_id = ${ctx.clientId} and p.branch_id = ${ctx.branchId} and p.receipt_number = ${upper}
    union all
    select r.id from ${users} u join ${refunds} r on r.client_id = u.client_id and r.user_id = u.id
     where u.client_id = ${ctx.clientId} and u.branch_id = ${ctx.branchId}
       and (u.name ilike ${pattern} or u.mobile ilike ${pattern}))`;
}

function listSpec(ctx: StaffContext, q: RefundListQuery): ListSpec {
  return {
    table: refunds,
    where: [
      eq(refunds.clientId, ctx.clientId),
      eq(refunds.branchId, ctx.branchId!),
      q.from ? gte(refunds.refundedOn, q.from) : undefined,
      q.to ? lte(refunds.refundedOn, q.to) : undefined,
      q.mode ? eq(refunds.mode, q.mode) : undefined,
      q.bankAccountId ? eq(refunds.bankAccountId, q.bankAccountId) : undefined,
      q.paymentId ? eq(refunds.paymentId, q.paymentId) : undefined,
      q.userId ? eq(refunds.userId, q.userId) : undefined,
    ],
    sortColumns: {
      refundedAt: refunds.refundedOn,
      refundNumber: refunds.refundNumber,
      amount: refunds.amount,
      createdAt: refunds.createdAt,
    },
    defaultSort: '-refundedAt',
    tieBreaker: refunds.id,
    searchColumns: [],
    searchWhere: (text) => search(ctx, text),
  };
}

export function refundRoutes(app: FastifyInstance, db: Db) {
  app.get('/api/refund/getRefunds', {
    config: access('view'),
    schema: { tags, querystring: refundListQuerySchema, response: { 200: listResponseSchema(refundSchema) } },
    handler: async (request) => {
      const q = request.query as RefundListQuery;
      const page = await listRows<RefundRow>(db, listSpec(request.ctx, q), q);
      return { ...page, items: await toRefunds(db, request.ctx.clientId, page.items) };
    },
  });

  app.get('/api/refund/getRefundSummary', {
    config: access('view'),
    schema: { tags, querystring: refundListQuerySchema, response: { 200: refundSummarySchema } },
    handler: async (request) => {
      const q = request.query as RefundListQuery;
      const spec = listSpec(request.ctx, q);
      const [row] = await db
        .select({
          count: sql<number>`count(*)::int`,
          amount: sql<string>`coalesce(sum(${refunds.amount}), 0)`,
        })
        .from(refunds)
        .where(and(...spec.where, spec.searchWhere!(q.q)));
      return { count: row!.count, amount: Number(row!.amount) };
    },
  });

  app.get('/api/refund/exportRefunds', {
    config: access('view'),
    schema: { tags, querystring: refundListQuerySchema },
    handler: async (request, reply) => {
      const ctx = request.ctx;
      const q = request.query as RefundListQuery;
      return sendCsv(db, request, reply, {
        file: 'refunds',
        table: refundCsv,
        fetchBatch: async (page) => {
          const batch = await listRows<RefundRow>(
            db,
            listSpec(ctx, q),
            { ...q, after: undefined, page, pageSize: exportBatchSize },
            { withTotal: false },
          );
          return toRefunds(db, ctx.clientId, batch.items);
        },
      });
    },
  });

  app.get('/api/refund/getRefund', {
    config: access('view'),
    schema: { tags, querystring: refundIdQuerySchema, response: { 200: refundSchema } },
    handler: async (request) => refundById(db, request.ctx, (request.query as { refundId: number }).refundId),
  });

  app.get('/api/refund/getRefundable', {
    config: access('add'),
    schema: { tags, querystring: refundableQuerySchema, response: { 200: refundableSchema } },
    handler: async (request) => {
      const ctx = request.ctx;
      const q = request.query as z.output<typeof refundableQuerySchema>;
      let paymentId = q.paymentId;
      if (paymentId === undefined) {
        const [found] = await db
          .select({ id: payments.id })
          .from(payments)
          .where(
            and(
              eq(payments.clientId, ctx.clientId),
              eq(payments.branchId, ctx.branchId!),
              eq(payments.receiptNumber, q.receiptNumber!.toUpperCase()),
            ),
          );
        if (!found)
          throw new AppError(
            404,
            'NOT_FOUND',
            said('RECEIPT_NUMBER_NOT_FOUND', { receipt: q.receiptNumber! }),
          );
        paymentId = found.id;
      }
      const payment = await paymentRow(db, ctx, paymentId);
      const [member] = await db
        .select({ name: users.name, status: users.status })
        .from(users)
        .where(and(eq(users.clientId, ctx.clientId), eq(users.id, payment.userId)));
      const refunded = await refundedSoFar(db, payment.id);
      return {
        paymentId: payment.id,
        receiptNumber: payment.receiptNumber,
        paidAt: payment.paidOn,
        userId: payment.userId,
        memberName: member?.name ?? '',
        mode: payment.mode,
        bankAccountId: payment.bankAccountId,
        received: payment.received,
        refunded,
        refundable: payment.status === 'voided' ? 0 : payment.received - refunded,
        status: payment.status,
        memberActive: member?.status ?? false,
      };
    },
  });

  app.get('/api/refund/getRefundOptions', {
    config: access('add'),
    schema: { tags, response: { 200: refundOptionsSchema } },
    handler: async (request) => ({
      bankAccounts: await activeAccounts(db, request.ctx),
    }),
  });

  app.post('/api/refund/createRefund', {
    config: access('add'),
    schema: {
      tags,
      body: refundInputSchema,
      response: { 201: refundSchema },
    },
    handler: async (request, reply) => {
      const ctx = request.ctx;
      const answer = await once(
        db,
        { clientId: ctx.clientId, route: 'createRefund', key: idempotencyKeyOf(request), body: request.body },
        async (tx) => {
          const row = await recordRefund(tx, ctx, request.body as ParsedRefundInput);
          await enqueueReceipt(tx, ctx, {
            kind: 'refundReceipt',
            id: row.id,
            userId: row.userId,
            number: row.refundNumber,
            amount: row.amount,
            link: '',
          });
          return { statusCode: 201, body: (await toRefunds(tx, ctx.clientId, [row]))[0] };
        },
      );
      return reply.status(201).send(answer.body as Refund);
    },
  });

  const receiptOf = async (ctx: StaffContext, refundId: number) => {
    const refund = await refundById(db, ctx, refundId);
    const [[client], [branch], payment] = await Promise.all([
      db.select().from(clients).where(eq(clients.id, ctx.clientId)),
      db.select().from(branches).where(eq(branches.id, refund.branchId)),
      paymentRow(db, ctx, refund.paymentId),
    ]);
    return {
      refund,
      payment: { receiptNumber: payment.receiptNumber, paidAt: payment.paidOn, received: payment.received },
      organisation: {
        name: client!.name,
        address: client!.receiptAddress,
        taxId: client!.taxId,
        currency: client!.currency,
        locale: client!.locale,
      },
      branch: { name: branch!.name, address: branch!.address, phone: branch!.phone },
    };
  };

  app.get('/api/refund/getRefundReceipt', {
    config: access('view'),
    schema: { tags, querystring: refundIdQuerySchema, response: { 200: refundReceiptSchema } },
    handler: async (request) => receiptOf(request.ctx, (request.query as { refundId: number }).refundId),
  });

  app.get('/api/refund/getRefundReceiptPdf', {
    config: access('view'),
    schema: { tags, querystring: refundReceiptPdfQuerySchema },
    handler: async (request, reply) => {
      const q = request.query as z.output<typeof refundReceiptPdfQuerySchema>;
      const receipt = await receiptOf(request.ctx, q.refundId);
      const pdf = await refundPdf(receipt, q.format, q.lang);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="refund-${receipt.refund.refundNumber}.pdf"`)
        .send(pdf);
    },
  });
}

/**
 * Active accounts money may go out of: the branch's cash account and the bank accounts that serve
 * the branch (the organisation-wide ones and the branch's own).
 */
export async function activeAccounts(db: Db, ctx: StaffContext) {
  return db
    .select({
      id: bankAccounts.id,
      accountName: bankAccounts.accountName,
      bankName: bankAccounts.bankName,
      kind: bankAccounts.kind,
      branchId: bankAccounts.branchId,
    })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.clientId, ctx.clientId), eq(bankAccounts.status, true), servesBranch(ctx)))
    .orderBy(sql`${bankAccounts.kind} desc`, asc(bankAccounts.accountName));
}
