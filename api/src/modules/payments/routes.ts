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
import { bankAccounts, clients, feeStructures, payments, users } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { AppError, said } from '../../platform/errors.ts';
import { exportBatchSize, sendCsv } from '../../platform/csvExport.ts';
import { paymentCsv } from './exportColumns.ts';
import { servesBranch } from '../books/movements.ts';
import { idempotencyKeyOf, once } from '../../platform/idempotency.ts';
import { likePattern, listRows, type ListSpec } from '../../platform/list.ts';
import { expireBranchMembers } from '../users/members.ts';
import { memberRow, quote, structureRow } from './quote.ts';
import { recordPayment } from './record.ts';
import { paymentById, toPayments, type PaymentRow } from './records.ts';
import { voidPayment } from './void.ts';
import { liveLinkUrl } from '../portal/links.ts';
import { openDuesSql } from './dues.ts';

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

/** `site.publicUrl` is read per request: the server learns its own address only once it listens. */
export function paymentRoutes(app: FastifyInstance, db: Db, site: { publicUrl: string; jwtSecret: string }) {
  app.get('/api/payment/getPayments', {
    config: access('view'),
    schema: {
      tags,
      querystring: paymentListQuerySchema,
      response: { 200: listResponseSchema(paymentSchema) },
    },
    handler: async (request) => {
      const q = request.query as PaymentListQuery;
      const page = await listRows<PaymentRow>(db, listSpec(request.ctx, q), q);
      return { ...page, items: await toPayments(db, request.ctx.clientId, page.items) };
    },
  });

  app.get('/api/payment/getPaymentSummary', {
    config: access('view'),
    schema: { tags, querystring: paymentListQuerySchema, response: { 200: paymentSummarySchema } },
    handler: async (request) => {
      const q = request.query as PaymentListQuery;
      const spec = listSpec(request.ctx, q);
      const ctx = request.ctx;
      const completed = sql`${payments.status} = 'completed'`;
      // Dues as everywhere else (dues.ts): what the view's payments still leave open. "total" is
      // what the view charged for: money that settles earlier dues is received, not new revenue.
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
        .where(and(...spec.where, spec.searchWhere!(q.q)));
      return {
        count: row!.count,
        total: Number(row!.total),
        received: Number(row!.received),
        duesSettled: Number(row!.duesSettled),
        due: Number(row!.due),
        voidedCount: row!.voidedCount,
      };
    },
  });

  app.get('/api/payment/exportPayments', {
    config: access('view'),
    schema: { tags, querystring: paymentListQuerySchema },
    handler: async (request, reply) => {
      const ctx = request.ctx;
      const q = request.query as PaymentListQuery;
      return sendCsv(db, request, reply, {
        file: 'payments',
        table: paymentCsv,
        fetchBatch: async (page) => {
          const batch = await listRows<PaymentRow>(
            db,
            listSpec(ctx, q),
            { ...q, after: undefined, page, pageSize: exportBatchSize },
            { withTotal: false },
          );
          return toPayments(db, ctx.clientId, batch.items);
        },
      });
    },
  });

  app.get('/api/payment/getPayment', {
    config: access('view'),
    schema: { tags, querystring: paymentIdQuerySchema, response: { 200: paymentSchema } },
    handler: async (request) =>
      paymentById(db, request.ctx, (request.query as { paymentId: number }).paymentId),
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

  app.post('/api/payment/createPayment', {
    config: access('add'),
    schema: { tags, body: paymentInputSchema, response: { 201: paymentSchema } },
    handler: async (request, reply) => {
      const ctx = request.ctx;
      const key = idempotencyKeyOf(request);
      const [client] = await db.select().from(clients).where(eq(clients.id, ctx.clientId));
      if (client!.paymentDisabled) {
        throw new AppError(403, 'PAYMENTS_DISABLED', said('PAYMENTS_OFF'));
      }
      // Expiry first, so the renewal starts from the member's true state.
      await expireBranchMembers(db, ctx);
      const answer = await once(
        db,
        { clientId: ctx.clientId, route: 'createPayment', key, body: request.body },
        async (tx) => {
          const row = await recordPayment(tx, ctx, request.body as ParsedPaymentInput);
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
          return { statusCode: 201, body: (await toPayments(tx, ctx.clientId, [row]))[0] };
        },
      );
      return reply.status(201).send(answer.body as Payment);
    },
  });

  app.put('/api/payment/voidPayment', {
    config: access('delete'),
    schema: {
      tags,
      querystring: paymentIdQuerySchema,
      body: voidPaymentInputSchema,
      response: { 200: paymentSchema },
    },
    handler: async (request) => {
      const ctx = request.ctx;
      const { paymentId } = request.query as { paymentId: number };
      const { reason } = request.body as { reason: string };
      const row = await db.transaction((tx) => voidPayment(tx, ctx, paymentId, reason));
      return (await toPayments(db, ctx.clientId, [row]))[0]!;
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
