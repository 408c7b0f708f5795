import type { FastifyInstance } from 'fastify';
import { enqueueReceipt } from '../messages/receipts.ts';
import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { listResponseSchema } from '@app/contract/list';
import {
  duesListQuerySchema,
  memberDueSchema,
  paymentIdQuerySchema,
  paymentInputSchema,
  paymentListQuerySchema,
  paymentOptionsSchema,
  paymentQuoteQuerySchema,
  paymentQuoteSchema,
  paymentSchema,
  paymentSummarySchema,
  voidPaymentInputSchema,
  type ParsedPaymentInput,
  type Payment,
  type PaymentListQuery,
} from '@app/contract/payments';
import { receiptPdfQuerySchema, receiptSchema, type Receipt } from '@app/contract/receipts';
import { bankAccounts, clients, feeStructures, payments, users } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { AppError, said } from '../../platform/errors.ts';
import { paymentCsv } from './exportColumns.ts';
import { servesBranch } from '../books/movements.ts';
import { likePattern, listRows, type ListSpec } from '../../platform/list.ts';
import { expireBranchMembers } from '../users/members.ts';
import { memberRow, quote, structureRow } from './quote.ts';
import { recordPayment } from './record.ts';
import { paymentRow, toPayments, type PaymentRow } from './records.ts';
import { voidPayment } from './void.ts';
import { liveLinkUrl } from '../portal/links.ts';
import { openDuesSql } from './dues.ts';
import { registerMoneyDocument, viewWhere } from '../../platform/moneyDocument.ts';
import { receiptOf } from '../receipts/receiptData.ts';
import { receiptPdf } from '../receipts/receiptPdf.ts';

const tags = ['Payments'];
const branch = 'required' as const;
const access = (action: 'view' | 'add' | 'delete') => ({
  access: { module: 'payments' as const, action, branch },
});

/**
 * A whole receipt number, a receipt's running number ('805'), or part of the member's name or
 * mobile. Each is found through an index of its own (the unique receipt number, (branch, seq), the
 * members' trigram indexes and then their payments), and the union of ids is what the list pages
 * through. Receipt numbers share long prefixes ('DL-B2-2026-27-'), so a trigram search inside them
 * reads nearly every entry (measured: 132 ms a call at a million payments); an OR across both tables
 * made PostgreSQL filter every payment of the branch (2 calls a second).
 */
function search(ctx: StaffContext, q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  const seq = /^\d{1,9}$/.test(q) ? Number(q) : null;
  return sql`${payments.id} in (
    select p.id from ${payments} p
     where p.client_id = ${ctx.clientId} and p.branch_id = ${ctx.branchId}
       and (p.receipt_number = ${q.toUpperCase()} ${seq === null ? sql`` : sql`or p.seq = ${seq}`})
    union all
    select p.id from ${users} u join ${payments} p on p.client_id = u.client_id and p.user_id = u.id
     where u.client_id = ${ctx.clientId} and u.branch_id = ${ctx.branchId}
       and (u.name ilike ${pattern} or u.mobile ilike ${pattern}))`;
}

function listSpec(ctx: StaffContext, q: PaymentListQuery): ListSpec {
  return {
    table: payments,
    where: [
      eq(payments.clientId, ctx.clientId),
      eq(payments.branchId, ctx.branchId!),
      q.from ? gte(payments.paidOn, q.from) : undefined,
      q.to ? lte(payments.paidOn, q.to) : undefined,
      q.mode ? eq(payments.mode, q.mode) : undefined,
      q.status ? eq(payments.status, q.status) : undefined,
      q.createdBy ? eq(payments.createdBy, q.createdBy) : undefined,
      q.feeStructureId ? eq(payments.feeStructureId, q.feeStructureId) : undefined,
      q.bankAccountId ? eq(payments.bankAccountId, q.bankAccountId) : undefined,
      q.userId ? eq(payments.userId, q.userId) : undefined,
      // Payments that still leave something open (dues.ts), not every part payment ever made.
      q.withDue === 'true'
        ? sql`${payments.id} in (select id from (${openDuesSql(ctx.clientId, ctx.branchId!)}) o where o.open > 0)`
        : undefined,
    ],
    sortColumns: {
      paidAt: payments.paidOn,
      receiptNumber: payments.receiptNumber,
      total: payments.total,
      received: payments.received,
      createdAt: payments.createdAt,
    },
    defaultSort: '-paidAt',
    tieBreaker: payments.id,
    searchColumns: [],
    searchWhere: (text) => search(ctx, text),
  };
}

/**
 * Dues as everywhere else (dues.ts): what the view's payments still leave open. "total" is what the
 * view charged for: money that settles earlier dues is received, not new revenue.
 */
async function summary(db: Db, ctx: StaffContext, spec: ListSpec, q: PaymentListQuery) {
  const completed = sql`${payments.status} = 'completed'`;
  const [row] = await db
    .select({
      count: sql<number>`count(*) filter (where ${completed})::int`,
      total: sql<string>`coalesce(sum(${payments.total} - ${payments.duesSettled}) filter (where ${completed}), 0)`,
      received: sql<string>`coalesce(sum(${payments.received}) filter (where ${completed}), 0)`,
      duesSettled: sql<string>`coalesce(sum(${payments.duesSettled}) filter (where ${completed}), 0)`,
      due: sql<string>`coalesce(sum(o.open) filter (where ${completed}), 0)`,
      voidedCount: sql<number>`count(*) filter (where not ${completed})::int`,
    })
    .from(payments)
    .leftJoin(sql`(${openDuesSql(ctx.clientId, ctx.branchId!)}) o`, sql`o.id = ${payments.id}`)
    .where(viewWhere(spec, q.q));
  return {
    count: row!.count,
    total: Number(row!.total),
    received: Number(row!.received),
    duesSettled: Number(row!.duesSettled),
    due: Number(row!.due),
    voidedCount: row!.voidedCount,
  };
}

/** `site.publicUrl` is read per request: the server learns its own address only once it listens. */
export function paymentRoutes(app: FastifyInstance, db: Db, site: { publicUrl: string; jwtSecret: string }) {
  // List, summary, export, one payment, record, void and the receipt (platform/moneyDocument.ts).
  registerMoneyDocument<PaymentRow, Payment, PaymentListQuery, Receipt>(app, db, {
    name: 'payment',
    module: 'payments',
    tags,
    record: paymentSchema,
    listQuery: paymentListQuerySchema,
    idQuery: paymentIdQuerySchema,
    listSpec,
    toRecords: (tx, ctx, rows) => toPayments(tx, ctx.clientId, rows),
    rowById: paymentRow,
    csv: paymentCsv,
    summary: { schema: paymentSummarySchema, compute: summary },
    create: {
      input: paymentInputSchema,
      before: async (ctx) => {
        const [client] = await db.select().from(clients).where(eq(clients.id, ctx.clientId));
        if (client!.paymentDisabled) {
          throw new AppError(403, 'PAYMENTS_DISABLED', said('PAYMENTS_OFF'));
        }
        // Expiry first, so the renewal starts from the member's true state.
        await expireBranchMembers(db, ctx);
      },
      record: async (tx, ctx, input) => {
        const row = await recordPayment(tx, ctx, input as ParsedPaymentInput);
        await enqueueReceipt(tx, ctx, {
          kind: 'paymentReceipt',
          id: row.id,
          userId: row.userId,
          number: row.receiptNumber,
          amount: row.received,
          link: `${site.publicUrl.replace(/\/$/, '')}/r/${row.verifyToken}`,
          // The member's page link for {{memberLink}} (issue 37).
          memberLink: await liveLinkUrl(
            tx,
            { secret: site.jwtSecret, publicUrl: site.publicUrl },
            ctx.clientId,
            row.userId,
          ),
        });
        return row;
      },
    },
    void: { input: voidPaymentInputSchema, void: voidPayment },
    printed: {
      label: 'Receipt',
      tags: ['Receipts'],
      schema: receiptSchema,
      pdfQuery: receiptPdfQuerySchema,
      load: (ctx, paymentId) => receiptOf(db, ctx, paymentId, site.publicUrl),
      pdf: (receipt, format, lang) => receiptPdf(receipt, format, lang),
      fileName: (receipt) => `receipt-${receipt.payment.receiptNumber}.pdf`,
    },
  });

  app.get('/api/payment/getPaymentQuote', {
    config: access('add'),
    schema: { tags, querystring: paymentQuoteQuerySchema, response: { 200: paymentQuoteSchema } },
    handler: async (request) => {
      const ctx = request.ctx;
      const q = request.query as z.output<typeof paymentQuoteQuerySchema>;
      await expireBranchMembers(db, ctx);
      const member = await memberRow(db, ctx, q.userId);
      // Without a structure the quote is for settling earlier dues only.
      const structure = q.feeStructureId
        ? await structureRow(db, ctx, q.feeStructureId, 'query.feeStructureId')
        : null;
      return quote(db, ctx, member, structure);
    },
  });

  app.get('/api/payment/getPaymentOptions', {
    config: access('add'),
    schema: { tags, response: { 200: paymentOptionsSchema } },
    handler: async (request) => {
      const ctx = request.ctx;
      const [structures, accounts] = await Promise.all([
        db
          .select({
            id: feeStructures.id,
            name: feeStructures.name,
            total: feeStructures.total,
            durationDays: feeStructures.durationDays,
          })
          .from(feeStructures)
          .where(
            and(
              eq(feeStructures.clientId, ctx.clientId),
              eq(feeStructures.status, true),
              sql`(${feeStructures.branchIds} is null or ${feeStructures.branchIds} @> ${JSON.stringify([ctx.branchId])}::jsonb)`,
            ),
          )
          .orderBy(asc(feeStructures.name)),
        db
          .select({
            id: bankAccounts.id,
            accountName: bankAccounts.accountName,
            bankName: bankAccounts.bankName,
            branchId: bankAccounts.branchId,
          })
          .from(bankAccounts)
          .where(
            and(
              eq(bankAccounts.clientId, ctx.clientId),
              eq(bankAccounts.status, true),
              // Cash goes to the branch's cash account by itself; the list is for the other modes.
              eq(bankAccounts.kind, 'bank'),
              servesBranch(ctx),
            ),
          )
          .orderBy(asc(bankAccounts.accountName)),
      ]);
      return { feeStructures: structures, bankAccounts: accounts };
    },
  });

  app.get('/api/payment/getDues', {
    config: access('view'),
    schema: {
      tags,
      querystring: duesListQuerySchema,
      response: { 200: listResponseSchema(memberDueSchema) },
    },
    handler: async (request) => {
      const ctx = request.ctx;
      const q = request.query as z.output<typeof duesListQuerySchema>;
      const page = await listRows<typeof users.$inferSelect>(
        db,
        {
          table: users,
          where: [
            eq(users.clientId, ctx.clientId),
            eq(users.branchId, ctx.branchId!),
            sql`${users.dues} > 0`,
          ],
          sortColumns: { duesSince: users.duesSince, dues: users.dues, name: users.name },
          defaultSort: 'duesSince',
          tieBreaker: users.id,
          searchColumns: [users.name, users.mobile],
        },
        q,
      );
      return {
        ...page,
        items: page.items.map((u) => ({
          userId: u.id,
          name: u.name,
          mobile: u.mobile,
          status: u.status,
          validTill: u.validTill,
          dues: u.dues,
          duesSince: u.duesSince,
        })),
      };
    },
  });
}
