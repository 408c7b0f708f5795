// Doors (DOMAIN.md, Doors, WiFi and reminders; issue 15): the biometric devices, the commands
// waiting for them, the fingerprints they upload and the punches they report.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { branches, clients } from './organisation.ts';
import { users } from './members.ts';

/**
 * Biometric door devices (issue 15) speaking the ZKTeco push protocol (/iclock/*). A serial number
 * that calls in unknown is held as `pending` with no organisation until staff of a branch claim it;
 * a `removed` device is answered with nothing. The serial number is unique across organisations
 * because the device names nothing else.
 */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id').references(() => clients.id),
    branchId: integer('branch_id').references(() => branches.id),
    serialNumber: text('serial_number').notNull(),
    name: text('name').notNull().default(''),
    status: text('status', { enum: ['pending', 'accepted', 'removed'] })
      .notNull()
      .default('pending'),
    firstContactAt: timestamp('first_contact_at', { withTimezone: true, mode: 'string' }),
    lastContactAt: timestamp('last_contact_at', { withTimezone: true, mode: 'string' }),
    lastAddress: text('last_address'),
    /** What the device says about itself (firmware, push version, counts from INFO). */
    info: jsonb('info').$type<Record<string, string>>().notNull().default({}),
    /** The ATTLOG stamp of its last upload, handed back at the handshake. */
    attStamp: text('att_stamp'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('devices_serial_uq').on(t.serialNumber),
    index('devices_client_branch_name_idx').on(t.clientId, t.branchId, t.name, t.id),
  ],
);

/**
 * What each device still has to be told, one row per (device, PIN, topic) while unconfirmed: a newer
 * state replaces an unconfirmed one (new id), so a device that was offline gets only the latest.
 * Written by the trigger on users in the member change's own transaction (migration 0011).
 */
export const deviceCommands = pgTable(
  'device_commands',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** The member's userId (the PIN on the device). */
    pin: integer('pin').notNull(),
    /** 'user' for the member's record, 'fp:<fid>' for one fingerprint template. */
    topic: text('topic').notNull().default('user'),
    kind: text('kind', { enum: ['enrol', 'window', 'block', 'unblock', 'delete', 'template'] }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'string' }),
    sentCount: integer('sent_count').notNull().default(0),
    returnCode: integer('return_code'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    uniqueIndex('device_commands_open_uq')
      .on(t.deviceId, t.pin, t.topic)
      .where(sql`${t.confirmedAt} is null`),
    index('device_commands_device_open_idx')
      .on(t.deviceId, t.id)
      .where(sql`${t.confirmedAt} is null`),
    index('device_commands_client_pin_idx').on(t.clientId, t.pin, t.id),
  ],
);

/** Fingerprint templates uploaded by devices, kept so a replaced device can be provisioned again. */
export const biometricTemplates = pgTable(
  'biometric_templates',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fid: smallint('fid').notNull(),
    size: integer('size').notNull(),
    valid: smallint('valid').notNull().default(1),
    template: text('template').notNull(),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.userId, t.fid] })],
);

/**
 * Entrance screens (issue 47): a browser at the entrance paired to one branch with a six-digit code,
 * then known by its kiosk key (kept as its SHA-256 only). It can do nothing but check members in and
 * out; revoking it ends its key.
 */
export const kiosks = pgTable(
  'kiosks',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    name: text('name').notNull().default(''),
    keyHash: text('key_hash').notNull(),
    createdBy: integer('created_by'),
    lastContactAt: timestamp('last_contact_at', { withTimezone: true, mode: 'string' }),
    lastAddress: text('last_address'),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'string' }),
    revokedBy: integer('revoked_by'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('kiosks_key_hash_uq').on(t.keyHash),
    index('kiosks_client_branch_idx').on(t.clientId, t.branchId, t.id),
  ],
);

/** Six-digit pairing codes: valid 10 minutes, used once (usedAt names the kiosk's pairing). */
export const kioskPairingCodes = pgTable(
  'kiosk_pairing_codes',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    code: text('code').notNull(),
    name: text('name').notNull().default(''),
    createdBy: integer('created_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'string' }),
    kioskId: integer('kiosk_id').references(() => kiosks.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('kiosk_pairing_codes_open_uq')
      .on(t.code)
      .where(sql`${t.usedAt} is null`),
  ],
);

/**
 * An organisation's check-in rules beside the door's own (issue 47): minutes of margin around each
 * member's entry window, and dues (minor units) above which entry is refused (null: no limit).
 */
export const checkInRules = pgTable('check_in_rules', {
  clientId: integer('client_id')
    .primaryKey()
    .references(() => clients.id),
  marginMinutes: integer('margin_minutes').notNull().default(0),
  duesLimit: bigint('dues_limit', { mode: 'number' }),
  ...timestamps,
});

/** Rotating codes already used (a member's own once; a screen's once per member): replays are refused. */
export const checkInCodesUsed = pgTable('check_in_codes_used', {
  key: text('key').primaryKey(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/**
 * One row per punch, stored once: (device, PIN, device time) is unique, so a replayed upload adds
 * nothing. `day` is the attendance day (a night window's morning punch belongs to the evening
 * before) and `cutoffAt` the instant the day's open visit is closed; in/out is the punch's place
 * in its member's day (odd = in), so pairing never depends on arrival order.
 */
export const attendancePunches = pgTable(
  'attendance_punches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    /** The door device that reported the punch; null for an entrance screen's or staff's check-in. */
    deviceId: integer('device_id').references(() => devices.id),
    /** Where the punch came from (issue 47): a door device, an entrance screen, or staff letting a member in. */
    source: text('source', { enum: ['door', 'screen', 'staff'] })
      .notNull()
      .default('door'),
    /** The entrance screen whose code was scanned or which scanned the member's code. */
    kioskId: integer('kiosk_id').references(() => kiosks.id),
    /** Staff who let a refused member in (source 'staff'), with their reason. */
    staffId: integer('staff_id'),
    note: text('note'),
    pin: integer('pin').notNull(),
    /** The member, when the PIN is one of the organisation's members. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The device's clock as sent (branch local time, no zone). */
    deviceTime: timestamp('device_time', { mode: 'string' }).notNull(),
    punchedAt: timestamp('punched_at', { withTimezone: true, mode: 'string' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    day: date('day', { mode: 'string' }).notNull(),
    cutoffAt: timestamp('cutoff_at', { withTimezone: true, mode: 'string' }).notNull(),
    deviceStatus: smallint('device_status').notNull().default(0),
    verify: smallint('verify').notNull().default(0),
    outsideWindow: boolean('outside_window').notNull().default(false),
    blocked: boolean('blocked').notNull().default(false),
  },
  (t) => [
    uniqueIndex('attendance_punches_device_pin_time_uq').on(t.deviceId, t.pin, t.deviceTime),
    index('attendance_punches_client_branch_day_idx').on(
      t.clientId,
      t.branchId,
      t.day,
      t.userId,
      t.punchedAt,
    ),
    index('attendance_punches_client_user_idx').on(t.clientId, t.userId, t.day),
  ],
);
