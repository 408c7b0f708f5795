import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { windowLabel, windowsOverlap, type DailyWindow } from '@app/contract/seats';
import type { ParsedUserInput, User } from '@app/contract/users';
import { branches, feeStructures, packages, rooms, seatHolds, users } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import { runAll } from '../../db/runAll.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { organisationLanguage } from '../../platform/orgLanguage.ts';
import {
  conflict,
  fieldError,
  saidOf,
  validationFailed,
  type CodedFieldError,
} from '../../platform/errors.ts';
import { holdCounts } from '../portal/seatHolds.ts';

export type UserRow = typeof users.$inferSelect;

/**
 * The columns a member record is made of (toUser): lists read only these, not the WiFi PIN, the
 * message settings or anything else the list does not show.
 */
export const memberListColumns = {
  id: users.id,
  clientId: users.clientId,
  branchId: users.branchId,
  name: users.name,
  email: users.email,
  mobile: users.mobile,
  status: users.status,
  inactiveReason: users.inactiveReason,
  addedToBiometricMachine: users.addedToBiometricMachine,
  biometricMachineId: users.biometricMachineId,
  nextDayExit: users.nextDayExit,
  entryTime: users.entryTime,
  exitTime: users.exitTime,
  validFrom: users.validFrom,
  validTill: users.validTill,
  roomId: users.roomId,
  seatNumber: users.seatNumber,
  packageId: users.packageId,
  feeStructureId: users.feeStructureId,
  address: users.address,
  gstin: users.gstin,
  notes: users.notes,
  joinedOn: users.joinedOn,
  enquiryId: users.enquiryId,
  dues: users.dues,
  duesSince: users.duesSince,
  firstPeriod: users.firstPeriod,
  language: users.language,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};
export type MemberListRow = Pick<UserRow, keyof typeof memberListColumns>;

/** PostgreSQL's text of a timestamp with time zone in UTC: `2026-11-28 07:41:39.929123+00`. */
const utcText = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})?\+00$/;

/**
 * A stored timestamp (PostgreSQL's text) as the API writes it: ISO 8601 in UTC, milliseconds,
 * exactly what `new Date(text).toISOString()` writes (the fraction cut to milliseconds, not
 * rounded). Text in UTC is rearranged as it is, ~8x cheaper than parsing a Date and formatting it,
 * twice per member of every list page (issue 36, point 4); any other text (another session time
 * zone, a year past 9999) goes through Date.
 */
export const isoTime = (value: unknown): string => {
  const text = value as string;
  if (!utcText.test(text)) return new Date(text).toISOString();
  const fraction = text.length > 22 ? `${text.slice(20, -3)}00`.slice(0, 3) : '000';
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction}Z`;
};

/**
 * The same record as toUser, read straight from a list's rows (ListSpec.columns and convert): one
 * object per member instead of a row copied into a record (issue 36, point 4). Property by property
 * what toUser writes; listRecords.test.ts compares the two.
 */
const { id: memberId, ...memberColumnsButId } = memberListColumns;
export const memberRecordColumns = { userId: memberId, ...memberColumnsButId };
export const memberRecordConversions = { createdAt: isoTime, updatedAt: isoTime };

export const toUser = (row: MemberListRow): User => ({
  userId: row.id,
  clientId: row.clientId,
  branchId: row.branchId,
  name: row.name,
  email: row.email,
  mobile: row.mobile,
  status: row.status,
  inactiveReason: row.inactiveReason,
  addedToBiometricMachine: row.addedToBiometricMachine,
  biometricMachineId: row.biometricMachineId,
  nextDayExit: row.nextDayExit,
  entryTime: row.entryTime,
  exitTime: row.exitTime,
  validFrom: row.validFrom,
  validTill: row.validTill,
  roomId: row.roomId,
  seatNumber: row.seatNumber,
  packageId: row.packageId,
  feeStructureId: row.feeStructureId,
  address: row.address,
  gstin: row.gstin,
  notes: row.notes,
  joinedOn: row.joinedOn,
  enquiryId: row.enquiryId,
  dues: row.dues,
  duesSince: row.duesSince,
  firstPeriod: row.firstPeriod,
  language: row.language,
  createdAt: isoTime(row.createdAt),
  updatedAt: isoTime(row.updatedAt),
});

/** Today's date (YYYY-MM-DD) in the branch's time zone. */
export async function branchToday(db: Db | Tx, branchId: number): Promise<string> {
  const res = await db.execute<{ d: string }>(
    sql`select (now() at time zone ${branches.timezone})::date::text as d from ${branches} where ${branches.id} = ${branchId}`,
  );
  return String(res.rows[0]?.d);
}

/** SQL for today in the branch's time zone, evaluated once per statement (an init plan). */
export const branchTodaySql = (branchId: number) =>
  sql`(select (now() at time zone b.timezone)::date from ${branches} b where b.id = ${branchId})`;

const expiredAudit = sql`'{"status":true}'::jsonb, '{"status":false,"inactiveReason":"expired"}'::jsonb`;

/**
 * The expiry of one branch on its date: active members whose validTill lies before it are switched
 * off (reason expired), with an audit row each. The date is a value, not a subquery: the planner
 * then reads from the statistics that hardly any active member's validity lies before it and walks
 * the partial index of active members; behind an init plan it guessed a third of the branch and
 * read the whole table (issue 35). The index being small also wins where the date is unknown to it.
 */
export const branchExpirySql = (clientId: number, branchId: number, today: string) => sql`
    with expired as (
      update users u set status = false, inactive_reason = 'expired', updated_at = now()
      where u.client_id = ${clientId} and u.branch_id = ${branchId} and u.status
        and u.valid_till < ${today}::date
      returning u.id, u.client_id, u.branch_id
    )
    insert into audit_log (client_id, branch_id, entity, entity_id, action, before, after)
    select client_id, branch_id, 'user', id::text, 'expire', ${expiredAudit} from expired`;

/**
 * Switches off every active member whose validTill has passed in their branch's time zone, branch
 * by branch (the hourly job, for all organisations): each statement an index range of the branch's
 * active members, where one statement joining branches read the whole members table.
 */
export async function expireMembers(db: Db | Tx): Promise<number> {
  const dates = await db.execute<{ client_id: number; id: number; today: string }>(
    sql`select client_id, id, (now() at time zone timezone)::date::text as today from ${branches} order by id`,
  );
  let expired = 0;
  for (const b of dates.rows) {
    expired += (await db.execute(branchExpirySql(b.client_id, b.id, b.today))).rowCount ?? 0;
  }
  return expired;
}

/**
 * Per database and branch, the branch date of the last sweep and the sweep itself: callers that
 * arrive together (a dashboard opened by ten people at nine) share one statement instead of
 * each running the same update.
 */
const sweptOn = new WeakMap<object, Map<number, { day: string; sweep: Promise<void> }>>();

/**
 * The same switch for the caller's branch, before a read, so a list never shows a stale status
 * between two runs of the job. A validity only runs out when the branch's date turns, and every
 * write keeps status and validTill consistent (create and edit switch a past validity off,
 * reactivation refuses it), so one sweep per branch and date is enough: the list calls after it
 * skip the statement (docs/decisions/performance.md, "Lists at scale").
 */
export async function expireBranchMembers(db: Db | Tx, ctx: StaffContext): Promise<void> {
  const branchId = ctx.branchId!;
  const today = ctx.branchToday ?? (await branchToday(db, branchId));
  let swept = sweptOn.get(db);
  if (!swept) sweptOn.set(db, (swept = new Map()));
  const last = swept.get(branchId);
  if (last?.day === today) return last.sweep;
  const sweep = db.execute(branchExpirySql(ctx.clientId, branchId, today)).then(() => undefined);
  swept.set(branchId, { day: today, sweep });
  // A failed sweep is tried again by the next caller, not remembered as done.
  sweep.catch(() => {
    if (swept.get(branchId)?.sweep === sweep) swept.delete(branchId);
  });
  return sweep;
}

type RoomInfo = { id: number; name: string; capacity: number; status: boolean };
type RefInfo = { id: number; name: string; status: boolean; branchIds?: number[] | null };
/** `held`: a seat kept for a member who chose it on their page (issue 45), not yet assigned. */
export type SeatHolder = DailyWindow & {
  userId: number;
  name: string;
  roomId: number;
  seatNumber: number;
  held?: boolean;
};

/**
 * What member validation looks up: the branch's rooms, the organisation's packages and fee
 * structures, who already uses the mobiles in question and who holds seats (active members).
 * Loaded once for one member or a whole import file; `accept` adds a validated row so the rows
 * after it in a file are checked against it too.
 */
export class MemberChecker {
  private constructor(
    readonly rooms: Map<number, RoomInfo>,
    readonly packages: Map<number, RefInfo>,
    readonly feeStructures: Map<number, RefInfo>,
    private readonly mobiles: Map<string, { userId: number; name: string; line?: number }>,
    private readonly holders: SeatHolder[],
    private readonly branchId: number,
  ) {}

  static async load(
    db: Db | Tx,
    ctx: StaffContext,
    opts: { mobiles: string[]; roomIds: number[]; lock: boolean },
  ): Promise<MemberChecker> {
    const branchId = ctx.branchId!;
    const roomIds = [...new Set(opts.roomIds)];
    // Locking the rooms serialises seat assignments: two clerks cannot both take the last slot.
    if (opts.lock && roomIds.length) {
      await db
        .select({ id: rooms.id })
        .from(rooms)
        .where(
          and(eq(rooms.clientId, ctx.clientId), eq(rooms.branchId, branchId), inArray(rooms.id, roomIds)),
        )
        .orderBy(rooms.id)
        .for('update');
    }
    const [roomRows, packageRows, structureRows, mobileRows, holderRows, heldRows] = await runAll(db, [
      () =>
        db
          .select({ id: rooms.id, name: rooms.name, capacity: rooms.capacity, status: rooms.status })
          .from(rooms)
          .where(and(eq(rooms.clientId, ctx.clientId), eq(rooms.branchId, branchId))),
      () =>
        db
          .select({ id: packages.id, name: packages.packageName, status: packages.status })
          .from(packages)
          .where(eq(packages.clientId, ctx.clientId)),
      () =>
        db
          .select({
            id: feeStructures.id,
            name: feeStructures.name,
            status: feeStructures.status,
            branchIds: feeStructures.branchIds,
          })
          .from(feeStructures)
          .where(eq(feeStructures.clientId, ctx.clientId)),
      () =>
        opts.mobiles.length
          ? db
              .select({ userId: users.id, name: users.name, mobile: users.mobile })
              .from(users)
              // One array parameter, not one parameter per mobile: an import's 20,000 would make a
              // statement drizzle takes ~100 ms to write while nothing else runs (issue 36).
              .where(
                and(
                  eq(users.clientId, ctx.clientId),
                  sql`${users.mobile} = any(${sql.param([...new Set(opts.mobiles)])}::text[])`,
                ),
              )
          : Promise.resolve([]),
      () =>
        roomIds.length
          ? db
              .select({
                userId: users.id,
                name: users.name,
                roomId: users.roomId,
                seatNumber: users.seatNumber,
                entryTime: users.entryTime,
                exitTime: users.exitTime,
                nextDayExit: users.nextDayExit,
              })
              .from(users)
              .where(
                and(
                  eq(users.clientId, ctx.clientId),
                  inArray(users.roomId, roomIds),
                  isNotNull(users.seatNumber),
                  eq(users.status, true),
                ),
              )
              // A clash names the seat's earliest window that overlaps, the same on every read: in
              // the table's order a row someone updated moved to the end, and another holder was named.
              .orderBy(users.entryTime, users.id)
          : Promise.resolve([]),
      // Seats members chose on their page and still hold count as taken for staff too (issue 45):
      // the desk cannot give away a seat a member is paying for by UPI.
      () =>
        roomIds.length
          ? db
              .select({
                userId: seatHolds.userId,
                name: users.name,
                roomId: seatHolds.roomId,
                seatNumber: seatHolds.seatNumber,
                entryTime: seatHolds.entryTime,
                exitTime: seatHolds.exitTime,
                nextDayExit: seatHolds.nextDayExit,
                held: sql<boolean>`true`,
              })
              .from(seatHolds)
              .innerJoin(users, eq(users.id, seatHolds.userId))
              .where(
                and(
                  eq(seatHolds.clientId, ctx.clientId),
                  inArray(seatHolds.roomId, roomIds),
                  eq(seatHolds.status, 'held'),
                  holdCounts,
                ),
              )
              .orderBy(seatHolds.entryTime, seatHolds.id)
          : Promise.resolve([]),
    ]);
    return new MemberChecker(
      new Map(roomRows.map((r) => [r.id, r])),
      new Map(packageRows.map((r) => [r.id, r])),
      new Map(structureRows.map((r) => [r.id, r])),
      new Map(mobileRows.map((r) => [r.mobile, r])),
      [...holderRows.map((h) => ({ ...h, roomId: h.roomId!, seatNumber: h.seatNumber! })), ...heldRows],
      branchId,
    );
  }

  /** A checker of rows read elsewhere (one member's lookup statement, memberWrites.ts). */
  static of(
    ctx: StaffContext,
    rows: {
      rooms: RoomInfo[];
      packages: RefInfo[];
      feeStructures: RefInfo[];
      owners: { userId: number; name: string; mobile: string }[];
      holders: SeatHolder[];
    },
  ): MemberChecker {
    return new MemberChecker(
      new Map(rows.rooms.map((r) => [r.id, r])),
      new Map(rows.packages.map((r) => [r.id, r])),
      new Map(rows.feeStructures.map((r) => [r.id, r])),
      new Map(rows.owners.map((r) => [r.mobile, r])),
      rows.holders,
      ctx.branchId!,
    );
  }

  /**
   * Field problems (400) and clashes with other members (409) of one member. `existing` is the
   * stored row on update: references it already holds may stay even if switched off since.
   */
  check(
    input: ParsedUserInput,
    existing?: UserRow,
  ): { details: CodedFieldError[]; conflicts: CodedFieldError[] } {
    const details: CodedFieldError[] = [];
    const conflicts: CodedFieldError[] = [];
    const selfId = existing?.id;
    let room: RoomInfo | undefined;
    if (input.roomId !== null) {
      room = this.rooms.get(input.roomId);
      if (!room) details.push(fieldError('roomId', 'ROOM_NOT_IN_BRANCH'));
      else if (!room.status && existing?.roomId !== room.id) {
        details.push(fieldError('roomId', 'ROOM_INACTIVE'));
      } else if (input.seatNumber !== null && input.seatNumber > room.capacity) {
        details.push(fieldError('seatNumber', 'SEAT_OUT_OF_RANGE', { capacity: room.capacity }));
      }
    }
    if (input.packageId !== null) {
      const pkg = this.packages.get(input.packageId);
      if (!pkg || (!pkg.status && existing?.packageId !== pkg.id)) {
        details.push(fieldError('packageId', 'PACKAGE_INACTIVE'));
      }
    }
    if (input.feeStructureId !== null) {
      const fs = this.feeStructures.get(input.feeStructureId);
      if (!fs || (!fs.status && existing?.feeStructureId !== fs.id)) {
        details.push(fieldError('feeStructureId', 'FEE_STRUCTURE_INACTIVE'));
      } else if (fs.branchIds && !fs.branchIds.includes(this.branchId)) {
        details.push(fieldError('feeStructureId', 'FEE_STRUCTURE_NOT_IN_BRANCH'));
      }
    }
    const owner = this.mobiles.get(input.mobile);
    if (owner && owner.userId !== selfId) {
      conflicts.push(
        owner.line === undefined
          ? fieldError('mobile', 'MOBILE_USED_BY', { mobile: input.mobile, name: owner.name })
          : fieldError('mobile', 'MOBILE_REPEATED', { mobile: input.mobile, line: owner.line }),
      );
    }
    if (room && input.seatNumber !== null && details.length === 0) {
      const clash = this.holders.find(
        (h) =>
          h.roomId === room.id &&
          h.seatNumber === input.seatNumber &&
          h.userId !== selfId &&
          windowsOverlap(h, input),
      );
      if (clash) {
        conflicts.push(
          fieldError('seatNumber', clash.held ? 'SEAT_HELD' : 'SEAT_TAKEN', {
            seat: input.seatNumber,
            room: room.name,
            name: clash.name,
            window: windowLabel(clash),
          }),
        );
      }
    }
    return { details, conflicts };
  }

  /** A row of an import file that passed: later rows clash with it as with a stored member. */
  accept(input: ParsedUserInput, line: number): void {
    this.mobiles.set(input.mobile, { userId: -line, name: input.name, line });
    if (input.roomId !== null && input.seatNumber !== null) {
      this.holders.push({ ...input, userId: -line, roomId: input.roomId, seatNumber: input.seatNumber });
    }
  }
}

/** Validates one member for create/update/convert and throws 400 or 409; returns the columns to store. */
export async function memberValues(
  tx: Tx,
  ctx: StaffContext,
  input: ParsedUserInput,
  existing?: UserRow,
): Promise<Omit<typeof users.$inferInsert, 'clientId' | 'branchId'>> {
  const checker = await MemberChecker.load(tx, ctx, {
    mobiles: [input.mobile],
    roomIds: input.roomId === null ? [] : [input.roomId],
    lock: true,
  });
  const { details, conflicts } = checker.check(input, existing);
  if (details.length) throw validationFailed(details.map((d) => ({ ...d, path: `body.${d.path}` })));
  if (conflicts[0]) throw conflict(saidOf(conflicts[0]));
  // What was said of the first period is the create's: an edit keeps it. No language said: a new
  // member reads the organisation's (issue 48), an edit keeps theirs.
  const { firstPeriod, language, ...kept } = input;
  const values = {
    ...kept,
    ...(!existing && { firstPeriod, language: language ?? (await organisationLanguage(tx, ctx.clientId)) }),
    ...(existing && language !== null && { language }),
    joinedOn: input.joinedOn ?? input.validFrom,
  };
  const today = ctx.branchToday ?? (await branchToday(tx, ctx.branchId!));
  // A new member whose validity already ended starts inactive, as the expiry would make them; an
  // edit that moves an active member's validity into the past switches them off the same way (the
  // list's expiry sweep runs once per day and would not see it).
  if (!existing || (existing.status && input.validTill < today)) {
    return { ...values, ...startingStatus(input, today) };
  }
  return values;
}

export const startingStatus = (input: { validTill: string }, today: string) =>
  input.validTill < today
    ? { status: false, inactiveReason: 'expired' as const }
    : { status: true, inactiveReason: null };
