// An account's statement (DOMAIN.md, Bank and cash accounts): every movement of the account, oldest
// first, with the balance after each. The movements are the money rows themselves (payments received
// into it, refunds and expenses paid from it, transfers, day-close differences), never a copy.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Movement, Statement } from '@app/contract/books';
import { bankAccounts } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';

/** kind, id, day, at (when it was recorded), number, description, amount (+ in, - out). */
export function movementsOf(accountId: number, clientId: number): SQL {
  return sql`
    select 'payment' as kind, p.id, p.paid_on as day, p.created_at as at, p.receipt_number as number,
           u.name as description, p.received as amount
      from payments p join users u on u.id = p.user_id
     where p.client_id = ${clientId} and p.bank_account_id = ${accountId} and p.status = 'completed'
    union all
    select 'refund', r.id, r.refunded_on, r.created_at, r.refund_number, u.name || ' · ' || r.reason, -r.amount
      from refunds r join users u on u.id = r.user_id
     where r.client_id = ${clientId} and r.bank_account_id = ${accountId}
    union all
    select 'expense', e.id, e.paid_on, e.created_at, e.reference,
           c.name || case when e.payee <> '' then ' · ' || e.payee else '' end, -e.amount
      from expenses e join categories c on c.id = e.category_id
     where e.client_id = ${clientId} and e.bank_account_id = ${accountId} and e.status = 'completed'
    union all
    select 'transferOut', t.id, t.transferred_on, t.created_at, t.reference, a.account_name, -t.amount
      from account_transfers t join bank_accounts a on a.id = t.to_account_id
     where t.client_id = ${clientId} and t.from_account_id = ${accountId}
    union all
    select 'transferIn', t.id, t.transferred_on, t.created_at, t.reference, a.account_name, t.amount
      from account_transfers t join bank_accounts a on a.id = t.from_account_id
     where t.client_id = ${clientId} and t.to_account_id = ${accountId}
    union all
    select 'dayClose', d.id, d.day, d.closed_at, '', concat_ws(' · ', nullif(d.note, ''), s.staff_name),
           d.difference
      from day_closes d left join staff s on s.id = d.closed_by
     where d.client_id = ${clientId} and d.cash_account_id = ${accountId} and d.difference <> 0
    union all
    select 'dayReopen', r.id, r.day, r.reopened_at, '', concat_ws(' · ', r.reason, s.staff_name), r.amount
      from day_reopens r left join staff s on s.id = r.reopened_by
     where r.client_id = ${clientId} and r.cash_account_id = ${accountId} and r.amount <> 0`;
}

/**
 * The order of a running balance (issue 6 of issue 34): by day, then the moment each movement was
 * recorded, then its id (the kind last, as ids of different tables may meet), so every balance is
 * the account's balance at a real moment.
 */
export const movementOrder = sql.raw('day, at, id, kind');

type Range = { from?: string; to?: string };

/** The statement of a range; `page` null: every movement of the range (the CSV export). */
export async function statementOf(
  db: Db | Tx,
  clientId: number,
  q: Range & { bankAccountId: number },
  page: { page: number; pageSize: number } | null,
): Promise<Statement> {
  const [account] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.clientId, clientId), eq(bankAccounts.id, q.bankAccountId)));
  if (!account) throw notFound('BANK_ACCOUNT');
  const moves = movementsOf(account.id, clientId);
  const from = q.from ?? '0001-01-01';
  const to = q.to ?? '9999-12-31';
  const [sums] = (
    await db.execute<{ before: string; total_in: string; total_out: string; n: number }>(sql`
      with m as (${moves})
      select coalesce(sum(amount) filter (where day < ${from}), 0) as before,
             coalesce(sum(amount) filter (where day between ${from} and ${to} and amount > 0), 0) as total_in,
             coalesce(-sum(amount) filter (where day between ${from} and ${to} and amount < 0), 0) as total_out,
             (count(*) filter (where day between ${from} and ${to}))::int as n
        from m`)
  ).rows;
  const opening = Number(account.openingBalance) + Number(sums!.before);
  const limit = page ? sql`limit ${page.pageSize} offset ${page.page * page.pageSize}` : sql``;
  const rows = (
    await db.execute<{
      kind: Movement['kind'];
      id: number | null;
      day: string;
      number: string | null;
      description: string | null;
      amount: string;
      run: string;
      reconciled: boolean;
    }>(sql`
      with m as (${moves})
      select kind, id, day::text as day, number, description, amount,
             sum(amount) over (order by ${movementOrder} rows unbounded preceding) as run,
             exists (select 1 from statement_lines l
                      where l.client_id = ${clientId} and l.bank_account_id = ${account.id}
                        and l.matched_kind = m.kind and l.matched_id = m.id) as reconciled
        from m where day between ${from} and ${to}
       order by ${movementOrder} ${limit}`)
  ).rows;
  // The bank's own closing balance (issue 44, point 6): the last uploaded line of the last day up to
  // the range's end, beside the books' balance after that day.
  const [bank] = (
    await db.execute<{ day: string; balance: string; books: string }>(sql`
      with last as (
        select day, balance from statement_lines
         where client_id = ${clientId} and bank_account_id = ${account.id} and balance is not null
           and day <= ${to}
         order by day desc, id desc limit 1)
      select last.day::text as day, last.balance,
             (select coalesce(sum(amount), 0) from (${moves}) m where m.day <= last.day) as books
        from last`)
  ).rows;
  const totalIn = Number(sums!.total_in);
  const totalOut = Number(sums!.total_out);
  return {
    accountId: account.id,
    accountName: account.accountName,
    opening,
    totalIn,
    totalOut,
    closing: opening + totalIn - totalOut,
    items: rows.map((r) => ({
      kind: r.kind,
      id: r.id,
      day: r.day,
      number: r.number ?? '',
      description: r.description ?? '',
      amount: Number(r.amount),
      balance: opening + Number(r.run),
      reconciled: r.reconciled,
    })),
    total: sums!.n,
    page: page?.page ?? 0,
    pageSize: page?.pageSize ?? rows.length,
    bankBalance: bank
      ? {
          day: bank.day,
          bank: Number(bank.balance),
          books: Number(account.openingBalance) + Number(bank.books),
        }
      : null,
  };
}
