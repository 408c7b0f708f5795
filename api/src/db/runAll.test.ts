import { describe, expect, it } from 'vitest';
import type { Db, Tx } from './client.ts';
import { runAll } from './runAll.ts';

/** Three queries that record how many of them were running at once. */
function trackedQueries() {
  let running = 0;
  let most = 0;
  const query = (value: number) => async () => {
    running += 1;
    most = Math.max(most, running);
    await new Promise((resolve) => setTimeout(resolve, 5));
    running -= 1;
    return value;
  };
  return { queries: [query(1), query(2), query(3)] as const, most: () => most };
}

describe('runAll', () => {
  it('sends a transaction’s queries one after another (one connection), in order', async () => {
    const { queries, most } = trackedQueries();
    const tx = { rollback: () => {} } as unknown as Tx;
    expect(await runAll(tx, queries)).toEqual([1, 2, 3]);
    expect(most()).toBe(1);
  });

  it('sends the pool’s queries together', async () => {
    const { queries, most } = trackedQueries();
    const pool = {} as unknown as Db;
    expect(await runAll(pool, queries)).toEqual([1, 2, 3]);
    expect(most()).toBe(3);
  });
});
