import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, receiptCounters, users } from './schema.ts';
import { seedDemo } from './seed.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';

// The demo organisation's twelve months of payments (issue 11, point 6).
let t: TestApp;
let rows: (typeof payments.$inferSelect)[];
let members: (typeof users.$inferSelect)[];
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
const yearAgo = (() => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 365);
  return d.toISOString().slice(0, 10);
})();

beforeAll(async () => {
  t = await startTestApp();
  await seedDemo(t.db);
  rows = await t.db.select().from(payments);
  members = await t.db.select().from(users);
});
afterAll(() => t.close());

describe('demo payments seed', () => {
  it('spans the last twelve months in every branch, with late fines, part payments and voids', () => {
    expect(rows.length).toBeGreaterThan(2000);
    for (const branchId of new Set(members.map((m) => m.branchId))) {
      const mine = rows.filter((p) => p.branchId === branchId);
      const days = mine.map((p) => p.paidOn).sort();
      expect(days[0]! >= yearAgo && days[0]! < `${yearAgo.slice(0, 7)}-32`).toBe(true);
      expect(days.at(-1)! <= today).toBe(true);
      expect(mine.some((p) => p.lateFine > 0)).toBe(true);
      expect(mine.some((p) => p.lateFineWaiverReason !== null)).toBe(true);
      expect(mine.some((p) => p.received < p.total)).toBe(true);
      expect(mine.some((p) => p.duesSettled > 0)).toBe(true);
      expect(mine.some((p) => p.status === 'voided')).toBe(true);
      expect(new Set(mine.map((p) => p.mode)).size).toBe(5);
    }
    for (const p of rows) {
      const lines = p.lines.reduce((sum, l) => sum + l.amount, 0);
      expect(p.total).toBe(lines + p.lateFine + p.duesSettled - p.discount);
      expect(p.received).toBeGreaterThan(0);
      expect(p.received).toBeLessThanOrEqual(p.total);
      expect(p.mode === 'cash').toBe(p.bankAccountId === null);
    }
  });

  it('numbers receipts 1..n per branch and financial year in payment order, and the counters continue', async () => {
    const counters = await t.db.select().from(receiptCounters);
    const series = new Map<string, (typeof rows)[number][]>();
    for (const p of rows)
      series.set(`${p.branchId}/${p.fy}`, [...(series.get(`${p.branchId}/${p.fy}`) ?? []), p]);
    for (const [key, list] of series) {
      const bySeq = [...list].sort((a, b) => a.seq - b.seq);
      expect(bySeq.map((p) => p.seq)).toEqual(bySeq.map((_, i) => i + 1));
      expect(new Set(list.map((p) => p.receiptNumber)).size).toBe(list.length);
      // A later number is never an earlier day.
      bySeq.forEach((p, i) => i > 0 && expect(p.paidOn >= bySeq[i - 1]!.paidOn).toBe(true));
      const [branchId, fy] = key.split('/');
      const counter = counters.find((c) => c.branchId === Number(branchId) && c.fy === fy);
      expect(counter?.last).toBe(list.length);
    }
  });

  it("leaves each member valid till their latest payment's period and owing what it left", () => {
    const byMember = new Map<number, (typeof rows)[number][]>();
    for (const p of rows.filter((r) => r.status === 'completed')) {
      byMember.set(p.userId, [...(byMember.get(p.userId) ?? []), p]);
    }
    expect(byMember.size).toBeGreaterThan(members.length / 2);
    for (const member of members) {
      const list = (byMember.get(member.id) ?? []).sort(
        (a, b) => a.paidOn.localeCompare(b.paidOn) || a.id - b.id,
      );
      const latest = list.at(-1);
      if (!latest) {
        expect(member.dues).toBe(0);
        continue;
      }
      expect(latest.coversTill).toBe(member.validTill);
      expect(member.dues).toBe(latest.total - latest.received);
      expect(member.duesSince).toBe(member.dues > 0 ? latest.paidOn : null);
      // Each payment settles exactly what the one before it left owing.
      list.forEach((p, i) => i > 0 && expect(p.duesSettled).toBe(list[i - 1]!.total - list[i - 1]!.received));
    }
    expect(members.some((m) => m.dues > 0)).toBe(true);
  });
});
