import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  branchPaymentsQuerySchema,
  branchPaymentsSchema,
  branchRowSchema,
  branchRowsQuerySchema,
  cashBookQuerySchema,
  cashBookSchema,
  closeDayInputSchema,
  reopenDayInputSchema,
  statementQuerySchema,
  statementSchema,
  transferInputSchema,
  transferSchema,
  type ParsedTransferInput,
  type StatementQuery,
} from '@app/contract/books';
import { listResponseSchema } from '@app/contract/list';
import type { Db } from '../../db/client.ts';
import { sendCsv } from '../../platform/csvExport.ts';
import {
  branchPaymentsCsv,
  statementCsv,
  type BranchPaymentsLine,
  type StatementLine,
} from './exportColumns.ts';
import { idempotencyKeyOf, once } from '../../platform/idempotency.ts';
import { branchPayments, branchRows } from './branchPayments.ts';
import { cashBookOf, closeDay, reopenDay } from './cashBook.ts';
import { statementOf } from './statement.ts';
import { recordTransfer, toTransfer } from './transfer.ts';

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
      const lines: StatementLine[] = [
        {
          day: q.from ?? null,
          kind: 'opening',
          number: '',
          description: '',
          amount: null,
          balance: statement.opening,
        },
        ...statement.items,
      ];
      return sendCsv(db, request, reply, {
        file: `statement-${statement.accountId}`,
        table: statementCsv,
        fetchBatch: async (batch) => (batch === 0 ? lines : []),
      });
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

  const cash = (action: 'view' | 'edit' | 'delete') => ({
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

  // Closing writes the difference off: payments edit. Reopening undoes a close: payments delete,
  // like voiding a payment (issue 34).
  app.post('/api/cashBook/closeDay', {
    config: cash('edit'),
    schema: { tags: ['CashBook'], body: closeDayInputSchema, response: { 200: cashBookSchema } },
    handler: async (request) => {
      const input = request.body as z.output<typeof closeDayInputSchema>;
      await db.transaction((tx) => closeDay(tx, request.ctx, input));
      return cashBookOf(db, request.ctx, input.day);
    },
  });

  app.post('/api/cashBook/reopenDay', {
    config: cash('delete'),
    schema: { tags: ['CashBook'], body: reopenDayInputSchema, response: { 200: cashBookSchema } },
    handler: async (request) => {
      const input = request.body as z.output<typeof reopenDayInputSchema>;
      await db.transaction((tx) => reopenDay(tx, request.ctx, input));
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
      const period = { from: q.from, to: q.to };
      const lines: BranchPaymentsLine[] = [
        ...figures.branches.map((b) => ({ ...b, ...period })),
        { ...figures.totals, branchName: null, ...period },
      ];
      return sendCsv(db, request, reply, {
        file: 'branch-payments',
        table: branchPaymentsCsv,
        fetchBatch: async (batch) => (batch === 0 ? lines : []),
      });
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
