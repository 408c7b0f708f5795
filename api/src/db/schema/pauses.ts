// Pauses (issue 45, point 4; DOMAIN.md, Members): a member's validity stops for the paused days.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { branches, clients } from './organisation.ts';
import { users } from './members.ts';

/**
 * One pause: `days` from `fromDay`. Staff's pause is approved at once; a member's is requested
 * until staff approve (validTill moves by `days`) or refuse. Ended early on `endedOn`: the days from
 * then on were given back (validTill moved back by them).
 */
export const memberPauses = pgTable(
  'member_pauses',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    days: integer('days').notNull(),
    reason: text('reason').notNull().default(''),
    status: text('status', { enum: ['requested', 'approved', 'rejected', 'ended'] }).notNull(),
    requestedBy: text('requested_by', { enum: ['staff', 'member'] }).notNull(),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'string' }),
    rejectReason: text('reject_reason'),
    endedOn: date('ended_on', { mode: 'string' }),
    endedBy: integer('ended_by'),
    /** When the devices were told to refuse the member for this pause, and to let them in again after it. */
    doorShutAt: timestamp('door_shut_at', { withTimezone: true, mode: 'string' }),
    doorOpenedAt: timestamp('door_opened_at', { withTimezone: true, mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    check('member_pauses_days_ck', sql`${t.days} > 0`),
    check('member_pauses_status_ck', sql`${t.status} in ('requested', 'approved', 'rejected', 'ended')`),
    check('member_pauses_by_ck', sql`${t.requestedBy} in ('staff', 'member')`),
    index('member_pauses_client_user_idx').on(t.clientId, t.userId, t.fromDay),
    index('member_pauses_requested_idx')
      .on(t.clientId, t.branchId, t.id)
      .where(sql`${t.status} = 'requested'`),
    index('member_pauses_door_idx')
      .on(t.branchId, t.fromDay)
      .where(sql`${t.status} = 'approved' and ${t.doorShutAt} is null`),
    index('member_pauses_door_open_idx')
      .on(t.branchId)
      .where(sql`${t.doorShutAt} is not null and ${t.doorOpenedAt} is null`),
  ],
);
