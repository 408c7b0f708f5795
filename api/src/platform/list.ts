import { and, asc, count, desc, eq, getTableColumns, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ListQuery, ListResponse } from '@app/contract/list';
import type { Db, Tx } from '../db/client.ts';

export type ListSpec = {
  table: PgTable;
  /** Tenant scope plus resource filters; always at least the client_id condition. */
  where: (SQL | undefined)[];
  sortColumns: Record<string, AnyPgColumn>;
  /** Applied when the query names none; `-field` for descending. */
  defaultSort: string;
  /** Breaks ties so paging is stable; the deferred join joins on it, so it must be unique (the primary key). */
  tieBreaker: AnyPgColumn;
  searchColumns: AnyPgColumn[];
};

/**
 * Totals are counted up to this many rows. Counting a million members exactly is a scan of the whole
 * set on every list call (hundreds of milliseconds); counting at most 10,001 stops early, and a
 * pager has no use for more precision than "more than 10,000" (docs/decisions.md, "Lists at scale").
 */
export const totalCap = 10_000;

/** `%` and `_` typed by a person are literal characters, not wildcards. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function searchCondition(q: string | undefined, columns: AnyPgColumn[]): SQL | undefined {
  if (!q || columns.length === 0) return undefined;
  const pattern = likePattern(q);
  return or(...columns.map((c) => ilike(c, pattern)));
}

/**
 * Paging, sorting and search in one SQL statement each for rows and total; never in memory.
 *
 * Rows come from a deferred join: the page's ids are picked first (ORDER BY ... OFFSET ... LIMIT over
 * the sort index, an index-only scan when the conditions are index columns) and only those rows are
 * read whole. A plain OFFSET would read every skipped row from the table.
 */
export async function listRows<Row>(
  db: Db | Tx,
  spec: ListSpec,
  query: ListQuery,
  /** Exports read page after page and need no total; counting each batch would scan the set again. */
  opts: { withTotal?: boolean } = {},
): Promise<ListResponse<Row>> {
  const where = and(...spec.where, searchCondition(query.q, spec.searchColumns));
  const sort = query.sort ?? spec.defaultSort;
  const descending = sort.startsWith('-');
  const column = spec.sortColumns[descending ? sort.slice(1) : sort];
  if (!column) throw new Error(`Unknown sort field ${sort}`);
  const order = descending ? [desc(column), desc(spec.tieBreaker)] : [asc(column), asc(spec.tieBreaker)];
  const pageIds = db
    .select({ pageId: sql<number>`${spec.tieBreaker}`.as('page_id') })
    .from(spec.table)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset(query.page * query.pageSize)
    .as('page_ids');
  // At most totalCap + 1 matching rows, so the count stops early on large sets.
  const capped = db
    .select({ one: sql`1`.as('one') })
    .from(spec.table)
    .where(where)
    .limit(totalCap + 1)
    .as('capped');
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(getTableColumns(spec.table))
      .from(spec.table)
      .innerJoin(pageIds, eq(spec.tieBreaker, pageIds.pageId))
      .orderBy(...order),
    opts.withTotal === false ? Promise.resolve([]) : db.select({ total: count() }).from(capped),
  ]);
  const offset = query.page * query.pageSize;
  // A page that is not full is the last one: where it ends is the exact total, however large.
  const lastPage = rows.length < query.pageSize && (rows.length > 0 || offset === 0);
  const counted = Number(totalRow?.total ?? 0);
  return {
    items: rows as Row[],
    total: lastPage ? offset + rows.length : Math.min(counted, totalCap),
    totalCapped: !lastPage && counted > totalCap,
    page: query.page,
    pageSize: query.pageSize,
  };
}
