import { describe, expect, it } from 'vitest';
import type { Dashboard } from '@app/contract/dashboard';
import { DashboardCache } from './dashboardCache.ts';

const figures = (active: number) => ({ members: { active } }) as Dashboard;

/** A cache on a hand-moved clock, and a computation that counts its runs and reads at `snapshot`. */
function setup() {
  let clock = 0;
  const cache = new DashboardCache(2000, 2, () => clock);
  let runs = 0;
  let snapshot = '10:12:';
  const compute = async () => ({ figures: figures(++runs), snapshot });
  return {
    cache,
    compute,
    runs: () => runs,
    tick: (ms: number) => (clock += ms),
    write: (next: string) => (snapshot = next),
  };
}

describe('the dashboard cache', () => {
  it('answers from the entry while the snapshot is the one it was read at', async () => {
    const s = setup();
    expect((await s.cache.read('1:1:2026-11-27:true', '10:12:', s.compute)).members.active).toBe(1);
    s.tick(1999);
    expect((await s.cache.read('1:1:2026-11-27:true', '10:12:', s.compute)).members.active).toBe(1);
    expect(s.runs()).toBe(1);
  });

  it('computes again when a transaction wrote since (another snapshot)', async () => {
    const s = setup();
    await s.cache.read('k', '10:12:', s.compute);
    s.write('10:13:');
    expect((await s.cache.read('k', '10:13:', s.compute)).members.active).toBe(2);
    // The new entry carries the snapshot it was read at, and is reused at that snapshot.
    expect((await s.cache.read('k', '10:13:', s.compute)).members.active).toBe(2);
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
    expect((await s.cache.read('other', '10:12:', s.compute)).members.active).toBe(3);
    expect((await s.cache.read('k:false', '10:12:', s.compute)).members.active).toBe(4);
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
