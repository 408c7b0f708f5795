// What the demo seed (seed.ts) and its parts (seedPayments.ts, seedBooks.ts) share, below all of
// them so the parts never import seed.ts back (issue 35).

/** A deterministic mulberry32 stream: the same options always give the same data. */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A seeded row's creation instant on `day` at `time` (UTC), never later than now: rows dated today
 * (in the organisation's zone, which may already be tomorrow in UTC) must not look created in the
 * future, or a real entry made now would sort before them in statements and lists.
 */
export function seededAt(day: string, time: string): string {
  const stamp = `${day}T${time}Z`;
  const now = new Date().toISOString();
  return stamp < now ? stamp : now;
}
