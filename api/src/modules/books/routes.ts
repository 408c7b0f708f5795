import type { FastifyInstance, FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  branchPaymentsQuerySchema,
  branchPaymentsSchema,
  branchRowSchema,
  branchRowsQuerySchema,
  cashBookQuerySchema,
  cashBookSchema,
  closeDayInputSchema,
  statementQuerySchema,
  statementSchema,
  transferInputSchema,
  transferSchema,
  type MovementKind,
  type ParsedTransferInput,
  type StatementQuery,
} from '@app/contract/books';
import { listResponseSchema } from '@app/contract/list';
import { minorDigits } from '@app/contract/money';
import { clients } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { csvStream } from '../../platform/csv.ts';
import { idempotencyKeyOf, once } from '../../platform/idempotency.ts';
import { branchPayments, branchRows } from './branchPayments.ts';
import { cashBookOf, closeDay } from './cashBook.ts';
import { statementOf } from './statement.ts';
import { recordTransfer, toTransfer } from './transfer.ts';

const moneyText = (digits: number) => (minor: number) =>
  digits === 0 ? String(minor) : (minor / 10 ** digits).toFixed(digits);

const kindWords: Record<MovementKind, string> = {
  payment: 'Payment',
  refund: 'Refund',
  expense: 'Expense',
  transferIn: 'Transfer in',
  transferOut: 'Transfer out',
  dayClose: 'Day close difference',
};

async function currencyDigits(db: Db, clientId: number) {
  const [client] = await db
    .select({ currency: clients.currency })
    .from(clients)
    .where(eq(clients.id, clientId));
  return minorDigits(client!.currency);
}

function attachment(reply: FastifyReply, name: string) {
  const stamp = new Date().toISOString().slice(0, 10);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${stamp}.csv"`);
}

export function bookRoutes(app: FastifyInstance, db: Db) {
  const accounts = (action: 'view' | 'add', branch?: 'required') => ({
    access: { module: 'bankAccounts' as const, action, ...(branch && { branch }) },
  });

  app.get('/api/bankAccount/getStatement', {
    config: accounts('view'),
    schema: { tags: ['BankAccounts'], querystring: statementQuerySchema, response: { 200: statementSchema } },
    handler: async (request) => {
      const q = request.query as StatementQuery;
      return statementOf(db, request.ctx.clientId, q, { page: q.page, pageSize: q.pageSize });
    },
  });

  app.get('/api/bankAccount/exportStatement', {
    config: accounts('view'),
    schema: { tags: ['BankAccounts'], querystring: statementQuerySchema },
    handler: async (request, reply) => {
      const q = request.query as StatementQuery;
      const statement = await statementOf(db, request.ctx.clientId, q, null);
      const money = moneyText(await currencyDigits(db, request.ctx.clientId));
      const rows = [
        {
          Date: q.from ?? '',
          Kind: 'Opening balance',
          Number: '',
          Description: '',
          In: '',
          Out: '',
          Balance: money(statement.opening),
        },
        ...statement.items.map((m) => ({
          Date: m.day,
          Kind: kindWords[m.kind],
          Number: m.number,
          Description: m.description,
          In: m.amount > 0 ? money(m.amount) : '',
          Out: m.amount < 0 ? money(-m.amount) : '',
          Balance: money(m.balance),
        })),
      ];
      const stream = csvStream(async (page) => (page === 0 ? rows : []));
      return attachment(reply, `statement-${statement.accountId}`).send(stream);
    },
  });

  app.post('/api/bankAccount/createTransfer', {
    config: accounts('add', 'required'),
    schema: { tags: ['BankAccounts'], body: transferInputSchema, response: { 201: transferSchema } },
    handler: async (request, reply) => {
      const ctx = request.ctx;
      const answer = await once(
        db,
        {
          clientId: ctx.clientId,
          route: 'createTransfer',
          key: idempotencyKeyOf(request),
          body: request.body,
        },
        async (tx) => ({
          statusCode: 201,
          body: toTransfer(await recordTransfer(tx, ctx, request.body as ParsedTransferInput)),
        }),
      );
      return reply.status(201).send(answer.body as ReturnType<typeof toTransfer>);
    },
  });

  const cash = (action: 'view' | 'add') => ({
    access: { module: 'payments' as const, action, branch: 'required' as const },
  });

  app.get('/api/cashBook/getCashBook', {
    config: cash('view'),
    schema: { tags: ['CashBook'], querystring: cashBookQuerySchema, response: { 200: cashBookSchema } },
    handler: async (request) => {
      const { day } = request.query as z.output<typeof cashBookQuerySchema>;
      return cashBookOf(db, request.ctx, day ?? request.ctx.branchToday!);
    },
  });

  app.post('/api/cashBook/closeDay', {
    config: cash('add'),
    schema: { tags: ['CashBook'], body: closeDayInputSchema, response: { 200: cashBookSchema } },
    handler: async (request) => {
      const input = request.body as z.output<typeof closeDayInputSchema>;
      await db.transaction((tx) => closeDay(tx, request.ctx, input));
      return cashBookOf(db, request.ctx, input.day);
    },
  });

  const branchView = { access: { module: 'branchPayments' as const, action: 'view' as const } };

  app.get('/api/branchPayment/getBranchPayments', {
    config: branchView,
    schema: {
      tags: ['BranchPayments'],
      querystring: branchPaymentsQuerySchema,
      response: { 200: branchPaymentsSchema },
    },
    handler: async (request) => {
      const q = request.query as z.output<typeof branchPaymentsQuerySchema>;
      return branchPayments(db, request.ctx, q.from, q.to);
    },
  });

  app.get('/api/branchPayment/exportBranchPayments', {
    config: branchView,
    schema: { tags: ['BranchPayments'], querystring: branchPaymentsQuerySchema },
    handler: async (request, reply) => {
      const q = request.query as z.output<typeof branchPaymentsQuerySchema>;
      const figures = await branchPayments(db, request.ctx, q.from, q.to);
      const money = moneyText(await currencyDigits(db, request.ctx.clientId));
      const line = (name: string, f: (typeof figures)['totals']) => ({
        Branch: name,
        From: q.from,
        To: q.to,
        Collections: money(f.collections),
        Refunds: money(f.refunds),
        Net: money(f.net),
        Expenses: money(f.expenses),
        'Net after expenses': money(f.netAfterExpenses),
      });
      const rows = [...figures.branches.map((b) => line(b.branchName, b)), line('Total', figures.totals)];
      return attachment(reply, 'branch-payments').send(csvStream(async (page) => (page === 0 ? rows : [])));
    },
  });

  app.get('/api/branchPayment/getBranchRows', {
    config: branchView,
    schema: {
      tags: ['BranchPayments'],
      querystring: branchRowsQuerySchema,
      response: { 200: listResponseSchema(branchRowSchema) },
    },
    handler: async (request) =>
      branchRows(db, request.ctx, request.query as z.output<typeof branchRowsQuerySchema>),
  });
}
