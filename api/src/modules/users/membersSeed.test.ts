import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { windowsOverlap } from '@app/contract/seats';
import { enquiries, staff, users } from '../../db/schema.ts';
import { demoEnquiries, demoMembersPerBranch, demoSignIn, seedDemo } from '../../db/seed.ts';
import { call, startTestApp, tokenFor, type TestApp } from '../../test/harness.ts';

// The demo organisation's members and enquiries.
let t: TestApp;
let owner: string;
let seededIn: number;

beforeAll(async () => {
  t = await startTestApp();
  const started = Date.now();
  await seedDemo(t.db);
  seededIn = Date.now() - started;
  const [p] = await t.db.select().from(staff).where(eq(staff.email, demoSignIn.email));
  owner = await tokenFor(t, p!.id, p!.clientId);
});
afterAll(() => t.close());

const localToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

describe('demo members seed', () => {
  it('seeds 300 members per branch in every state, quickly', async () => {
    const rows = await t.db.select().from(users);
    const branchIds = [...new Set(rows.map((r) => r.branchId))];
    expect(branchIds).toHaveLength(3);
    expect(seededIn).toBeLessThan(20_000);
    for (const branchId of branchIds) {
      const mine = rows.filter((r) => r.branchId === branchId);
      expect(mine).toHaveLength(demoMembersPerBranch);
      const active = mine.filter((r) => r.status);
      expect(active.filter((r) => r.validTill > localToday).length).toBeGreaterThan(100);
      expect(active.filter((r) => r.validTill <= addDays(localToday, 7)).length).toBeGreaterThan(10);
      expect(mine.filter((r) => r.inactiveReason === 'expired').length).toBeGreaterThan(10);
      expect(mine.filter((r) => r.inactiveReason === 'deactivated').length).toBeGreaterThan(5);
      // The stored status agrees with the dates: no active member is already past validity.
      expect(active.every((r) => r.validTill >= localToday)).toBe(true);
      expect(mine.filter((r) => r.inactiveReason === 'expired').every((r) => r.validTill < localToday)).toBe(
        true,
      );
      expect(mine.filter((r) => r.roomId !== null).length).toBeGreaterThan(100);
    }
    expect(new Set(rows.map((r) => r.mobile)).size).toBe(rows.length);
    expect(rows.every((r) => r.validFrom <= r.validTill)).toBe(true);
  });

  it('seats nobody on an overlapping window, active or not', async () => {
    const seated = (await t.db.select().from(users)).filter((r) => r.roomId !== null);
    const bySeat = new Map<string, typeof seated>();
    for (const r of seated) {
      const key = `${r.roomId}:${r.seatNumber}`;
      bySeat.set(key, [...(bySeat.get(key) ?? []), r]);
    }
    for (const holders of bySeat.values()) {
      for (const [i, x] of holders.entries()) {
        for (const y of holders.slice(i + 1)) expect(windowsOverlap(x, y)).toBe(false);
      }
    }
    expect([...bySeat.values()].some((h) => h.some((r) => r.nextDayExit))).toBe(true);
  });

  it('has 40 enquiries, the converted ones linked both ways', async () => {
    const rows = await t.db.select().from(enquiries);
    expect(rows).toHaveLength(demoEnquiries);
    const converted = rows.filter((r) => r.status === 'converted');
    expect(converted.length).toBeGreaterThan(0);
    for (const e of converted) {
      const [m] = await t.db.select().from(users).where(eq(users.id, e.convertedUserId!));
      expect(m).toMatchObject({ enquiryId: e.id, branchId: e.branchId, mobile: e.mobile });
    }
  });

  it('reads back through the API with search and the expiring filter', async () => {
    const [m] = await t.db.select().from(users).limit(1);
    const get = (url: string) => call(t, owner, { method: 'GET', url, branchId: m!.branchId });
    const soon = await get('/api/user/getUsers?expiringWithinDays=7&pageSize=100');
    expect(soon.statusCode).toBe(200);
    expect(soon.json().total).toBeGreaterThan(10);
    const found = await get(
      `/api/user/getUsers?q=${encodeURIComponent(m!.name.split(' ')[0]!.toLowerCase())}`,
    );
    expect(found.json().total).toBeGreaterThan(0);
  });
});

function addDays(iso: string, n: number) {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
