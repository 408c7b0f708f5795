import { and, asc, count, desc, ilike, or, type SQL } from 'drizzle-orm';
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
  /** Breaks ties so paging is stable (the primary key). */
  tieBreaker: AnyPgColumn;
  searchColumns: AnyPgColumn[];
};

/** `%` and `_` typed by a person are literal characters, not wildcards. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function searchCondition(q: string | undefined, columns: AnyPgColumn[]): SQL | undefined {
  if (!q || columns.length === 0) return undefined;
  const pattern = likePattern(q);
  return or(...columns.map((c) => ilike(c, pattern)));
}

/** Paging, sorting and search in one SQL statement each for rows and total; never in memory. */
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
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(spec.table)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset(query.page * query.pageSize),
    opts.withTotal === false
      ? Promise.resolve([])
      : db.select({ total: count() }).from(spec.table).where(where),
  ]);
  return {
    items: rows as Row[],
    total: Number(totalRow?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}
