// Bank statements (issue 44, point 6): staff upload an account's statement, its credits confirm
// members' UPI claims and reconcile recorded payments, and the rest is recorded or set aside here.
// Permissions as the account's: view lists lines, add uploads, edit decides a line.
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  setAsideInputSchema,
  statementImportBodySchema,
  statementImportQuerySchema,
  statementImportResultSchema,
  statementLineIdQuerySchema,
  statementLineListQuerySchema,
  statementLineSchema,
  statementPaymentInputSchema,
  type StatementLine,
  type StatementLineListQuery,
} from '@app/contract/bankStatement';
import { listResponseSchema } from '@app/contract/list';
import { paymentSchema, type Payment } from '@app/contract/payments';
import { accountTransfers, expenses, payments, statementLines, users } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import { listRows } from '../../platform/list.ts';
import { toPayments } from '../payments/records.ts';
import { importStatement, recordLinePayment, setAside, statementAccount, type Links } from './service.ts';

type LineRow = typeof statementLines.$inferSelect;
const tags = ['BankAccounts'];
const access = (action: 'view' | 'add' | 'edit', branch?: 'required') => ({
  access: { module: 'bankAccounts' as const, action, ...(branch && { branch }) },
});

/** What each line matched, named: a receipt number and member, an expense's or transfer's reference. */
async function toLines(db: Db | Tx, clientId: number, rows: LineRow[]): Promise<StatementLine[]> {
  const ids = (kind: LineRow['matchedKind']) =>
    rows.filter((r) => r.matchedKind === kind && r.matchedId !== null).map((r) => r.matchedId!);
  const [paid, spent, moved] = await Promise.all([
    ids('payment').length
      ? db
          .select({ id: payments.id, number: payments.receiptNumber, name: users.name })
          .from(payments)
          .innerJoin(users, eq(users.id, payments.userId))
          .where(and(eq(payments.clientId, clientId), inArray(payments.id, ids('payment'))))
      : [],
    ids('expense').length
      ? db
          .select({ id: expenses.id, number: expenses.reference, name: expenses.payee })
          .from(expenses)
          .where(and(eq(expenses.clientId, clientId), inArray(expenses.id, ids('expense'))))
      : [],
    ids('transferIn').length + ids('transferOut').length
      ? db
          .select({
            id: accountTransfers.id,
            number: accountTransfers.reference,
            name: accountTransfers.note,
          })
          .from(accountTransfers)
          .where(
            and(
              eq(accountTransfers.clientId, clientId),
              inArray(accountTransfers.id, [...ids('transferIn'), ...ids('transferOut')]),
            ),
          )
      : [],
  ]);
  const named = {
    payment: new Map(paid.map((p) => [p.id, p])),
    expense: new Map(spent.map((p) => [p.id, p])),
    transferIn: new Map(moved.map((p) => [p.id, p])),
    transferOut: new Map(moved.map((p) => [p.id, p])),
  };
  return rows.map((r) => {
    const match = r.matchedKind && r.matchedId !== null ? named[r.matchedKind].get(r.matchedId) : undefined;
    return {
      id: r.id,
      bankAccountId: r.bankAccountId,
      day: r.day,
      narration: r.narration,
      reference: r.reference,
      debit: r.debit,
      credit: r.credit,
      balance: r.balance,
      status: r.status,
      matchedKind: r.matchedKind,
      matchedId: r.matchedId,
      matchedBy: r.matchedBy,
      matchedNumber: match?.number ?? null,
      matchedName: match?.name ?? null,
      setAsideReason: r.setAsideReason,
      decidedAt: r.decidedAt ? new Date(r.decidedAt).toISOString() : null,
      createdAt: new Date(r.createdAt).toISOString(),
    };
  });
}

export function bankStatementRoutes(
  app: FastifyInstance,
  db: Db,
  site: { publicUrl: string; jwtSecret: string },
) {
  const links = (): Links => ({
    receipt: (p) => `${site.publicUrl.replace(/\/$/, '')}/r/${p.verifyToken}`,
    member: { secret: site.jwtSecret, publicUrl: site.publicUrl },
  });

  app.post('/api/bankStatement/importStatement', {
    // The branch: claims are confirmed as its clerk would, its members renewed.
    config: access('add', 'required'),
    schema: {
      tags,
      querystring: statementImportQuerySchema,
      body: statementImportBodySchema,
      response: { 200: statementImportResultSchema },
    },
    handler: async (request) => {
      const { bankAccountId } = request.query as { bankAccountId: number };
      const body = request.body as z.output<typeof statementImportBodySchema>;
      return importStatement(db, request.ctx, bankAccountId, body, links());
    },
  });

  app.get('/api/bankStatement/getLines', {
    config: access('view'),
    schema: {
      tags,
      querystring: statementLineListQuerySchema,
      response: { 200: listResponseSchema(statementLineSchema) },
    },
    handler: async (request) => {
      const ctx = request.ctx;
      const q = request.query as StatementLineListQuery;
      await statementAccount(db, ctx, q.bankAccountId);
      const page = await listRows<LineRow>(
        db,
        {
          table: statementLines,
          where: [
            eq(statementLines.clientId, ctx.clientId),
            eq(statementLines.bankAccountId, q.bankAccountId),
            eq(statementLines.status, q.status),
          ],
          sortColumns: { day: statementLines.day },
          defaultSort: '-day',
          tieBreaker: statementLines.id,
          searchColumns: [statementLines.narration, statementLines.reference],
        },
        q,
      );
      return { ...page, items: await toLines(db, ctx.clientId, page.items) };
    },
  });

  app.put('/api/bankStatement/setAside', {
    config: access('edit'),
    schema: {
      tags,
      querystring: statementLineIdQuerySchema,
      body: setAsideInputSchema,
      response: { 200: statementLineSchema },
    },
    handler: async (request) => {
      const ctx = request.ctx;
      const { lineId } = request.query as { lineId: number };
      const { reason } = request.body as { reason: string };
      const row = await setAside(db, ctx, lineId, reason);
      return (await toLines(db, ctx.clientId, [row]))[0]!;
    },
  });

  // Recording a payment is the counter's right (payments add), the one permission this route asks,
  // as every route asks exactly one (platform/matrices.test.ts); matching the line is its bookkeeping.
  app.post('/api/bankStatement/recordPayment', {
    config: { access: { module: 'payments' as const, action: 'add' as const, branch: 'required' as const } },
    schema: {
      tags,
      querystring: statementLineIdQuerySchema,
      body: statementPaymentInputSchema,
      response: { 201: paymentSchema },
    },
    handler: async (request, reply) => {
      const ctx = request.ctx;
      const { lineId } = request.query as { lineId: number };
      const body = request.body as z.output<typeof statementPaymentInputSchema>;
      const row = await recordLinePayment(db, ctx, lineId, body, links());
      const [payment] = await toPayments(db, ctx.clientId, [row]);
      return reply.status(201).send(payment as Payment);
    },
  });
}
