// Branch payments (DOMAIN.md): per branch the staff member may use, for a period: collections
// (payments received - refunds), expenses and what is left, with the rows behind each figure.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BranchFigures, BranchPayments, BranchRow } from '@app/contract/books';
import type { ListResponse } from '@app/contract/list';
import { branches } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { AppError, notFound, said } from '../../platform/errors.ts';

const visibleBranches = (ctx: StaffContext) =>
  and(
    eq(branches.clientId, ctx.clientId),
    ctx.allowedBranchIds
      ? inArray(branches.id, ctx.allowedBranchIds.length ? ctx.allowedBranchIds : [0])
      : undefined,
  );

export async function branchPayments(
  db: Db,
  ctx: StaffContext,
  from: string,
  to: string,
): Promise<BranchPayments> {
  const list = await db
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(visibleBranches(ctx))
    .orderBy(branches.name);
  const ids = list.map((b) => b.id);
  const sums = ids.length
    ? (
        await db.execute<{
          branch_id: number;
          collections: string;
          payment_count: number;
          refunds: string;
          refund_count: number;
          expenses: string;
          expense_count: number;
        }>(sql`
          select b.id as branch_id, p.sum as collections, p.n as payment_count, r.sum as refunds,
                 r.n as refund_count, e.sum as expenses, e.n as expense_count
            from unnest(${`{${ids.join(',')}}`}::int[]) as b(id)
            cross join lateral (select coalesce(sum(received), 0) as sum, count(*)::int as n from payments
              where client_id = ${ctx.clientId} and branch_id = b.id and status = 'completed'
                and paid_on between ${from} and ${to}) p
            cross join lateral (select coalesce(sum(amount), 0) as sum, count(*)::int as n from refunds
              where client_id = ${ctx.clientId} and branch_id = b.id and refunded_on between ${from} and ${to}) r
            cross join lateral (select coalesce(sum(amount), 0) as sum, count(*)::int as n from expenses
              where client_id = ${ctx.clientId} and branch_id = b.id and status = 'completed'
                and paid_on between ${from} and ${to}) e`)
      ).rows
    : [];
  const figures: BranchFigures[] = list.map((b) => {
    const s = sums.find((row) => row.branch_id === b.id)!;
    const collections = Number(s.collections);
    const refunds = Number(s.refunds);
    const expenses = Number(s.expenses);
    return {
      branchId: b.id,
      branchName: b.name,
      collections,
      refunds,
      net: collections - refunds,
      expenses,
      netAfterExpenses: collections - refunds - expenses,
      paymentCount: s.payment_count,
      refundCount: s.refund_count,
      expenseCount: s.expense_count,
    };
  });
  const total = (key: keyof Omit<BranchFigures, 'branchId' | 'branchName'>) =>
    figures.reduce((sum, f) => sum + f[key], 0);
  return {
    from,
    to,
    branches: figures,
    totals: {
      collections: total('collections'),
      refunds: total('refunds'),
      net: total('net'),
      expenses: total('expenses'),
      netAfterExpenses: total('netAfterExpenses'),
      paymentCount: total('paymentCount'),
      refundCount: total('refundCount'),
      expenseCount: total('expenseCount'),
    },
  };
}

const rowQueries = {
  payments: (clientId: number, branchId: number, from: string, to: string) => sql`
    select p.id, p.paid_on::text as day, p.receipt_number as number, u.name as description, p.mode,
           p.received as amount
      from payments p join users u on u.id = p.user_id
     where p.client_id = ${clientId} and p.branch_id = ${branchId} and p.status = 'completed'
       and p.paid_on between ${from} and ${to}`,
  refunds: (clientId: number, branchId: number, from: string, to: string) => sql`
    select r.id, r.refunded_on::text as day, r.refund_number as number, u.name || ' · ' || r.reason as description,
           r.mode, r.amount
      from refunds r join users u on u.id = r.user_id
     where r.client_id = ${clientId} and r.branch_id = ${branchId} and r.refunded_on between ${from} and ${to}`,
  expenses: (clientId: number, branchId: number, from: string, to: string) => sql`
    select e.id, e.paid_on::text as day, e.reference as number,
           c.name || case when e.payee <> '' then ' · ' || e.payee else '' end as description, e.mode, e.amount
      from expenses e join categories c on c.id = e.category_id
     where e.client_id = ${clientId} and e.branch_id = ${branchId} and e.status = 'completed'
       and e.paid_on between ${from} and ${to}`,
};

export async function branchRows(
  db: Db,
  ctx: StaffContext,
  q: {
    branchId: number;
    kind: keyof typeof rowQueries;
    from: string;
    to: string;
    page: number;
    pageSize: number;
    sort?: string;
  },
): Promise<ListResponse<BranchRow>> {
  const [branch] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(visibleBranches(ctx), eq(branches.id, q.branchId)));
  if (!branch) {
    const [exists] = await db
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.clientId, ctx.clientId), eq(branches.id, q.branchId)));
    if (exists) throw new AppError(403, 'BRANCH_NOT_ALLOWED', said('BRANCH_NOT_YOURS'));
    throw notFound('BRANCH');
  }
  const rows = rowQueries[q.kind](ctx.clientId, branch.id, q.from, q.to);
  const order = q.sort === 'day' ? sql`day, id` : sql`day desc, id desc`;
  const [count] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from (${rows}) x`)).rows;
  const items = (
    await db.execute<{
      id: number;
      day: string;
      number: string;
      description: string;
      mode: BranchRow['mode'];
      amount: string;
    }>(sql`select * from (${rows}) x order by ${order} limit ${q.pageSize} offset ${q.page * q.pageSize}`)
  ).rows;
  return {
    items: items.map((r) => ({ ...r, amount: Number(r.amount) })),
    total: count!.n,
    page: q.page,
    pageSize: q.pageSize,
  };
}
