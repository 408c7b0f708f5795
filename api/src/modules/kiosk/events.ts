// Each entrance screen's stream of check-in results (server-sent events, issue 47): a result is
// written to the screen's open streams as it is decided, so the screen shows it within a second.
//
// Several servers on one database (issue 43, point 3): a screen's stream may be open on server B
// while its scans (the scanner, a member's phone) reach server A. Every result is therefore written
// to `kiosk_events`, and each process with open streams reads the rows it has not seen yet every
// `pollMs`. The process that decided a result writes it to its own streams at once, as before.
// A table, not LISTEN/NOTIFY: a LISTEN needs a session of its own, which a transaction-pooling
// PgBouncer (DATABASE_POOLING=transaction) cannot give, and polling costs one indexed query per
// process and interval, only while a stream is open there. Revoking a screen writes a row without
// event, which ends its streams on every server. Rows are deleted once a minute old.
import type { ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import type { KioskEvent } from '@app/contract/kiosk';
import type { Db } from '../../db/client.ts';

/** How often a process with open streams asks for new rows. */
const pollMs = 300;
/** Rows written this long before the last read are read again (a write committed late is not missed). */
const overlapSeconds = 5;

type Row = { id: string; kiosk_id: number; event: KioskEvent | null };

export function kioskEvents(db: Db, onError: (err: unknown) => void = () => {}) {
  const streams = new Map<number, Set<ServerResponse>>();
  /** Rows already written to this process's streams: id -> when first seen (ms). */
  const seen = new Map<string, number>();
  /** The database's clock at the last read; null before the first (nothing before it is sent). */
  let readUpTo: string | null = null;
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;

  const send = (kioskId: number, event: KioskEvent | null) => {
    const set = streams.get(kioskId);
    if (!set) return;
    if (event === null) {
      for (const res of set) res.end();
      return;
    }
    const data = `event: checkIn\ndata: ${JSON.stringify(event)}\n\n`;
    for (const res of set) res.write(data);
  };

  async function poll() {
    const ids = [...streams.keys()];
    if (ids.length === 0) return;
    const { rows } = await db.execute<{ now: string; rows: Row[] | null }>(sql`
      select now()::text as now,
             (select json_agg(json_build_object('id', id::text, 'kiosk_id', kiosk_id, 'event', event) order by id)
                from kiosk_events
               where at > coalesce(${readUpTo}::timestamptz, now()) - make_interval(secs => ${overlapSeconds})
                 and kiosk_id = any(${`{${ids.join(',')}}`}::int[])) as rows`);
    const first = readUpTo === null;
    readUpTo = rows[0]!.now;
    const now = Date.now();
    for (const row of rows[0]!.rows ?? []) {
      if (seen.has(row.id)) continue;
      seen.set(row.id, now);
      // The first read only marks what was there before: a stream hears what happens after it opened.
      if (!first) send(row.kiosk_id, row.event);
    }
    for (const [id, at] of seen) if (now - at > (overlapSeconds + 60) * 1000) seen.delete(id);
  }

  const tick = () => {
    polling ??= poll()
      .catch(onError)
      .finally(() => (polling = undefined));
  };

  /** Writes the row every server reads; the id is returned so this process sends it only once. */
  async function write(kioskId: number, event: KioskEvent | null): Promise<string> {
    const { rows } = await db.execute<{ id: string }>(sql`
      insert into kiosk_events (kiosk_id, event) values (${kioskId}, ${event === null ? null : JSON.stringify(event)}::jsonb)
      returning id::text`);
    // Rows a minute old go now and then, so the table stays small without a timer.
    if (Math.random() < 0.02) {
      await db.execute(sql`delete from kiosk_events where at < now() - interval '1 minute'`);
    }
    return rows[0]!.id;
  }

  return {
    /**
     * Adds a stream; resolves once it hears every result decided from now on, on any server (the
     * first stream of the process waits for the read that marks what came before).
     */
    async open(kioskId: number, res: ServerResponse) {
      let set = streams.get(kioskId);
      if (!set) streams.set(kioskId, (set = new Set()));
      set.add(res);
      if (!timer) {
        readUpTo = null;
        seen.clear();
        timer = setInterval(tick, pollMs);
        timer.unref();
        await polling;
        tick();
        await polling;
      }
      // A comment line now and then keeps proxies from closing a quiet stream.
      const beat = setInterval(() => res.write(': beat\n\n'), 20_000);
      beat.unref();
      res.on('close', () => {
        clearInterval(beat);
        set.delete(res);
        if (set.size === 0) streams.delete(kioskId);
        if (streams.size === 0 && timer) {
          clearInterval(timer);
          timer = undefined;
        }
      });
    },
    /** A result for the screen's streams on every server; this process's own hear it at once. */
    async publish(kioskId: number, event: KioskEvent) {
      const id = await write(kioskId, event);
      if (streams.has(kioskId)) {
        seen.set(id, Date.now());
        send(kioskId, event);
      }
    },
    /** Ends a screen's streams on every server (revoked). */
    async revoke(kioskId: number) {
      const id = await write(kioskId, null);
      seen.set(id, Date.now());
      send(kioskId, null);
    },
    /** Ends every stream of this process (the server stops). */
    close() {
      if (timer) clearInterval(timer);
      timer = undefined;
      for (const set of streams.values()) for (const res of set) res.end();
    },
  };
}
export type KioskEvents = ReturnType<typeof kioskEvents>;
