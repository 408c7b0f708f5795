// Each entrance screen's stream of check-in results (server-sent events, issue 47): a result is
// written to the screen's open streams as it is decided, so the screen shows it within a second.
// Kept in the process: one server serves a branch's screens and its members' phones.
import type { ServerResponse } from 'node:http';
import type { KioskEvent } from '@app/contract/kiosk';

export function kioskEvents() {
  const streams = new Map<number, Set<ServerResponse>>();
  return {
    open(kioskId: number, res: ServerResponse) {
      let set = streams.get(kioskId);
      if (!set) streams.set(kioskId, (set = new Set()));
      set.add(res);
      // A comment line now and then keeps proxies from closing a quiet stream.
      const beat = setInterval(() => res.write(': beat\n\n'), 20_000);
      beat.unref();
      res.on('close', () => {
        clearInterval(beat);
        set.delete(res);
        if (set.size === 0) streams.delete(kioskId);
      });
    },
    publish(kioskId: number, event: KioskEvent) {
      const data = `event: checkIn\ndata: ${JSON.stringify(event)}\n\n`;
      for (const res of streams.get(kioskId) ?? []) res.write(data);
    },
    /** Ends a screen's streams (revoked), or every stream (the server stops). */
    close(kioskId?: number) {
      for (const [id, set] of streams) {
        if (kioskId !== undefined && id !== kioskId) continue;
        for (const res of set) res.end();
      }
    },
  };
}
export type KioskEvents = ReturnType<typeof kioskEvents>;
