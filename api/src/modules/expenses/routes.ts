import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  billUploadedSchema,
  expenseIdQuerySchema,
  expenseInputSchema,
  expenseListQuerySchema,
  expenseOptionsSchema,
  expenseSchema,
  expenseSummarySchema,
  maxBillBytes,
  uploadBillQuerySchema,
  voidExpenseInputSchema,
  type Expense,
  type ExpenseListQuery,
  type ParsedExpenseInput,
} from '@app/contract/expenses';
import { listResponseSchema } from '@app/contract/list';
import { categories, expenseBills, expenses } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { exportBatchSize, sendCsv } from '../../platform/csvExport.ts';
import { expenseCsv } from './exportColumns.ts';
import { notFound } from '../../platform/errors.ts';
import { idempotencyKeyOf, once } from '../../platform/idempotency.ts';
import { likePattern, listRows, type ListSpec } from '../../platform/list.ts';
import { namesFor } from '../../platform/names.ts';
import { activeAccounts } from '../refunds/routes.ts';
import { billType, storeBill, tooLarge, wrongType } from './bills.ts';
import { expenseRow, recordExpense, voidExpense, type ExpenseRow } from './record.ts';

const tags = ['Expenses'];
const access = (action: 'view' | 'add' | 'delete') => ({
  access: { module: 'expenses' as const, action, branch: 'required' as const },
});

function listSpec(ctx: StaffContext, q: ExpenseListQuery): ListSpec {
  return {
    table: expenses,
    where: [
      eq(expenses.clientId, ctx.clientId),
      eq(expenses.branchId, ctx.branchId!),
      q.from ? gte(expenses.paidOn, q.from) : undefined,
      q.to ? lte(expenses.paidOn, q.to) : undefined,
      q.categoryId ? eq(expenses.categoryId, q.categoryId) : undefined,
      q.mode ? eq(expenses.mode, q.mode) : undefined,
      q.bankAccountId ? eq(expenses.bankAccountId, q.bankAccountId) : undefined,
      q.status ? eq(expenses.status, q.status) : undefined,
    ],
    sortColumns: { paidAt: expenses.paidOn, amount: expenses.amount, createdAt: expenses.createdAt },
    defaultSort: '-paidAt',
    tieBreaker: expenses.id,
    searchColumns: [expenses.payee, expenses.reference, expenses.note],
  };
}

async function toExpenses(db: Db | Tx, clientId: number, rows: ExpenseRow[]): Promise<Expense[]> {
  const names = await namesFor(db, clientId, {
    categories: rows.map((r) => r.categoryId),
    accounts: rows.map((r) => r.bankAccountId),
    staff: rows.map((r) => r.createdBy),
  });
  const billIds = rows.map((r) => r.billId).filter((id): id is number => id !== null);
  const bills = new Map(
    billIds.length
      ? (
          await db
            .select({
              id: expenseBills.id,
              fileName: expenseBills.fileName,
              contentType: expenseBills.contentType,
              size: expenseBills.size,
            })
            .from(expenseBills)
            .where(and(eq(expenseBills.clientId, clientId), inArray(expenseBills.id, billIds)))
        ).map(({ id, ...bill }) => [id, bill])
      : [],
  );
  return rows.map((row) => ({
    id: row.id,
    branchId: row.branchId,
    categoryId: row.categoryId,
    categoryName: names.categories.get(row.categoryId) ?? null,
    amount: row.amount,
    paidAt: row.paidOn,
    mode: row.mode,
    bankAccountId: row.bankAccountId,
    bankAccountName: names.accounts.get(row.bankAccountId) ?? null,
    payee: row.payee,
    reference: row.reference,
    note: row.note,
    bill: row.billId === null ? null : (bills.get(row.billId) ?? null),
    createdBy: row.createdBy,
    createdByName: names.staff.get(row.createdBy) ?? null,
    status: row.status,
    voidReason: row.voidReason,
    voidedAt: row.voidedAt === null ? null : new Date(row.voidedAt).toISOString(),
    createdAt: new Date(row.createdAt).toISOString(),
  }));
}

export function expenseRoutes(app: FastifyInstance, db: Db) {
  app.get('/api/expense/getExpenses', {
    config: access('view'),
    schema: {
      tags,
      querystring: expenseListQuerySchema,
      response: { 200: listResponseSchema(expenseSchema) },
    },
    handler: async (request) => {
      const q = request.query as ExpenseListQuery;
      const page = await listRows<ExpenseRow>(db, listSpec(request.ctx, q), q);
      return { ...page, items: await toExpenses(db, request.ctx.clientId, page.items) };
    },
  });

  app.get('/api/expense/getExpenseSummary', {
    config: access('view'),
    schema: { tags, querystring: expenseListQuerySchema, response: { 200: expenseSummarySchema } },
    handler: async (request) => {
      const q = request.query as ExpenseListQuery;
      const spec = listSpec(request.ctx, q);
      const completed = sql`${expenses.status} = 'completed'`;
      const search: SQL | undefined = q.q
        ? sql`(${expenses.payee} ilike ${likePattern(q.q)} or ${expenses.reference} ilike ${likePattern(q.q)} or ${expenses.note} ilike ${likePattern(q.q)})`
        : undefined;
      const [row] = await db
        .select({
          count: sql<number>`count(*) filter (where ${completed})::int`,
          amount: sql<string>`coalesce(sum(${expenses.amount}) filter (where ${completed}), 0)`,
          voidedCount: sql<number>`count(*) filter (where not ${completed})::int`,
        })
        .from(expenses)
        .where(and(...spec.where, search));
      return { count: row!.count, amount: Number(row!.amount), voidedCount: row!.voidedCount };
    },
  });

  app.get('/api/expense/exportExpenses', {
    config: access('view'),
    schema: { tags, querystring: expenseListQuerySchema },
    handler: async (request, reply) => {
      const ctx = request.ctx;
      const q = request.query as ExpenseListQuery;
      return sendCsv(db, request, reply, {
        file: 'expenses',
        table: expenseCsv,
        fetchBatch: async (page) => {
          const batch = await listRows<ExpenseRow>(
            db,
            listSpec(ctx, q),
            { ...q, after: undefined, page, pageSize: exportBatchSize },
            { withTotal: false },
          );
          return toExpenses(db, ctx.clientId, batch.items);
        },
      });
    },
  });

  app.get('/api/expense/getExpense', {
    config: access('view'),
    schema: { tags, querystring: expenseIdQuerySchema, response: { 200: expenseSchema } },
    handler: async (request) => {
      const row = await expenseRow(db, request.ctx, (request.query as { expenseId: number }).expenseId);
      return (await toExpenses(db, request.ctx.clientId, [row]))[0]!;
    },
  });

  app.get('/api/expense/getExpenseOptions', {
    config: access('add'),
    schema: { tags, response: { 200: expenseOptionsSchema } },
    handler: async (request) => {
      const ctx = request.ctx;
      const [list, accounts] = await Promise.all([
        db
          .select({ id: categories.id, name: categories.name })
          .from(categories)
          .where(and(eq(categories.clientId, ctx.clientId), eq(categories.status, true)))
          .orderBy(asc(categories.name)),
        activeAccounts(db, ctx),
      ]);
      return { categories: list, bankAccounts: accounts };
    },
  });

  // The bill's bytes are the body (Content-Type: image/jpeg, image/png or application/pdf): no
  // multipart parsing, and the 3 MB limit is Fastify's body limit for this one route.
  void app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxBillBytes }, (_request, body, done) =>
      done(null, body),
    );
    scope.post('/api/expense/uploadBill', {
      config: access('add'),
      bodyLimit: maxBillBytes,
      schema: { tags, querystring: uploadBillQuerySchema, response: { 201: billUploadedSchema } },
      errorHandler: (err: { code?: string }) => {
        if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw tooLarge();
        if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
          throw wrongType();
        }
        throw err;
      },
      handler: async (request, reply) => {
        const type = billType(request.headers['content-type'], request.body);
        const { fileName } = request.query as z.output<typeof uploadBillQuerySchema>;
        const billId = await storeBill(db, request.ctx, fileName, type, request.body as Buffer);
        return reply.status(201).send({ billId });
      },
    });
  });

  app.post('/api/expense/createExpense', {
    config: access('add'),
    schema: { tags, body: expenseInputSchema, response: { 201: expenseSchema } },
    handler: async (request, reply) => {
      const ctx = request.ctx;
      const answer = await once(
        db,
        {
          clientId: ctx.clientId,
          route: 'createExpense',
          key: idempotencyKeyOf(request),
          body: request.body,
        },
        async (tx) => {
          const row = await recordExpense(tx, ctx, request.body as ParsedExpenseInput);
          return { statusCode: 201, body: (await toExpenses(tx, ctx.clientId, [row]))[0] };
        },
      );
      return reply.status(201).send(answer.body as Expense);
    },
  });

  app.put('/api/expense/voidExpense', {
    config: access('delete'),
    schema: {
      tags,
      querystring: expenseIdQuerySchema,
      body: voidExpenseInputSchema,
      response: { 200: expenseSchema },
    },
    handler: async (request) => {
      const ctx = request.ctx;
      const { expenseId } = request.query as { expenseId: number };
      const { reason } = request.body as { reason: string };
      const row = await db.transaction((tx) => voidExpense(tx, ctx, expenseId, reason));
      return (await toExpenses(db, ctx.clientId, [row]))[0]!;
    },
  });

  app.get('/api/expense/getBill', {
    config: access('view'),
    schema: { tags, querystring: expenseIdQuerySchema },
    handler: async (request, reply) => {
      const ctx = request.ctx;
      const expense = await expenseRow(db, ctx, (request.query as { expenseId: number }).expenseId);
      const [bill] =
        expense.billId === null
          ? []
          : await db
              .select()
              .from(expenseBills)
              .where(and(eq(expenseBills.clientId, ctx.clientId), eq(expenseBills.id, expense.billId)));
      if (!bill) throw notFound('BILL');
      return reply
        .type(bill.contentType)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(bill.fileName)}`)
        .send(bill.data);
    },
  });
}
