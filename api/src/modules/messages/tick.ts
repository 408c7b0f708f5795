// The server's reminder tick: add what is due, then deliver what is queued. Every API process runs
// it; the outbox's unique index and SKIP LOCKED claim make that safe (docs/decisions/messages.md, issue 17).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { deliverDue, type Transports } from './deliver.ts';
import { addDueReminders } from './events.ts';
import type { LinkSecrets } from '../portal/links.ts';
import { databaseNow } from '../server/clock.ts';

export type TickResult = { added: number; sent: number };

export async function messageTick(
  db: Db,
  transports: Transports,
  now?: Date,
  links?: LinkSecrets,
): Promise<TickResult> {
  // Each branch's today and what is due are read on the database's clock, not the API's (issue 42,
  // point 3); tests pass a day of their own.
  now ??= await databaseNow(db);
  const added = await addDueReminders(db, now, links);
  const sent = await deliverDue(db, transports, now, links);
  return { added, sent };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** One reminder tick now (tests and the interval below). */
    messageTick: (now?: Date) => Promise<TickResult>;
  }
}

/** `everyMs` undefined or 0: no timer (the API tests tick by hand). */
/** `links`: the server's secret and address, read per tick, for members' page links in reminders. */
export function scheduleMessages(
  app: FastifyInstance,
  db: Db,
  transports: Transports,
  everyMs?: number,
  links?: () => LinkSecrets,
) {
  let running: Promise<unknown> = Promise.resolve();
  app.decorate('messageTick', (now?: Date) => messageTick(db, transports, now, links?.()));
  if (!everyMs) return;
  let timer: NodeJS.Timeout | undefined;
  let busy = false;
  // A tick still running when the next is due is not doubled up; the next interval carries on.
  const run = () => {
    if (busy) return;
    busy = true;
    running = messageTick(db, transports, undefined, links?.())
      .catch((err: unknown) => app.log.error({ err }, 'message tick failed'))
      .finally(() => (busy = false));
  };
  app.addHook('onReady', async () => {
    timer = setInterval(run, everyMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
