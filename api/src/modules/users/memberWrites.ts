// A member's create and edit in as few round trips as their checks allow (issue 36, point 3).
// Before: BEGIN, four lookups (rooms, packages, fee structures, the mobile's owner), the INSERT, the
// audit row and COMMIT, eight round trips (an edit ten), the transaction holding the branch's
// statistics rows (the INSERT's trigger updates them) across the audit's round trip and the commit,
// so every other new member of the branch waited that long. Now:
//   - one statement reads what the checks need (memberLookup): the stored row on edit, only the room,
//     package and fee structure the input names, the mobile's owner, the holders of the seat it names
//     (the check compares only those; the whole room's holders were read before), the date;
//   - one statement writes the member and its audit row (a data-modifying CTE: atomic on its own)
//     and answers the record, built by PostgreSQL as toUser builds it (memberJsonSql);
//   - a transaction only where a seat is taken (the room's lock serialises seat assignments, as
//     before) or, on edit, when the row changed between the read and the write (xmin differs):
//     then the edit runs again with the row locked, as the factory's update did.
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { languageOf } from '@app/contract/languages';
import type { ParsedUserInput, User } from '@app/contract/users';
import { users } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { conflict, notFound, saidOf, validationFailed } from '../../platform/errors.ts';
import { MemberChecker, startingStatus, type SeatHolder, type UserRow } from './members.ts';
import { assertPaymentsTaken, chargeFirstPeriod, chargesFirstPeriod } from '../payments/openingCharge.ts';
import { holdCounts } from '../portal/seatHolds.ts';

const dialect = new PgDialect();
/** Statement text -> its name: each of the few texts these writes send is prepared once per connection. */
const statementNames = new Map<string, string>();

/**
 * Runs a statement: on the pool as a named prepared statement (PostgreSQL parses and plans each
 * text once per connection, not on every write), inside a transaction as a plain one. The texts do
 * not vary with the values (those are parameters), only with the shape of the write (a seat or
 * none, an edit switching a member off), so there are a handful of names. Only jsonb and text
 * columns come back, which pg reads the same way as drizzle.
 */
async function run<Row extends Record<string, unknown>>(q: Db | Tx, statement: SQL): Promise<Row[]> {
  if ('rollback' in q) return (await q.execute<Row>(statement)).rows as Row[];
  const { sql: text, params } = dialect.sqlToQuery(statement);
  let name = statementNames.get(text);
  if (!name) statementNames.set(text, (name = `member_write_${statementNames.size + 1}`));
  return (await q.$client.query<Row>({ name, text, values: params })).rows;
}

const utcIso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The member record of row alias `u` as jsonb, exactly what toUser makes of the same row (dates and
 * times as PostgreSQL writes them, timestamps as Date#toISOString writes them): the answer and the
 * audit row's `after`. memberWrites.test.ts compares it with toUser's record of the same row.
 */
export const memberJsonSql = (u: string) => {
  const c = (name: string) => sql.raw(`${u}.${name}`);
  return sql`jsonb_build_object(
    'userId', ${c('id')}, 'clientId', ${c('client_id')}, 'branchId', ${c('branch_id')}, 'name', ${c('name')},
    'email', ${c('email')}, 'mobile', ${c('mobile')}, 'status', ${c('status')},
    'inactiveReason', ${c('inactive_reason')}, 'addedToBiometricMachine', ${c('added_to_biometric_machine')},
    'biometricMachineId', ${c('biometric_machine_id')}, 'nextDayExit', ${c('next_day_exit')},
    'entryTime', ${c('entry_time')}::text, 'exitTime', ${c('exit_time')}::text,
    'validFrom', ${c('valid_from')}::text, 'validTill', ${c('valid_till')}::text, 'roomId', ${c('room_id')},
    'seatNumber', ${c('seat_number')}, 'packageId', ${c('package_id')},
    'feeStructureId', ${c('fee_structure_id')}, 'address', ${c('address')}, 'gstin', ${c('gstin')},
    'notes', ${c('notes')},
    'joinedOn', ${c('joined_on')}::text, 'enquiryId', ${c('enquiry_id')}, 'dues', ${c('dues')},
    'duesSince', ${c('dues_since')}::text, 'firstPeriod', ${c('first_period')}, 'language', ${c('language')},
    'createdAt', ${utcIso(c('created_at'))},
    'updatedAt', ${utcIso(c('updated_at'))})`;
};

type Lookup = {
  existing: (User & { xmin: string }) | null;
  room: { id: number; name: string; capacity: number; status: boolean } | null;
  package: { id: number; name: string; status: boolean } | null;
  feeStructure: { id: number; name: string; status: boolean; branchIds: number[] | null } | null;
  owner: { userId: number; name: string; mobile: string } | null;
  holders: Omit<SeatHolder, 'roomId'>[];
  today: string;
  /** The organisation's locale: a new member's language when none is given (issue 48). */
  locale: string;
};

/** Everything one member's checks read, in one statement (`id`: the member being edited). */
async function memberLookup(db: Db | Tx, ctx: StaffContext, input: ParsedUserInput, id?: number) {
  const client = ctx.clientId;
  const branch = ctx.branchId!;
  const rows = await run<Lookup>(
    db,
    sql`select
    ${
      id === undefined
        ? sql`null::jsonb`
        : sql`(select ${memberJsonSql('u')} || jsonb_build_object('xmin', u.xmin::text) from users u
              where u.client_id = ${client} and u.branch_id = ${branch} and u.id = ${id})`
    } as existing,
    (select jsonb_build_object('id', r.id, 'name', r.name, 'capacity', r.capacity, 'status', r.status)
       from rooms r where r.client_id = ${client} and r.branch_id = ${branch} and r.id = ${input.roomId}) as room,
    (select jsonb_build_object('id', p.id, 'name', p.package_name, 'status', p.status)
       from packages p where p.client_id = ${client} and p.id = ${input.packageId}) as package,
    (select jsonb_build_object('id', f.id, 'name', f.name, 'status', f.status, 'branchIds', f.branch_ids)
       from fee_structures f where f.client_id = ${client} and f.id = ${input.feeStructureId}) as "feeStructure",
    (select jsonb_build_object('userId', o.id, 'name', o.name, 'mobile', o.mobile)
       from users o where o.client_id = ${client} and o.mobile = ${input.mobile}) as owner,
    ${
      input.roomId === null
        ? sql`'[]'::jsonb`
        : sql`(select coalesce(jsonb_agg(jsonb_build_object('userId', h.id, 'name', h.name,
              'seatNumber', h.seat_number, 'entryTime', h.entry_time::text, 'exitTime', h.exit_time::text,
              'nextDayExit', h.next_day_exit) order by h.entry_time, h.id), '[]'::jsonb)
              from users h where h.client_id = ${client} and h.room_id = ${input.roomId}
               and h.seat_number = ${input.seatNumber} and h.status)
            || (select coalesce(jsonb_agg(jsonb_build_object('userId', m.id, 'name', m.name,
              'seatNumber', seat_holds.seat_number, 'entryTime', seat_holds.entry_time::text,
              'exitTime', seat_holds.exit_time::text, 'nextDayExit', seat_holds.next_day_exit, 'held', true)
              order by seat_holds.entry_time, seat_holds.id), '[]'::jsonb)
              from seat_holds join users m on m.id = seat_holds.user_id
             where seat_holds.client_id = ${client} and seat_holds.room_id = ${input.roomId}
               and seat_holds.seat_number = ${input.seatNumber} and seat_holds.status = 'held'
               and ${holdCounts})`
    } as holders,
    (select (now() at time zone b.timezone)::date::text from branches b where b.id = ${branch}) as today,
    (select c.locale from clients c where c.id = ${client}) as locale`,
  );
  const found = rows[0]!;
  const checker = MemberChecker.of(ctx, {
    rooms: found.room ? [found.room] : [],
    packages: found.package ? [found.package] : [],
    feeStructures: found.feeStructure ? [found.feeStructure] : [],
    owners: found.owner ? [found.owner] : [],
    holders: found.holders.map((h) => ({ ...h, roomId: input.roomId! })),
  });
  return {
    checker,
    existing: found.existing,
    today: ctx.branchToday ?? found.today,
    language: languageOf(found.locale),
  };
}

/** The stored row as the checks read it (memberValues' `existing`). */
const rowOf = (m: User): UserRow => ({ ...(m as unknown as UserRow), id: m.userId });

/** memberValues' decisions on what memberLookup read: throws 400 or 409, returns the columns to store. */
function decide(
  lookup: Awaited<ReturnType<typeof memberLookup>>,
  input: ParsedUserInput,
  existing?: UserRow,
) {
  const { details, conflicts } = lookup.checker.check(input, existing);
  if (details.length) throw validationFailed(details.map((d) => ({ ...d, path: `body.${d.path}` })));
  if (conflicts[0]) throw conflict(saidOf(conflicts[0]));
  // What was said of the first period is the create's: an edit keeps it. No language said: a new
  // member reads the organisation's (issue 48), an edit keeps theirs.
  const { firstPeriod, language, ...kept } = input;
  const values = {
    ...kept,
    ...(!existing && { firstPeriod, language: language ?? lookup.language }),
    ...(existing && language !== null && { language }),
    joinedOn: input.joinedOn ?? input.validFrom,
  };
  if (!existing || (existing.status && input.validTill < lookup.today)) {
    return { ...values, ...startingStatus(input, lookup.today) };
  }
  return values;
}

/** The write and its audit row in one statement; answers the stored record (none if nothing was written). */
async function writeWithAudit(
  db: Db | Tx,
  ctx: StaffContext,
  write: SQL,
  action: 'create' | 'update',
  before: User | null,
): Promise<User | undefined> {
  const rows = await run<{ record: User }>(
    db,
    sql`
    with written as (${write}),
    rec as (select w.id, ${memberJsonSql('w')} as record from written w),
    audit as (
      insert into audit_log (client_id, branch_id, staff_id, request_id, entity, entity_id, action, before, after)
      select ${ctx.clientId}, ${ctx.branchId}, ${ctx.staffId}, ${ctx.requestId ?? null}, 'user', rec.id::text,
             ${action}, ${before === null ? null : JSON.stringify(before)}::jsonb, rec.record
        from rec)
    select record from rec`,
  );
  return rows[0]?.record;
}

/**
 * Creates a member: two statements, or a transaction when a seat is taken or the first period is
 * charged (payments/openingCharge.ts: the charge is written with the member, or neither is).
 */
export async function createMember(db: Db, ctx: StaffContext, input: ParsedUserInput): Promise<User> {
  const charges = chargesFirstPeriod(input);
  if (charges) await assertPaymentsTaken(db, ctx);
  const create = async (q: Db | Tx) => {
    const values = decide(await memberLookup(q, ctx, input), input);
    const insert = q
      .insert(users)
      .values({ ...values, clientId: ctx.clientId, branchId: ctx.branchId! })
      .returning();
    return (await writeWithAudit(q, ctx, insert.getSQL(), 'create', null))!;
  };
  if (input.roomId === null && !charges) return create(db);
  return db.transaction(async (tx) => {
    if (input.roomId !== null) await lockRoom(tx, ctx, input.roomId);
    const created = await create(tx);
    return charges ? chargeFirstPeriod(tx, ctx, created) : created;
  });
}

/** Edits a member: two statements while the seat stays as it was and nobody wrote the row meanwhile. */
export async function updateMember(
  db: Db,
  ctx: StaffContext,
  id: number,
  input: ParsedUserInput,
): Promise<User> {
  const edit = async (q: Db | Tx): Promise<User | undefined | 'seat'> => {
    const lookup = await memberLookup(q, ctx, input, id);
    if (!lookup.existing) throw notFound('MEMBER');
    const { xmin, ...before } = lookup.existing;
    const existing = rowOf(before);
    if (!('rollback' in q) && takesSeat(input, existing)) return 'seat';
    const values = decide(lookup, input, existing);
    const update = q
      .update(users)
      .set({ ...values, updatedAt: new Date().toISOString() })
      .where(
        sql`${users.clientId} = ${ctx.clientId} and ${users.branchId} = ${ctx.branchId} and ${users.id} = ${id}
            and ${users}.xmin = ${xmin}::xid`,
      )
      .returning();
    return writeWithAudit(q, ctx, update.getSQL(), 'update', before);
  };
  const fast = await edit(db);
  if (fast !== undefined && fast !== 'seat') return fast;
  // A seat taken anew, or the row written meanwhile: locked, as the factory's update did.
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .execute<{ room_id: number | null }>(
        sql`
      select room_id from users where client_id = ${ctx.clientId} and branch_id = ${ctx.branchId}
         and id = ${id} for update`,
      )
      .then((r) => r.rows);
    if (!locked) throw notFound('MEMBER');
    if (input.roomId !== null) await lockRoom(tx, ctx, input.roomId);
    return (await edit(tx)) as User;
  });
}

/**
 * Whether an edit gives an active member a seat window they did not hold: only then can it clash
 * with a seat assignment running at the same time, so only then does it take the room's lock. A
 * member keeping their seat and window changes no one's seat. An inactive member holds none and an
 * edit never switches anyone on (reactivation checks the seat under the lock): whatever seat their
 * edit names, a clerk seating someone at the same time ends as if one had gone after the other.
 */
function takesSeat(input: ParsedUserInput, existing: UserRow): boolean {
  if (input.roomId === null || !existing.status) return false;
  return (
    input.roomId !== existing.roomId ||
    input.seatNumber !== existing.seatNumber ||
    input.entryTime !== existing.entryTime ||
    input.exitTime !== existing.exitTime ||
    input.nextDayExit !== existing.nextDayExit
  );
}

/** Locking the room serialises seat assignments: two clerks cannot both take the last slot. */
async function lockRoom(tx: Tx, ctx: StaffContext, roomId: number) {
  await tx.execute(sql`select id from rooms where client_id = ${ctx.clientId} and branch_id = ${ctx.branchId}
    and id = ${roomId} for update`);
}
