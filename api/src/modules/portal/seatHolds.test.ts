import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { seatHolds, upiClaims, users } from '../../db/schema.ts';
import { call, createOrg, startTestApp, type TestApp, type TestOrg } from '../../test/harness.ts';
import { addDays } from '../payments/quote.ts';

// Choosing a seat when renewing on the member page (issue 45, point 5): the free seats of the member's
// window, one hold per seat window however many choose at once, a hold that ends by itself, and the
// confirm of the member's UPI claim that gives them the seat.
let t: TestApp;
let org: TestOrg;
let branchId: number;
let roomId: number;
let otherRoomId: number;
let structureId: number;
let mobile = 8_400_000_000;
let utr = 410_000_000_000;
let address = 0;
const today = () => new Date().toISOString().slice(0, 10);

const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, branch = branchId) =>
  call(t, org.ownerToken, { method, url, branchId: branch, ...(payload && { payload }) });

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrg(t, { branchCount: 2 });
  branchId = org.branchIds[0]!;
  roomId = (await staff('POST', '/api/room/createRoom', { name: 'Hall A', capacity: 6 })).json().id;
  otherRoomId = (
    await staff('POST', '/api/room/createRoom', { name: 'Far Hall', capacity: 4 }, org.branchIds[1])
  ).json().id;
  const fee = (await staff('POST', '/api/feeType/createFeeType', { name: 'Monthly Fee' })).json().id;
  structureId = (
    await staff('POST', '/api/feeStructure/createFeeStructure', {
      name: 'Monthly',
      durationDays: 30,
      lines: [{ feeTypeId: fee, amount: 90000 }],
    })
  ).json().id;
  const account = await staff('POST', '/api/bankAccount/createBankAccount', {
    accountName: 'Current',
    bankName: 'HDFC',
    accountNumber: '5020009',
    upiId: 'seats.library@hdfc',
  });
  expect(account.statusCode, account.body).toBe(201);
}, 120_000);
afterAll(() => t?.close());

/** A member of the branch with the daily window given, a live link, optionally a seat. */
async function member(window: [string, string], seat: number | null = null) {
  const res = await staff('POST', '/api/user/createUser', {
    name: `Seat ${++mobile}`,
    mobile: String(mobile),
    validFrom: addDays(today(), -25),
    validTill: addDays(today(), 4),
    entryTime: window[0],
    exitTime: window[1],
    feeStructureId: structureId,
    ...(seat !== null && { roomId, seatNumber: seat }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const userId = res.json().userId as number;
  const link = await staff('POST', `/api/portal/createLink?userId=${userId}`);
  return { userId, token: (link.json().url as string).split('/m/')[1]! };
}

const asMember = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    remoteAddress: `10.45.${++address % 250}.1`,
    headers: { 'member-token': token },
    ...(payload && { payload }),
  });
const seatsOf = async (token: string) => {
  const res = await asMember(token, 'GET', '/api/portal/getFreeSeats');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    holdMinutes: number;
    window: string;
    hold: { seatId: string; seatNumber: number; roomName: string; expiresAt: string } | null;
    rooms: { id: number; name: string; seats: { seatId: string; number: number; state: string }[] }[];
  };
};
const stateOf = (seats: Awaited<ReturnType<typeof seatsOf>>, n: number) =>
  seats.rooms.find((r) => r.id === roomId)!.seats.find((s) => s.number === n)!.state;
const hold = (token: string, n: number, room = roomId) =>
  asMember(token, 'POST', '/api/portal/holdSeat', { seatId: `${room}-${n}` });

describe('the free seats', () => {
  it("are the room's seats for the member's window: a seat taken in an overlapping window is taken", async () => {
    const sitter = await member(['08:00', '14:00'], 1);
    const morning = await member(['10:00', '16:00']);
    const evening = await member(['14:00', '20:00']);
    const mine = await seatsOf(morning.token);
    expect(mine).toMatchObject({ holdMinutes: 30, hold: null });
    // Only this branch's rooms: Far Hall belongs to the other branch.
    expect(mine.rooms.map((r) => r.name)).toEqual(['Hall A']);
    expect(stateOf(mine, 1)).toBe('taken');
    expect(stateOf(mine, 2)).toBe('free');
    expect(stateOf(await seatsOf(evening.token), 1)).toBe('free');
    expect(stateOf(await seatsOf(sitter.token), 1)).toBe('yours');
  });
});

describe('a hold', () => {
  it('keeps the seat for the member and from anyone whose window overlaps; a new choice ends the old', async () => {
    const chooser = await member(['06:00', '12:00']);
    const rival = await member(['11:00', '13:00']);
    const night = await member(['20:00', '23:00']);
    const res = await hold(chooser.token, 3);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().hold).toMatchObject({ seatId: `${roomId}-3`, seatNumber: 3, roomName: 'Hall A' });
    const minutes = (Date.parse(res.json().hold.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    expect(stateOf(await seatsOf(rival.token), 3)).toBe('taken');
    const refused = await hold(rival.token, 3);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'SEAT_JUST_TAKEN', params: { seat: 3, room: 'Hall A' } });
    // A window that does not overlap may hold the same seat.
    expect((await hold(night.token, 3)).statusCode).toBe(200);
    // The chooser changes their mind: seat 3 is free again for the rival.
    expect((await hold(chooser.token, 4)).statusCode).toBe(200);
    expect(stateOf(await seatsOf(rival.token), 3)).toBe('free');
    expect(stateOf(await seatsOf(rival.token), 4)).toBe('taken');
    const held = await t.db
      .select({ status: seatHolds.status, seat: seatHolds.seatNumber })
      .from(seatHolds)
      .where(eq(seatHolds.userId, chooser.userId))
      .orderBy(seatHolds.id);
    expect(held).toEqual([
      { status: 'ended', seat: 3 },
      { status: 'held', seat: 4 },
    ]);
  });

  it('of one seat by 10 members at once: exactly one holds it', async () => {
    const members = await Promise.all(Array.from({ length: 10 }, () => member(['15:00', '18:00'])));
    const answers = await Promise.all(members.map((m) => hold(m.token, 2)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, ...Array<number>(9).fill(409)]);
    const [{ n }] = (
      await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from seat_holds where room_id = ${roomId} and seat_number = 2 and status = 'held'
              and entry_time = '15:00'`,
      )
    ).rows as [{ n: number }];
    expect(n).toBe(1);
  });

  it('ends by itself when no claim comes', async () => {
    const first = await member(['21:00', '23:00']);
    const second = await member(['22:00', '23:30']);
    expect((await hold(first.token, 1)).statusCode).toBe(200);
    expect(stateOf(await seatsOf(second.token), 1)).toBe('taken');
    await t.db
      .update(seatHolds)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(seatHolds.userId, first.userId));
    expect(stateOf(await seatsOf(second.token), 1)).toBe('free');
    expect((await seatsOf(first.token)).hold).toBeNull();
    expect((await hold(second.token, 1)).statusCode).toBe(200);
  });

  it("lasts the organisation's setting, kept when a save leaves it out", async () => {
    const settings = (await staff('GET', '/api/settings/getSettings')).json();
    expect(settings.seatHoldMinutes).toBe(30);
    const { currencyLocked: _locked, ...input } = settings;
    const tooShort = await staff('PUT', '/api/settings/updateSettings', { ...input, seatHoldMinutes: 2 });
    expect(tooShort.json().details[0]).toMatchObject({ path: 'body.seatHoldMinutes' });
    const saved = await staff('PUT', '/api/settings/updateSettings', { ...input, seatHoldMinutes: 45 });
    expect(saved.json().seatHoldMinutes).toBe(45);
    const { seatHoldMinutes: _left, ...without } = input;
    expect((await staff('PUT', '/api/settings/updateSettings', without)).json().seatHoldMinutes).toBe(45);
    const m = await member(['23:00', '23:30']);
    const held = (await hold(m.token, 6)).json();
    expect(held.holdMinutes).toBe(45);
    expect((Date.parse(held.hold.expiresAt) - Date.now()) / 60_000).toBeGreaterThan(44);
    await staff('PUT', '/api/settings/updateSettings', { ...input, seatHoldMinutes: 30 });
  });

  it('refuses a seat the room does not have, and a room of another branch', async () => {
    const m = await member(['00:00', '00:00']);
    const beyond = await hold(m.token, 7);
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().details[0]).toMatchObject({ path: 'body.seatId', code: 'SEAT_UNKNOWN' });
    expect((await hold(m.token, 1, otherRoomId)).json().details[0].code).toBe('SEAT_UNKNOWN');
    expect((await asMember(m.token, 'POST', '/api/portal/holdSeat', { seatId: 'A1' })).statusCode).toBe(400);
  });
});

describe('a UPI claim filed while the hold was live', () => {
  it('keeps the seat past the hold until staff decide; the confirm says so and gives the seat', async () => {
    const m = await member(['07:00', '09:00']);
    const rival = await member(['08:00', '10:00']);
    expect((await hold(m.token, 5)).statusCode).toBe(200);
    const summary = (await asMember(m.token, 'GET', '/api/portal/getSummary')).json();
    const offer = summary.upi.offers.find((o: { purpose: string }) => o.purpose === 'renewal');
    const claim = await asMember(m.token, 'POST', '/api/portal/claimUpiPayment', {
      amount: offer.amount,
      utr: String(++utr),
      reference: offer.reference,
    });
    expect(claim.statusCode, claim.body).toBe(201);
    // The hold's time runs out while the claim waits: the seat stays the member's.
    await t.db
      .update(seatHolds)
      .set({ expiresAt: sql`now() - interval '1 millisecond'` })
      .where(eq(seatHolds.userId, m.userId));
    expect(stateOf(await seatsOf(rival.token), 5)).toBe('taken');
    expect((await hold(rival.token, 5)).statusCode).toBe(409);

    const listed = (await staff('GET', '/api/payment/getUpiClaims?status=pending')).json();
    const mine = listed.items.find((c: { id: number }) => c.id === claim.json().id);
    expect(mine.onConfirm.seat).toEqual({ roomName: 'Hall A', seatNumber: 5 });
    const confirmed = await staff('POST', `/api/payment/confirmUpiClaim?claimId=${claim.json().id}`);
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const [row] = await t.db
      .select({ roomId: users.roomId, seatNumber: users.seatNumber })
      .from(users)
      .where(eq(users.id, m.userId));
    expect(row).toEqual({ roomId, seatNumber: 5 });
    const [h] = await t.db.select().from(seatHolds).where(eq(seatHolds.userId, m.userId));
    expect(h!.status).toBe('taken');
    expect(stateOf(await seatsOf(m.token), 5)).toBe('yours');
    expect(stateOf(await seatsOf(rival.token), 5)).toBe('taken');
  });

  it('of a seat a clerk gave away meanwhile: the payment stands, the member keeps what they had', async () => {
    const m = await member(['05:00', '06:00']);
    expect((await hold(m.token, 3)).statusCode).toBe(200);
    const summary = (await asMember(m.token, 'GET', '/api/portal/getSummary')).json();
    const offer = summary.upi.offers.find((o: { purpose: string }) => o.purpose === 'renewal');
    const claim = await asMember(m.token, 'POST', '/api/portal/claimUpiPayment', {
      amount: offer.amount,
      utr: String(++utr),
      reference: offer.reference,
    });
    // The desk cannot seat someone on it for an overlapping window: the form names who chose it.
    const refused = await staff('POST', '/api/user/createUser', {
      name: `Seat ${++mobile}`,
      mobile: String(mobile),
      validFrom: addDays(today(), -25),
      validTill: addDays(today(), 4),
      entryTime: '05:30',
      exitTime: '07:00',
      roomId,
      seatNumber: 3,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'SEAT_HELD',
      params: { seat: 3, room: 'Hall A', window: '05:00–06:00' },
    });
    // The desk's seat map shows it kept for the member, and not free for that window.
    const map = await staff(
      'GET',
      `/api/user/getSeatAvailability?roomId=${roomId}&entryTime=05:30&exitTime=07:00&nextDayExit=false`,
    );
    const seat3 = map.json().seats.find((s: { seatNumber: number }) => s.seatNumber === 3);
    expect(seat3.free).toBe(false);
    expect(seat3.takenBy).toContainEqual(expect.objectContaining({ userId: m.userId, held: true }));
    // Given away all the same (a direct edit of the database): the confirm keeps the payment.
    const other = await member(['05:30', '07:00']);
    await t.db.update(users).set({ roomId, seatNumber: 3 }).where(eq(users.id, other.userId));
    const confirmed = await staff('POST', `/api/payment/confirmUpiClaim?claimId=${claim.json().id}`);
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const [row] = await t.db
      .select({ seatNumber: users.seatNumber })
      .from(users)
      .where(and(eq(users.id, m.userId)));
    expect(row!.seatNumber).toBeNull();
    const [h] = await t.db.select().from(seatHolds).where(eq(seatHolds.userId, m.userId));
    expect(h!.status).toBe('ended');
    const [c] = await t.db.select().from(upiClaims).where(eq(upiClaims.id, claim.json().id));
    expect(c!.status).toBe('confirmed');
  });
});
