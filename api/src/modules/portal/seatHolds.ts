// Choosing a seat when renewing on the member page (issue 45, point 5). The page lists the seats of the
// member's room (or of every room of the branch, for a member without one) for the member's daily
// window; a choice holds the seat for them for the organisation's minutes, and for as long after as a
// UPI claim they filed while it was live waits; the confirm of that claim assigns it. Every hold is
// made with the room's row locked, as staff seat assignments are (users/members.ts, MemberChecker),
// so two members never hold one seat window.
import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { seatId, type FreeSeats } from '@app/contract/seatHolds';
import { windowLabel, windowsOverlap, type DailyWindow } from '@app/contract/seatWindows';
import { branches, clients, rooms, seatHolds, upiClaims, users } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { writeAudit } from '../../platform/audit.ts';
import { auditOf } from '../../platform/crud.ts';
import { conflict, fieldError, said, validationFailed } from '../../platform/errors.ts';
import type { MemberRow } from '../payments/quote.ts';

type HoldRow = typeof seatHolds.$inferSelect;
type Occupant = DailyWindow & { userId: number; roomId: number; seatNumber: number };

/**
 * A hold counts while it is live, or while a claim its member filed before it ran out is pending:
 * the member paid for the seat they were shown, and staff have not decided yet.
 */
export const holdCounts = sql`(${seatHolds.expiresAt} > now() or exists (
  select 1 from ${upiClaims}
   where ${upiClaims.clientId} = ${seatHolds.clientId} and ${upiClaims.userId} = ${seatHolds.userId}
     and ${upiClaims.status} = 'pending'
     and ${upiClaims.createdAt} between ${seatHolds.createdAt} and ${seatHolds.expiresAt}))`;

/** The rooms a member chooses in: their own when they have one (and it is open), else the branch's. */
async function roomsFor(db: Db | Tx, member: MemberRow) {
  const open = await db
    .select({ id: rooms.id, name: rooms.name, capacity: rooms.capacity })
    .from(rooms)
    .where(
      and(eq(rooms.clientId, member.clientId), eq(rooms.branchId, member.branchId), eq(rooms.status, true)),
    )
    .orderBy(asc(rooms.name), asc(rooms.id));
  const own = open.filter((r) => r.id === member.roomId);
  return own.length ? own : open;
}

/** Who sits or holds in these rooms, other than the member: active members' seats and counting holds. */
async function occupants(db: Db | Tx, member: MemberRow, roomIds: number[]): Promise<Occupant[]> {
  if (!roomIds.length) return [];
  const [seated, held] = await Promise.all([
    db
      .select({
        userId: users.id,
        roomId: users.roomId,
        seatNumber: users.seatNumber,
        entryTime: users.entryTime,
        exitTime: users.exitTime,
        nextDayExit: users.nextDayExit,
      })
      .from(users)
      .where(
        and(
          eq(users.clientId, member.clientId),
          inArray(users.roomId, roomIds),
          isNotNull(users.seatNumber),
          eq(users.status, true),
          ne(users.id, member.id),
        ),
      ),
    db
      .select()
      .from(seatHolds)
      .where(
        and(
          eq(seatHolds.clientId, member.clientId),
          inArray(seatHolds.roomId, roomIds),
          eq(seatHolds.status, 'held'),
          ne(seatHolds.userId, member.id),
          holdCounts,
        ),
      ),
  ]);
  return [
    ...seated.map((s) => ({ ...s, roomId: s.roomId!, seatNumber: s.seatNumber! })),
    ...held.map((h) => ({ ...h })),
  ];
}

/** The member's counting hold, if any (the newest). */
async function ownHold(db: Db | Tx, member: MemberRow): Promise<HoldRow | undefined> {
  const [hold] = await db
    .select()
    .from(seatHolds)
    .where(
      and(
        eq(seatHolds.clientId, member.clientId),
        eq(seatHolds.userId, member.id),
        eq(seatHolds.status, 'held'),
        holdCounts,
      ),
    )
    .orderBy(sql`${seatHolds.createdAt} desc`, sql`${seatHolds.id} desc`)
    .limit(1);
  return hold;
}

async function holdMinutes(db: Db | Tx, clientId: number): Promise<number> {
  const [row] = await db
    .select({ minutes: clients.seatHoldMinutes })
    .from(clients)
    .where(eq(clients.id, clientId));
  return row!.minutes;
}

export async function freeSeats(db: Db, member: MemberRow): Promise<FreeSeats> {
  const open = await roomsFor(db, member);
  const [taken, hold, minutes, [branch]] = await Promise.all([
    occupants(
      db,
      member,
      open.map((r) => r.id),
    ),
    ownHold(db, member),
    holdMinutes(db, member.clientId),
    db.select({ timezone: branches.timezone }).from(branches).where(eq(branches.id, member.branchId)),
  ]);
  const till = (iso: string) =>
    new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: branch!.timezone,
    }).format(new Date(iso));
  const roomName = new Map(open.map((r) => [r.id, r.name]));
  return {
    holdMinutes: minutes,
    window: windowLabel(member),
    hold:
      hold && roomName.has(hold.roomId)
        ? {
            seatId: seatId(hold.roomId, hold.seatNumber),
            roomName: roomName.get(hold.roomId)!,
            seatNumber: hold.seatNumber,
            expiresAt: new Date(hold.expiresAt).toISOString(),
            till: till(hold.expiresAt),
          }
        : null,
    rooms: open.map((room) => ({
      id: room.id,
      name: room.name,
      seats: Array.from({ length: room.capacity }, (_, i) => {
        const number = i + 1;
        const state =
          hold?.roomId === room.id && hold.seatNumber === number
            ? ('held' as const)
            : member.status && member.roomId === room.id && member.seatNumber === number
              ? ('yours' as const)
              : taken.some(
                    (o) => o.roomId === room.id && o.seatNumber === number && windowsOverlap(o, member),
                  )
                ? ('taken' as const)
                : ('free' as const);
        return { seatId: seatId(room.id, number), number, state };
      }),
    })),
  };
}

/**
 * Holds the seat for the member (their earlier hold ends), with the room's row locked: of members
 * choosing one seat at once, exactly one holds it; the others are told it was just taken.
 */
export async function holdSeat(db: Db, ctx: StaffContext, member: MemberRow, chosen: string) {
  const [roomId, seatNumber] = chosen.split('-').map(Number) as [number, number];
  return db.transaction(async (tx) => {
    const [room] = await tx
      .select()
      .from(rooms)
      .where(
        and(
          eq(rooms.clientId, member.clientId),
          eq(rooms.branchId, member.branchId),
          eq(rooms.id, roomId),
          eq(rooms.status, true),
        ),
      )
      .for('update');
    const offered = (await roomsFor(tx, member)).some((r) => r.id === roomId);
    if (!room || !offered || seatNumber < 1 || seatNumber > room.capacity) {
      throw validationFailed([fieldError('body.seatId', 'SEAT_UNKNOWN')]);
    }
    const clash = (await occupants(tx, member, [roomId])).find(
      (o) => o.seatNumber === seatNumber && windowsOverlap(o, member),
    );
    if (clash) throw conflict(said('SEAT_JUST_TAKEN', { seat: seatNumber, room: room.name }));
    await tx
      .update(seatHolds)
      .set({ status: 'ended' })
      .where(
        and(
          eq(seatHolds.clientId, member.clientId),
          eq(seatHolds.userId, member.id),
          eq(seatHolds.status, 'held'),
        ),
      );
    const minutes = await holdMinutes(tx, member.clientId);
    const [hold] = await tx
      .insert(seatHolds)
      .values({
        clientId: member.clientId,
        branchId: member.branchId,
        userId: member.id,
        roomId,
        seatNumber,
        entryTime: member.entryTime,
        exitTime: member.exitTime,
        nextDayExit: member.nextDayExit,
        expiresAt: sql`now() + make_interval(mins => ${minutes})`,
      })
      .returning();
    await writeAudit(tx, auditOf(ctx, 'seatHold', hold!.id, 'create', null, hold));
    return hold!;
  });
}

/**
 * The seat a claim's member held when they filed it (for the confirm dialog): a hold that was live
 * at the claim's time, still held.
 */
export async function heldForClaim(
  db: Db | Tx,
  claim: { clientId: number; userId: number; createdAt: string },
): Promise<(HoldRow & { roomName: string }) | undefined> {
  const [row] = await db
    .select({ hold: seatHolds, roomName: rooms.name })
    .from(seatHolds)
    .innerJoin(rooms, eq(rooms.id, seatHolds.roomId))
    .where(
      and(
        eq(seatHolds.clientId, claim.clientId),
        eq(seatHolds.userId, claim.userId),
        eq(seatHolds.status, 'held'),
        sql`${claim.createdAt}::timestamptz between ${seatHolds.createdAt} and ${seatHolds.expiresAt}`,
      ),
    )
    .orderBy(sql`${seatHolds.createdAt} desc`)
    .limit(1);
  return row && { ...row.hold, roomName: row.roomName };
}

/**
 * Confirming a claim gives its member the seat they held for it, when nobody sits there in their
 * window meanwhile (a clerk may have given it away at the desk): the hold is then taken, the member's
 * room and seat set, audited. Otherwise the hold ends and the member keeps what they had; the payment
 * stands either way, since the money arrived.
 */
export async function assignHeldSeat(
  tx: Tx,
  ctx: StaffContext,
  claim: { clientId: number; userId: number; createdAt: string },
): Promise<boolean> {
  const hold = await heldForClaim(tx, claim);
  if (!hold) return false;
  await tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, hold.roomId)).for('update');
  const [member] = await tx
    .select()
    .from(users)
    .where(and(eq(users.clientId, claim.clientId), eq(users.id, claim.userId)))
    .for('update');
  const window = member ?? hold;
  const clash = member
    ? (await occupants(tx, member, [hold.roomId])).find(
        (o) => o.seatNumber === hold.seatNumber && windowsOverlap(o, window),
      )
    : undefined;
  const free = member !== undefined && clash === undefined;
  await tx
    .update(seatHolds)
    .set({ status: free ? 'taken' : 'ended' })
    .where(eq(seatHolds.id, hold.id));
  if (!free) return false;
  const [after] = await tx
    .update(users)
    .set({ roomId: hold.roomId, seatNumber: hold.seatNumber, updatedAt: new Date().toISOString() })
    .where(eq(users.id, member.id))
    .returning();
  await writeAudit(tx, auditOf(ctx, 'user', member.id, 'update', member, after));
  return true;
}
