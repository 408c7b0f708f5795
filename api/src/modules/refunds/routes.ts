import type { FastifyInstance } from 'fastify';
import { enqueueReceipt } from '../messages/receipts.ts';
import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
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
  type RefundReceipt,
} from '@app/contract/refunds';
import { registerMoneyDocument, viewWhere } from '../../platform/moneyDocument.ts';
import { bankAccounts, payments, refunds, users } from '../../db/schema.ts';
import { servesBranch } from '../books/movements.ts';
import type { Db } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { refundCsv } from './exportColumns.ts';
import { AppError, said } from '../../platform/errors.ts';
import { likePattern, type ListSpec } from '../../platform/list.ts';
import { paymentRow } from '../payments/records.ts';
import { refundPdf } from '../receipts/refundPdf.ts';
import { issuerOf } from '../receipts/receiptData.ts';
import { creditNotesOf } from '../gst/documents.ts';
import { recordRefund, refundedSoFar, type RefundRow } from './record.ts';
import { refundById, refundRow, toRefunds } from './records.ts';

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

/** The refund with the payment it was made against and who issued it. */
async function receiptOf(db: Db, ctx: StaffContext, refundId: number): Promise<RefundReceipt> {
  const refund = await refundById(db, ctx, refundId);
  const [issuer, payment] = await Promise.all([
    issuerOf(db, ctx.clientId, refund.branchId),
    paymentRow(db, ctx, refund.paymentId),
  ]);
  const creditNote = (await creditNotesOf(db, ctx.clientId, payment.id)).find(
    (n) => n.refundId === refund.id,
  );
  return {
    refund,
    payment: { receiptNumber: payment.receiptNumber, paidAt: payment.paidOn, received: payment.received },
    ...issuer,
    ...(creditNote && { creditNote }),
  };
}

async function summary(db: Db, _ctx: StaffContext, spec: ListSpec, q: RefundListQuery) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${refunds.amount}), 0)`,
    })
    .from(refunds)
    .where(viewWhere(spec, q.q));
  return { count: row!.count, amount: Number(row!.amount) };
}

export function refundRoutes(app: FastifyInstance, db: Db) {
  // List, summary, export, one refund, record and the refund receipt (platform/moneyDocument.ts).
  // A refund is not voided: a wrong one is put right by the payment it was made against.
  registerMoneyDocument<RefundRow, Refund, RefundListQuery, RefundReceipt>(app, db, {
    name: 'refund',
    module: 'refunds',
    tags,
    record: refundSchema,
    listQuery: refundListQuerySchema,
    idQuery: refundIdQuerySchema,
    listSpec,
    toRecords: (tx, ctx, rows) => toRefunds(tx, ctx.clientId, rows),
    rowById: refundRow,
    csv: refundCsv,
    summary: { schema: refundSummarySchema, compute: summary },
    create: {
      input: refundInputSchema,
      record: async (tx, ctx, input) => {
        const row = await recordRefund(tx, ctx, input as ParsedRefundInput);
        await enqueueReceipt(tx, ctx, {
          kind: 'refundReceipt',
          id: row.id,
          userId: row.userId,
          number: row.refundNumber,
          amount: row.amount,
          link: '',
        });
        return row;
      },
    },
    printed: {
      label: 'RefundReceipt',
      schema: refundReceiptSchema,
      pdfQuery: refundReceiptPdfQuerySchema,
      load: (ctx, refundId) => receiptOf(db, ctx, refundId),
      pdf: (receipt, format, lang) => refundPdf(receipt, format, lang),
      fileName: (receipt) => `refund-${receipt.refund.refundNumber}.pdf`,
    },
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
