// The member page's API answers without a sign-in, so each address gets a small allowance per minute
// (issue 37). Counted in the process: a guess of a 192-bit token is hopeless anyway, and this only
// keeps one address from hammering the database; with several processes each keeps its own count.

export type Allowance = { perMinute: number };

export function addressLimiter({ perMinute }: Allowance) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    /** True when the address may go on; counts the request. */
    take(address: string, now = Date.now()): boolean {
      const w = windows.get(address);
      if (!w || now - w.start >= 60_000) {
        // Old windows go when the map grows, so it stays bounded without a timer.
        if (windows.size > 10_000) {
          for (const [key, value] of windows) if (now - value.start >= 60_000) windows.delete(key);
        }
        windows.set(address, { start: now, count: 1 });
        return true;
      }
      w.count += 1;
      return w.count <= perMinute;
    },
  };
}
