import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

const dialect = new PgDialect();

/**
 * Runs a raw statement as a named prepared statement on the pool's connection: PostgreSQL keeps its
 * plan per connection, so a statement read on every request (the dashboard's dozen sub-selects,
 * ~10 ms to plan and ~2 ms to run at 1M members) is planned once per connection, not per request.
 * The statement's text must not vary between calls (values go in as parameters), or the name would
 * stand for another text: PostgreSQL refuses that with an error, it never runs the wrong one.
 */
export async function executePrepared<Row extends Record<string, unknown>>(
  db: Db,
  name: string,
  statement: SQL,
): Promise<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const result = await db.$client.query<Row>({ name, text, values: params });
  return result.rows;
}
