import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  accountTransfers,
  dayCloses,
  expenses,
  payments,
  receiptCounters,
  refunds,
  users,
} from './schema.ts';
import { seedDemo } from './seed.ts';
import { statementOf } from '../modules/books/statement.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';

// The demo organisation's twelve months of payments (issue 11, point 6).
let t: TestApp;
let rows: (typeof payments.$inferSelect)[];
let members: (typeof users.$inferSelect)[];
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
const shift = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const yearAgo = shift(today, -365);
// The first payments fall in the history's first month, counted in days: near a month's end they
// are in the next calendar month (2025-12-01 for a history from 2025-11-28).
const firstMonthEnds = shift(yearAgo, 30);

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
      expect(days[0]! >= yearAgo && days[0]! <= firstMonthEnds).toBe(true);
      expect(days.at(-1)! <= today).toBe(true);
      expect(mine.some((p) => p.lateFine > 0)).toBe(true);
      expect(mine.some((p) => p.lateFineWaiverReason !== null)).toBe(true);
      expect(mine.some((p) => p.received < p.total)).toBe(true);
      expect(mine.some((p) => p.duesSettled > 0)).toBe(true);
      // Part payments settled later on their own, by a dues-only payment (issue 34).
      expect(
        mine.some((p) => p.feeStructureId === null && p.duesSettled > 0 && p.total === p.duesSettled),
      ).toBe(true);
      expect(mine.some((p) => p.status === 'voided')).toBe(true);
      expect(new Set(mine.map((p) => p.mode)).size).toBe(5);
    }
    for (const p of rows) {
      const lines = p.lines.reduce((sum, l) => sum + l.amount, 0);
      expect(p.total).toBe(lines + p.lateFine + p.duesSettled - p.discount);
      expect(p.received).toBeGreaterThan(0);
      expect(p.received).toBeLessThanOrEqual(p.total);
      expect(p.bankAccountId).not.toBeNull();
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
      // Dues are what payments left owing minus what later payments settled (DOMAIN.md, Dues).
      const owing = list.reduce((sum, p) => sum + p.total - p.received - p.duesSettled, 0);
      expect(member.dues).toBe(owing);
      expect(member.dues).toBe(latest.total - latest.received);
      expect(member.duesSince).toBe(member.dues > 0 ? latest.paidOn : null);
      // Each payment settles exactly what the one before it left owing.
      list.forEach((p, i) => i > 0 && expect(p.duesSettled).toBe(list[i - 1]!.total - list[i - 1]!.received));
    }
    expect(members.some((m) => m.dues > 0)).toBe(true);
  });
});

// The money out and the books (issue 12, point 6).
describe('demo books seed', () => {
  it('refunds some payments, never more than received, numbered 1..n per branch and year', async () => {
    const rows = await t.db.select().from(refunds);
    const paymentsById = new Map((await t.db.select().from(payments)).map((p) => [p.id, p]));
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows) {
      const p = paymentsById.get(r.paymentId)!;
      expect(r.amount).toBeGreaterThan(0);
      expect(r.amount).toBeLessThanOrEqual(p.received);
      expect(r.refundedOn >= p.paidOn && r.refundedOn <= today).toBe(true);
      expect(r.refundNumber).toMatch(/-R\d+$/);
    }
    const series = new Map<string, number[]>();
    for (const r of rows)
      series.set(`${r.branchId}/${r.fy}`, [...(series.get(`${r.branchId}/${r.fy}`) ?? []), r.seq]);
    for (const seqs of series.values()) expect(seqs.sort((a, b) => a - b)).toEqual(seqs.map((_, i) => i + 1));
  });

  it('has twelve months of expenses in the usual categories, weekly deposits and the past week closed', async () => {
    const rows = await t.db.select().from(expenses);
    for (const branchId of new Set(members.map((m) => m.branchId))) {
      const mine = rows.filter((e) => e.branchId === branchId);
      expect(new Set(mine.map((e) => e.paidOn.slice(0, 7))).size).toBeGreaterThanOrEqual(12);
      expect(new Set(mine.map((e) => e.categoryId)).size).toBeGreaterThanOrEqual(5);
      expect(mine.every((e) => e.paidOn >= yearAgo && e.paidOn < today)).toBe(true);
      const transfers = await t.db
        .select()
        .from(accountTransfers)
        .where(sql`branch_id = ${branchId}`);
      // Most Mondays: a week with less cash than the float deposits nothing.
      expect(transfers.length).toBeGreaterThan(25);
      const closes = (
        await t.db
          .select()
          .from(dayCloses)
          .where(sql`branch_id = ${branchId}`)
      )
        .map((d) => d.day)
        .sort();
      expect(closes).toHaveLength(7);
      expect(closes.at(-1)! < today).toBe(true);
    }
    expect(rows.some((e) => e.status === 'voided')).toBe(true);
  });

  it('keeps every balance equal to the sum of its rows, and no cash drawer below zero at a close', async () => {
    const { rows } = await t.db.execute<{ kept: string; summed: string }>(sql`
      select a.opening_balance + a.movements_total as kept, a.opening_balance
        + coalesce((select sum(received) from payments where bank_account_id = a.id and status = 'completed'), 0)
        - coalesce((select sum(amount) from refunds where bank_account_id = a.id), 0)
        - coalesce((select sum(amount) from expenses where bank_account_id = a.id and status = 'completed'), 0)
        - coalesce((select sum(amount) from account_transfers where from_account_id = a.id), 0)
        + coalesce((select sum(amount) from account_transfers where to_account_id = a.id), 0)
        + coalesce((select sum(difference) from day_closes where cash_account_id = a.id), 0) as summed
        from bank_accounts a`);
    expect(rows.filter((r) => r.kept !== r.summed)).toEqual([]);
    const closes = await t.db.select().from(dayCloses);
    expect(closes.every((c) => c.expected >= 0 && c.counted === c.expected + c.difference)).toBe(true);
  });

  it("orders each cash statement as the money moved: right after a day's close the balance is what was counted", async () => {
    const closes = await t.db.select().from(dayCloses);
    const clientId = (await t.db.execute<{ id: number }>(sql`select id from clients limit 1`)).rows[0]!.id;
    for (const accountId of new Set(closes.map((c) => c.cashAccountId))) {
      const statement = await statementOf(t.db, clientId, { bankAccountId: accountId }, null);
      const after = statement.items.filter((m) => m.kind === 'dayClose').map((m) => [m.day, m.balance]);
      const counted = closes
        .filter((c) => c.cashAccountId === accountId && c.difference !== 0)
        .sort((a, b) => a.day.localeCompare(b.day))
        .map((c) => [c.day, c.counted]);
      expect(after).toEqual(counted);
    }
  });
});
