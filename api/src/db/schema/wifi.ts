// WiFi (DOMAIN.md, Doors, WiFi and reminders): FreeRADIUS asks the API through its REST module.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { branches, clients } from './organisation.ts';
import { users } from './members.ts';

/**
 * A branch's router (RADIUS NAS). FreeRADIUS sends the router's address and the RADIUS secret it
 * shares with it on every REST call (HTTP Basic); only a registered address with its secret is served.
 */
export const wifiRouters = pgTable(
  'wifi_routers',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    name: text('name').notNull(),
    address: text('address').notNull(),
    secret: text('secret').notNull(),
    /** UDP port of the router's RFC 5176 (Disconnect-Request) listener. */
    coaPort: integer('coa_port').notNull().default(3799),
    status: boolean('status').notNull().default(true),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('wifi_routers_client_branch_name_uq').on(t.clientId, t.branchId, sql`lower(${t.name})`),
    uniqueIndex('wifi_routers_address_secret_uq').on(t.address, t.secret),
    index('wifi_routers_address_idx').on(t.address),
  ],
);

/** One accounting session (Acct-Session-Id of a router); bytes are totals as the router reported them. */
export const wifiSessions = pgTable(
  'wifi_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    branchId: integer('branch_id').notNull(),
    routerId: integer('router_id')
      .notNull()
      .references(() => wifiRouters.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    acctSessionId: text('acct_session_id').notNull(),
    username: text('username').notNull(),
    framedIp: text('framed_ip'),
    callingStationId: text('calling_station_id'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true, mode: 'string' }),
    inputBytes: bigint('input_bytes', { mode: 'number' }).notNull().default(0),
    outputBytes: bigint('output_bytes', { mode: 'number' }).notNull().default(0),
    terminateCause: text('terminate_cause'),
  },
  (t) => [
    uniqueIndex('wifi_sessions_router_acct_uq').on(t.routerId, t.acctSessionId),
    index('wifi_sessions_client_user_started_idx').on(t.clientId, t.userId, t.startedAt),
    index('wifi_sessions_open_idx')
      .on(t.clientId, t.branchId, t.startedAt)
      .where(sql`${t.stoppedAt} is null`),
  ],
);

/** Outbox of RFC 5176 Disconnect-Requests: retried until the router answers; the answer is kept. */
export const wifiDisconnects = pgTable(
  'wifi_disconnects',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: integer('client_id').notNull(),
    branchId: integer('branch_id').notNull(),
    routerId: integer('router_id')
      .notNull()
      .references(() => wifiRouters.id),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => wifiSessions.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: ['expired', 'deactivated', 'paused', 'dataUsedUp', 'staff'] }).notNull(),
    /** The staff member who pressed Disconnect; null for the automatic reasons. */
    requestedBy: integer('requested_by'),
    status: text('status', { enum: ['pending', 'acked', 'nacked', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .defaultNow(),
    lastError: text('last_error'),
    /** RFC 5176 Error-Cause of a Disconnect-NAK. */
    errorCause: integer('error_cause'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    uniqueIndex('wifi_disconnects_pending_uq')
      .on(t.sessionId)
      .where(sql`${t.status} = 'pending'`),
    index('wifi_disconnects_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('wifi_disconnects_client_session_idx').on(t.clientId, t.sessionId),
  ],
);
