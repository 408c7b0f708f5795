import type { Db, Tx } from './client.ts';

/**
 * Runs queries together on the pool, and one after another inside a transaction: a transaction
 * holds one connection, and pg refuses (from pg@9; today it warns) a query sent on a client that
 * is still answering another.
 */
export async function runAll<T extends readonly unknown[]>(
  db: Db | Tx,
  queries: { [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> {
  if ('rollback' in db) {
    const results: unknown[] = [];
    for (const query of queries) results.push(await query());
    return results as unknown as T;
  }
  return (await Promise.all(queries.map((query) => query()))) as unknown as T;
}
