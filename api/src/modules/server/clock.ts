// The database's clock decides (issue 42, point 3): "today" and the schedules are read from
// PostgreSQL's now(), so a PC clock corrected by hours under the API neither stamps a payment with a
// day that is not the branch's nor runs a job twice. A difference of more than 5 minutes between the
// API's clock and the database's is logged once and shown to the owner.
import { sql } from 'drizzle-orm';
import type { ClockWarning } from '@app/contract/serverWarnings';
import type { Db } from '../../db/client.ts';

export const clockLimitMs = 5 * 60_000;

/** The database's clock minus the API's, in ms, read against the middle of the round trip. */
export async function clockOffsetMs(db: Db): Promise<{ offsetMs: number; databaseMs: number }> {
  const before = Date.now();
  const { rows } = await db.execute<{ ms: string | number }>(
    sql`select extract(epoch from clock_timestamp()) * 1000 as ms`,
  );
  const after = Date.now();
  const databaseMs = Number(rows[0]!.ms);
  return { offsetMs: databaseMs - (before + after) / 2, databaseMs };
}

/** The database's now() as a Date (for jobs that take "now" as a value, e.g. the reminder tick). */
export async function databaseNow(db: Db): Promise<Date> {
  const { rows } = await db.execute<{ ms: string | number }>(
    sql`select extract(epoch from now()) * 1000 as ms`,
  );
  return new Date(Number(rows[0]!.ms));
}

export type ClockLog = { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };

/**
 * Compares the two clocks on each `check`. The first check past 5 minutes logs one warn line and
 * keeps the warning (with the newest difference) until the clocks agree again, which is logged once
 * as info; checks in between write nothing.
 */
export class ClockWatch {
  warning: ClockWarning | null = null;
  constructor(
    private readonly db: Db,
    private readonly log: ClockLog,
  ) {}

  async check(): Promise<ClockWarning | null> {
    const { offsetMs, databaseMs } = await clockOffsetMs(this.db);
    const offsetSeconds = Math.round(offsetMs / 1000);
    if (Math.abs(offsetMs) > clockLimitMs) {
      if (!this.warning) {
        this.warning = { offsetSeconds, since: new Date(databaseMs).toISOString() };
        this.log.warn(
          { offsetSeconds },
          `The API's clock differs from the database's by ${describeOffset(offsetSeconds)}; days and schedules follow the database's clock. Set this computer's clock right.`,
        );
      } else {
        this.warning = { ...this.warning, offsetSeconds };
      }
    } else if (this.warning) {
      this.warning = null;
      this.log.info({ offsetSeconds }, "The API's clock agrees with the database's again");
    }
    return this.warning;
  }
}

/** "3 h 2 min behind" / "12 min ahead": the API's clock against the database's. */
export function describeOffset(offsetSeconds: number): string {
  const minutes = Math.round(Math.abs(offsetSeconds) / 60);
  const text = minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
  return `${text} ${offsetSeconds > 0 ? 'behind' : 'ahead'}`;
}
