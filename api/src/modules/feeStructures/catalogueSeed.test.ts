import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { branches, staff } from '../../db/schema.ts';
import { demoSignIn, seedDemo } from '../../db/seed.ts';
import { call, startTestApp, tokenFor, type TestApp } from '../../test/harness.ts';

// The demo organisation's catalogue, read back through the API as the demo staff see it.
let t: TestApp;
let owner: string;
let manager: string;
let branchIds: number[];

beforeAll(async () => {
  t = await startTestApp();
  await seedDemo(t.db);
  const people = await t.db.select().from(staff);
  const token = (email: string) => {
    const p = people.find((x) => x.email === email)!;
    return tokenFor(t, p.id, p.clientId);
  };
  owner = await token(demoSignIn.email);
  manager = await token('manager@library.test');
  const clientId = people[0]!.clientId;
  branchIds = (await t.db.select().from(branches).where(eq(branches.clientId, clientId))).map((b) => b.id);
});
afterAll(() => t.close());

const get = (token: string, url: string, branchId?: number) =>
  call(t, token, { method: 'GET', url, branchId }).then((r) => {
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  });

describe('demo catalogue seed', () => {
  it('has the packages, one of them inactive, with generated unique names', async () => {
    const res = await get(owner, '/api/package/getPackages?pageSize=10&sort=downloadSpeed');
    expect(res.items.map((p: { uniqueName: string }) => p.uniqueName)).toEqual([
      'legacy-4-mbps',
      'basic-10-mbps',
      'standard-25-mbps',
      'unlimited-50-mbps',
    ]);
    expect((await get(owner, '/api/package/getPackages?status=false')).total).toBe(1);
  });

  it('has fee types and three fee structures whose totals are the sums of their lines', async () => {
    const types = await get(owner, '/api/feeType/getFeeTypes?pageSize=10');
    expect(types.total).toBe(5);
    expect(
      types.items.filter((x: { refundable: boolean }) => x.refundable).map((x: { name: string }) => x.name),
    ).toEqual(['Security Deposit']);
    const structures = await get(owner, '/api/feeStructure/getFeeStructures?pageSize=10&sort=total');
    expect(structures.total).toBe(3);
    for (const s of structures.items as { total: number; lines: { amount: number }[] }[]) {
      expect(s.total).toBe(s.lines.reduce((sum, l) => sum + l.amount, 0));
    }
    const night = structures.items.find((s: { name: string }) => s.name.includes('Night'));
    expect(night).toMatchObject({ entryTime: '20:00:00', exitTime: '06:00:00', nextDayExit: true });
    const quarterly = structures.items.find((s: { name: string }) => s.name.includes('Quarterly'));
    expect(quarterly).toMatchObject({ durationDays: 90 });
    expect(quarterly.packageId).not.toBeNull();
  });

  it('has the expense categories', async () => {
    const res = await get(owner, '/api/category/getCategories?pageSize=10&sort=name');
    expect(res.items.map((c: { name: string }) => c.name)).toEqual([
      'Electricity',
      'Housekeeping',
      'Internet',
      'Rent',
      'Salaries',
      'Stationery',
    ]);
  });

  it('has two bank accounts, masked for the manager (view only), and a cash account per branch', async () => {
    const cash = await get(owner, '/api/bankAccount/getBankAccounts?kind=cash');
    expect(cash.total).toBe(3);
    const full = await get(owner, '/api/bankAccount/getBankAccounts?kind=bank');
    expect(full.total).toBe(2);
    expect(full.items.map((x: { accountNumber: string }) => x.accountNumber).sort()).toEqual([
      '30012345678',
      '50200012345678',
    ]);
    const masked = await get(manager, '/api/bankAccount/getBankAccounts?kind=bank');
    expect(masked.items.map((x: { accountNumber: string }) => x.accountNumber).sort()).toEqual([
      '•••• 5678',
      '•••• 5678',
    ]);
  });

  it('has two or three rooms of 20 to 60 seats in each branch', async () => {
    expect(branchIds).toHaveLength(3);
    for (const branchId of branchIds) {
      const res = await get(owner, '/api/room/getRooms?pageSize=10', branchId);
      expect(res.total).toBeGreaterThanOrEqual(2);
      expect(res.total).toBeLessThanOrEqual(3);
      for (const room of res.items as { capacity: number; branchId: number }[]) {
        expect(room.branchId).toBe(branchId);
        expect(room.capacity).toBeGreaterThanOrEqual(20);
        expect(room.capacity).toBeLessThanOrEqual(60);
      }
    }
  });
});
