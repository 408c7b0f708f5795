import {
  Column,
  Param,
  SQL,
  StringChunk,
  and,
  count,
  getTableColumns,
  getTableName,
  ilike,
  or,
  sql,
} from 'drizzle-orm';
import { fieldError, validationFailed } from './errors.ts';
import { PgDialect, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
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
  /** The search condition when matching `searchColumns` with ILIKE is not what the resource wants. */
  searchWhere?: (q: string | undefined) => SQL | undefined;
  /**
   * The columns a page's rows are read with (property -> column), when its records need fewer than
   * the whole row; the whole row otherwise. Keep the same object for every call: what is built from
   * it (the select list, the row reader) is kept per object.
   */
  columns?: Record<string, AnyPgColumn>;
  /**
   * Properties of `columns` whose decoded value is turned into the record's form as the row is read
   * (a timestamp into ISO text), so a page's rows are the records themselves, one object per row.
   * Keep the same object for every call, as `columns`. The cursor still takes the decoded value.
   */
  convert?: Record<string, (value: unknown) => unknown>;
};

/**
 * Totals are counted up to this many rows. Counting a million members exactly is a scan of the whole
 * set on every list call (hundreds of milliseconds); counting at most 10,001 stops early, and a
 * pager has no use for more precision than "more than 10,000" (docs/decisions/performance.md, "Lists at scale").
 */
export const totalCap = 10_000;

/**
 * Lists known to match more than totalCap rows, per database: count statement -> when it was counted.
 * Such a count reads 10,001 index entries or more (2 ms on the whole members list, 20 ms for a name
 * fragment), the same answer on every page turn and every caller; it is taken again after
 * `overCapTtlMs`. A list that shrinks below the cap meanwhile still reads "more than 10,000" for up to
 * that long (its last page, not full, still knows the exact total). Smaller totals are always counted.
 */
const overCap = new WeakMap<object, Map<string, number>>();
export const overCapTtlMs = 60_000;
const overCapEntries = 1_000;

export function knownOverCap(db: object, key: string): boolean {
  const at = overCap.get(db)?.get(key);
  return at !== undefined && Date.now() - at < overCapTtlMs;
}

export function rememberOverCap(db: object, key: string) {
  let seen = overCap.get(db);
  if (!seen) overCap.set(db, (seen = new Map()));
  seen.delete(key);
  seen.set(key, Date.now());
  // Oldest first (insertion order): a bounded memory whatever the number of distinct searches.
  if (seen.size > overCapEntries) seen.delete(seen.keys().next().value!);
}

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
/** A cursor names the sort it belongs to, the last row's sort value and its id. */
export type Cursor = [sort: string, value: string | number, id: number];

export const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

export function decodeCursor(after: string, sort: string): Cursor {
  let c: unknown;
  try {
    c = JSON.parse(Buffer.from(after, 'base64url').toString());
  } catch {
    c = undefined;
  }
  if (
    !Array.isArray(c) ||
    c.length !== 3 ||
    c[0] !== sort ||
    !['string', 'number'].includes(typeof c[1]) ||
    !Number.isSafeInteger(c[2])
  ) {
    throw validationFailed([fieldError('query.after', 'CURSOR_FOREIGN')]);
  }
  return c as Cursor;
}

/**
 * Paging, sorting and search in one SQL statement each for rows and total; never in memory.
 *
 * Rows come from a deferred join: the page's ids are picked first (ORDER BY ... OFFSET ... LIMIT over
 * the sort index, an index-only scan when the conditions are index columns) and only those rows are
 * read whole. A plain OFFSET would read every skipped row from the table. With a keyset cursor
 * (`after`) the ids start right after the previous page's last row instead, `(sort, id) > (v, id)`,
 * so Next reads 25 index entries at any depth; sorts by a column that may be null have no cursor.
 */
export async function listRows<Row>(
  db: Db | Tx,
  spec: ListSpec,
  query: ListQuery,
  /** Exports read page after page and need no total; counting each batch would scan the set again. */
  opts: { withTotal?: boolean } = {},
): Promise<ListResponse<Row>> {
  // The tenant scope is always among the conditions, so there always is a WHERE.
  const where = and(
    ...spec.where,
    spec.searchWhere ? spec.searchWhere(query.q) : searchCondition(query.q, spec.searchColumns),
  )!;
  const sort = query.sort ?? spec.defaultSort;
  const descending = sort.startsWith('-');
  const column = spec.sortColumns[descending ? sort.slice(1) : sort];
  if (!column) throw new Error(`Unknown sort field ${sort}`);
  const reader = readerOf(spec.columns ?? getTableColumns(spec.table), spec.convert);
  const sortAt = column.notNull ? reader.indexOf.get(column) : undefined;
  const cursor =
    query.after !== undefined && sortAt !== undefined ? decodeCursor(query.after, sort) : undefined;
  const offset = cursor ? 0 : query.page * query.pageSize;
  // The statement is written as text around the conditions, rendered once (their text also keys the
  // over-cap memory), and sent by the pool itself with rows as arrays: drizzle's rendering walked
  // every chunk of the whole statement with its entity checks, and the driver built a keyed object
  // per row that the reader then copied (issue 36, point 4). The text is the one the query builder
  // wrote (docs/decisions/performance.md, "A page's rows are one statement that listRows writes itself").
  const condition = renderCondition(where);
  const values: unknown[] = [...condition.params];
  const param = (value: unknown) => `$${values.push(value)}`;
  const table = quotedTable(spec.table);
  const tie = quotedColumn(spec.tieBreaker);
  const orderBy = `${quotedColumn(column)} ${descending ? 'desc' : 'asc'}, ${tie} ${descending ? 'desc' : 'asc'}`;
  const pageWhere = cursor
    ? `(${condition.sql} and (${quotedColumn(column)}, ${tie}) ${descending ? '<' : '>'} (${param(cursor[1])}, ${param(cursor[2])}))`
    : condition.sql;
  const limit = `limit ${param(query.pageSize)}${offset > 0 ? ` offset ${param(offset)}` : ''}`;
  const raw = await arrayRows(
    db,
    `
    select ${reader.selectList} from ${table}
    inner join (
      select ${tie} as page_id from ${table}
       where ${pageWhere}
       order by ${orderBy} ${limit}
    ) page_ids on ${tie} = page_ids.page_id
    order by ${orderBy}`,
    values,
  );
  const rows = raw.map(reader.read);
  // The last page knows where the list ends (see pageOf), and a list known to be large is not
  // recounted: neither needs the count statement.
  let counted = totalCap + 1;
  if (opts.withTotal !== false && !endsHere(rows.length, query)) {
    const countKey = `${getTableName(spec.table)}\u0000${condition.sql}\u0000${JSON.stringify(condition.params)}`;
    if (!knownOverCap(db, countKey)) {
      // At most totalCap + 1 matching rows, so the count stops early on large sets.
      const capped = db
        .select({ one: sql`1`.as('one') })
        .from(spec.table)
        .where(where)
        .limit(totalCap + 1)
        .as('capped');
      counted = Number((await db.select({ total: count() }).from(capped))[0]?.total ?? 0);
      if (counted > totalCap) rememberOverCap(db, countKey);
    }
  }
  // The cursor takes the last row's decoded values, before any conversion of the record.
  const last = raw.at(-1);
  const tieAt = reader.indexOf.get(spec.tieBreaker);
  const next: Cursor | undefined =
    last && sortAt !== undefined && tieAt !== undefined
      ? [
          sort,
          column.mapFromDriverValue(last[sortAt]) as string | number,
          Number(spec.tieBreaker.mapFromDriverValue(last[tieAt])),
        ]
      : undefined;
  return pageOf(rows as Row[], query, counted, next);
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quotedTable = (table: PgTable) => quote(getTableName(table));
const quotedColumn = (column: AnyPgColumn) => `${quotedTable(column.table)}.${quote(column.name)}`;

/**
 * The values drizzle's node-postgres driver leaves as PostgreSQL's text (dates, times, intervals and
 * their arrays), so the columns' own decoders see what they see through drizzle.
 */
const asText = (value: string) => value;
const textTypes = new Set([1082, 1083, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231]);
const driverTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    textTypes.has(oid) ? asText : pg.types.getTypeParser(oid, format),
};

/** A statement's rows as arrays (the select list's order), on the pool drizzle runs on. */
async function arrayRows(db: Db | Tx, text: string, values: unknown[]): Promise<unknown[][]> {
  const client = (db as { $client?: pg.Pool }).$client;
  if (client) {
    const result = await client.query({ text, values, rowMode: 'array', types: driverTypes });
    return result.rows as unknown[][];
  }
  // A transaction has no pool of its own: the same text through drizzle, its rows back into arrays.
  const chunks = text
    .split(/\$(\d+)/)
    .map((part, i) => (i % 2 ? sql`${values[Number(part) - 1]}` : sql.raw(part)));
  const { rows } = await db.execute(sql.join(chunks));
  return rows.map((row) => Object.values(row));
}

/** Renders what renderCondition does not, as drizzle's query builder would. */
const dialect = new PgDialect();

/**
 * A condition's text and values exactly as drizzle's dialect writes them (sqlToQuery), for what list
 * conditions are made of: text, nested SQL, columns of plain tables (no alias, no schema, no
 * casing), parameters and plain values; anything else (a placeholder, an array, a subquery, inlined
 * values…) is left to drizzle's own, whole. drizzle asks every chunk for each kind it may be through
 * its prototype chain (`is`) before it finds the one it is: ~4 % of the members list's CPU for two
 * conditions (issue 36, point 4). list.test.ts compares the two on every kind of condition lists use.
 */
export function renderCondition(condition: SQL): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const text = renderChunks(condition, params);
  return text === undefined ? dialect.sqlToQuery(condition) : { sql: text, params };
}

/** drizzle's own keys (table.js) for a table's alias flag and schema. */
const isAlias = Symbol.for('drizzle:IsAlias');
const schemaOf = Symbol.for('drizzle:Schema');

const plainValue = (v: unknown) =>
  v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

function renderChunks(query: SQL, params: unknown[]): string | undefined {
  if ((query as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return undefined;
  let text = '';
  for (const chunk of query.queryChunks as unknown[]) {
    if (chunk instanceof StringChunk) {
      text += chunk.value.join('');
    } else if (chunk instanceof SQL) {
      const inner = renderChunks(chunk, params);
      if (inner === undefined) return undefined;
      text += inner;
    } else if (chunk instanceof Param) {
      const value = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      if (!plainValue(value)) return undefined;
      text += `$${params.push(value)}`;
    } else if (chunk instanceof Column) {
      const table = chunk.table as PgTable & Record<symbol, unknown>;
      if (chunk.keyAsName || table[isAlias] || table[schemaOf] !== undefined) {
        return undefined;
      }
      text += quotedColumn(chunk as AnyPgColumn);
    } else if (chunk === undefined) {
      continue;
    } else if (plainValue(chunk)) {
      text += `$${params.push(chunk)}`;
    } else {
      return undefined;
    }
  }
  return text;
}

type RowReader = {
  /** `"table"."column", …` in the order of the columns. */
  selectList: string;
  /** A result row (the select list's values in order) -> the record, each value decoded by its column. */
  read: (row: unknown[]) => Record<string, unknown>;
  /** Where a column's value is in a row. */
  indexOf: Map<AnyPgColumn, number>;
};
const readers = new WeakMap<object, WeakMap<object, RowReader>>();
const noConversions = {};

/**
 * A row reader as one function returning an object literal of the columns' properties, the way
 * fast-json-stringify compiles a serializer: each record has its final shape at once, where filling
 * it property by property in a loop cost ~4 % of the members list's CPU (issue 21, point 5). As
 * drizzle's own mapping, null stays null and anything else goes through the column's decoder;
 * decoders that return their input (text, boolean) are not called; a conversion (ListSpec.convert)
 * follows the decoder. The names are the schema's own, never input, and JSON-quoted.
 */
function compileRead(
  fields: { property: string; column: AnyPgColumn }[],
  convert: Record<string, (value: unknown) => unknown>,
): RowReader['read'] {
  const identity = Column.prototype.mapFromDriverValue;
  const decoders = fields.map((f) => (value: unknown) => f.column.mapFromDriverValue(value));
  const converters = fields.map((f) => convert[f.property]);
  const properties = fields.map((f, i) => {
    const value = `row[${i}]`;
    const decoded = f.column.mapFromDriverValue === identity ? value : `decode[${i}](${value})`;
    const converted = converters[i] ? `convert[${i}](${decoded})` : decoded;
    return `${JSON.stringify(f.property)}: ${value} == null ? null : ${converted}`;
  });
  return new Function('decode', 'convert', `return (row) => ({ ${properties.join(', ')} });`)(
    decoders,
    converters,
  ) as RowReader['read'];
}

/** Built once per columns object (ListSpec.columns, or getTableColumns' of a table) and conversions. */
function readerOf(
  columns: Record<string, AnyPgColumn>,
  convert: Record<string, (value: unknown) => unknown> = noConversions,
): RowReader {
  let byConversions = readers.get(columns);
  if (!byConversions) readers.set(columns, (byConversions = new WeakMap()));
  const known = byConversions.get(convert);
  if (known) return known;
  const fields = Object.entries(columns).map(([property, column]) => ({ property, column }));
  const indexOf = new Map<AnyPgColumn, number>();
  fields.forEach((f, i) => {
    if (!indexOf.has(f.column)) indexOf.set(f.column, i);
  });
  const reader: RowReader = {
    selectList: fields.map((f) => quotedColumn(f.column)).join(', '),
    read: compileRead(fields, convert),
    indexOf,
  };
  byConversions.set(convert, reader);
  return reader;
}

/** A page that is not full is the last one: where it ends is the exact total, however large. */
export const endsHere = (rows: number, query: ListQuery) =>
  rows < query.pageSize && (rows > 0 || query.page === 0);

/**
 * The answer for one page of rows: `counted` is the capped count (totalCap + 1 for "more"), `next`
 * the cursor of the page's last row when the sort has cursors.
 */
export function pageOf<Row>(
  rows: Row[],
  query: ListQuery,
  counted: number,
  next?: Cursor,
): ListResponse<Row> {
  const offset = query.page * query.pageSize;
  const lastPage = endsHere(rows.length, query);
  return {
    items: rows,
    total: lastPage ? offset + rows.length : Math.min(counted, totalCap),
    totalCapped: !lastPage && counted > totalCap,
    page: query.page,
    pageSize: query.pageSize,
    ...(next && rows.length === query.pageSize ? { nextAfter: encodeCursor(next) } : {}),
  };
}
