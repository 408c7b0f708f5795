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
import { categories, expenseBills, expenses } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { registerMoneyDocument } from '../../platform/moneyDocument.ts';
import { expenseCsv } from './exportColumns.ts';
import { notFound } from '../../platform/errors.ts';
import { likePattern, type ListSpec } from '../../platform/list.ts';
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

/** The view's completed expenses and how many were voided (the search as the list's). */
async function summary(db: Db, _ctx: StaffContext, spec: ListSpec, q: ExpenseListQuery) {
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
}

export function expenseRoutes(app: FastifyInstance, db: Db) {
  // List, summary, export, one expense, record and void (platform/moneyDocument.ts); the bill is the
  // expense's own upload, not a printed document.
  registerMoneyDocument<ExpenseRow, Expense, ExpenseListQuery>(app, db, {
    name: 'expense',
    module: 'expenses',
    tags,
    record: expenseSchema,
    listQuery: expenseListQuerySchema,
    idQuery: expenseIdQuerySchema,
    listSpec,
    toRecords: (tx, ctx, rows) => toExpenses(tx, ctx.clientId, rows),
    rowById: (tx, ctx, id) => expenseRow(tx, ctx, id),
    csv: expenseCsv,
    summary: { schema: expenseSummarySchema, compute: summary },
    create: {
      input: expenseInputSchema,
      record: (tx, ctx, input) => recordExpense(tx, ctx, input as ParsedExpenseInput),
    },
    void: { input: voidExpenseInputSchema, void: voidExpense },
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
