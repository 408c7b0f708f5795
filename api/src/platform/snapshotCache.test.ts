import { describe, expect, it } from 'vitest';
import { SnapshotCache } from './snapshotCache.ts';

/** A cache on a hand-moved clock, and a computation that counts its runs (its answer: the count). */
function setup() {
  let clock = 0;
  const cache = new SnapshotCache<number>(2000, 2, () => clock);
  let runs = 0;
  const compute = async () => ++runs;
  return { cache, compute, runs: () => runs, tick: (ms: number) => (clock += ms) };
}

describe('the snapshot cache', () => {
  it('answers from the entry while the snapshot is the one it was read at', async () => {
    const s = setup();
    expect(await s.cache.read('1:1:2026-11-27:true', '10:12:', s.compute)).toBe(1);
    s.tick(1999);
    expect(await s.cache.read('1:1:2026-11-27:true', '10:12:', s.compute)).toBe(1);
    expect(s.runs()).toBe(1);
  });

  it('computes again when a transaction wrote since (the caller sees another snapshot)', async () => {
    const s = setup();
    await s.cache.read('k', '10:12:', s.compute);
    expect(await s.cache.read('k', '10:13:', s.compute)).toBe(2);
    // The new entry is kept under the new snapshot, and reused at it.
    expect(await s.cache.read('k', '10:13:', s.compute)).toBe(2);
    expect(s.runs()).toBe(2);
  });

  it('computes again once the entry is older than its age limit (the clock moves "inside now")', async () => {
    const s = setup();
    await s.cache.read('k', '10:12:', s.compute);
    s.tick(2000);
    await s.cache.read('k', '10:12:', s.compute);
    expect(s.runs()).toBe(2);
  });

  it('reuses nothing without a snapshot, and keeps keys apart', async () => {
    const s = setup();
    await s.cache.read('k', undefined, s.compute);
    await s.cache.read('k', undefined, s.compute);
    expect(s.runs()).toBe(2);
    await s.cache.read('other', '10:12:', s.compute);
    expect(await s.cache.read('other', '10:12:', s.compute)).toBe(3);
    expect(await s.cache.read('k:false', '10:12:', s.compute)).toBe(4);
  });

  it('starts over when full instead of growing without end', async () => {
    const s = setup();
    await s.cache.read('a', '10:12:', s.compute);
    await s.cache.read('b', '10:12:', s.compute);
    await s.cache.read('c', '10:12:', s.compute); // full at 2 entries: cleared, c kept
    await s.cache.read('a', '10:12:', s.compute); // a was cleared: computed again
    expect(s.runs()).toBe(4);
    await s.cache.read('c', '10:12:', s.compute); // c survived the clearing that made room for it
    expect(s.runs()).toBe(4);
  });
});
