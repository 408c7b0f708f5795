// The member page's API answers without a sign-in, so its callers get small allowances per minute
// (issue 37). Counted in the process: a guess of a 192-bit token is hopeless anyway, and this only
// keeps one caller from hammering the database; with several processes each keeps its own count.
//
// What is counted (issue 45, point 7): an address's failed look-ups (unknown, revoked or malformed
// tokens), and each member's own reads. Behind a proxy every member may share one address; counting
// their reads by address let 150 wrong tokens from anyone there turn the right ones away (429). The
// address is the client's own only behind a proxy TRUST_PROXY names (config.ts); otherwise it is the
// connection's peer, and a forwarded header the caller wrote is not believed.

export type Allowance = { perMinute: number };

/** Counts per key in a minute's window; `over` asks without counting, `take` counts. */
export function windowCounter({ perMinute }: Allowance) {
  const windows = new Map<string, { start: number; count: number }>();
  const current = (key: string, now: number) => {
    const w = windows.get(key);
    return w && now - w.start < 60_000 ? w : undefined;
  };
  return {
    /** True when the key used up its allowance in this window (nothing is counted). */
    over(key: string, now = Date.now()): boolean {
      return (current(key, now)?.count ?? 0) >= perMinute;
    },
    /** Counts one for the key; true when it was still within its allowance. */
    take(key: string, now = Date.now()): boolean {
      const w = current(key, now);
      if (!w) {
        // Old windows go when the map grows, so it stays bounded without a timer.
        if (windows.size > 10_000) {
          for (const [k, value] of windows) if (now - value.start >= 60_000) windows.delete(k);
        }
        windows.set(key, { start: now, count: 1 });
        return true;
      }
      w.count += 1;
      return w.count <= perMinute;
    },
  };
}
