// State that several API servers on one database share (issue 43, point 3): what one process used to
// keep in memory, where another server's answer must agree with it.
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Per-minute allowances (modules/portal/rateLimit.ts): one row per key, its window and its count. */
export const rateWindows = pgTable(
  'rate_windows',
  {
    key: text('key').primaryKey(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    count: integer('count').notNull().default(1),
  },
  (t) => [index('rate_windows_started_idx').on(t.startedAt)],
);

/**
 * Entrance screens' check-in results on their way to the screens' streams on every server
 * (modules/kiosk/events.ts); `event` null ends the screen's streams (revoked). Kept about a minute.
 */
export const kioskEventRows = pgTable(
  'kiosk_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kioskId: integer('kiosk_id').notNull(),
    event: jsonb('event'),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('kiosk_events_at_idx').on(t.at)],
);
