// The embedded PostgreSQL is the API's own (issue 42, point 1): when its postmaster dies (the
// kernel's OOM killer, a crash, a SIGKILL), the API notices within a second, starts it again on the
// same folder and port (PostgreSQL replays its write-ahead log first) and its pool reconnects by
// itself. Requests in the gap answer 503 DATABASE_RESTARTING with Retry-After (platform/errors.ts).
// When three starts fail, the API exits with one line, so the service manager's restart takes over.
import type { EmbeddedServer } from './embedded.ts';

export type Keeper = {
  /**
   * Whether the database is down and being started again. Asked on a failed request only: when
   * the check has not run yet since the postmaster died, it looks now and starts the restart.
   */
  restarting(): boolean;
  /** Stops watching; a restart under way finishes first (then SIGTERM stops that server cleanly). */
  stop(): Promise<void>;
};

export type KeeperOptions = {
  /** How often the postmaster is looked at (a signal 0 and /proc/<pid>/stat). */
  checkEveryMs?: number;
  tries?: number;
  /** Pause before try n+1 (n = 1, 2, ...). */
  pauseMs?: (failedTries: number) => number;
  log: (line: string) => void;
  /** Called once when every try failed, with the one line to print; the caller exits. */
  giveUp: (line: string) => void;
  /** Told when the database goes down and when it is back (WORKERS=n tells its processes). */
  onChange?: (restarting: boolean) => void;
};

export function keepEmbeddedRunning(server: EmbeddedServer, opts: KeeperOptions): Keeper {
  const tries = opts.tries ?? 3;
  const pauseMs = opts.pauseMs ?? ((n: number) => 1000 * n);
  let restarting = false;
  let stopped = false;
  let current: Promise<void> | undefined;

  const bringBack = async () => {
    const diedAt = Date.now();
    const pid = server.pid();
    restarting = true;
    opts.onChange?.(true);
    let last = '';
    for (let attempt = 1; attempt <= tries && !stopped; attempt++) {
      opts.log(
        `The embedded PostgreSQL (pid ${pid}) has stopped; starting it again on ${server.cluster} ` +
          `(try ${attempt} of ${tries}). Requests answer 503 meanwhile.`,
      );
      try {
        await server.restart();
        const seconds = ((Date.now() - diedAt) / 1000).toFixed(1);
        opts.log(`The embedded PostgreSQL is back (pid ${server.pid()}) after ${seconds} s; serving again.`);
        restarting = false;
        opts.onChange?.(false);
        return;
      } catch (err) {
        last = (err as Error).message;
        if (attempt < tries) await new Promise((resolve) => setTimeout(resolve, pauseMs(attempt)));
      }
    }
    if (stopped) return;
    // Given up for good: no further tries while the caller exits.
    stopped = true;
    clearInterval(timer);
    opts.giveUp(
      `The embedded PostgreSQL in ${server.cluster} stopped and did not start again in ${tries} tries ` +
        `(last: ${last}); exiting so that the service manager starts the API again.`,
    );
  };

  const check = () => {
    if (stopped || current || server.running()) return;
    current = bringBack().finally(() => (current = undefined));
  };
  const timer = setInterval(check, opts.checkEveryMs ?? 1000);
  timer.unref();

  return {
    restarting: () => {
      if (!restarting) check();
      return restarting;
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
}
