// Twelve months of payments for the demo organisation (issue 11): every member's renewals leading up
// to their current validTill, some paid late with a fine, some partly paid and settled by the next
// payment or by a dues-only payment before it, a few entered twice and voided. Written straight into the tables (a seed, not a request),
// so it keeps the invariants the payments service keeps: gapless receipt numbers per branch and
// financial year, counters that continue after them, dues on the member equal to what is owed.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { receiptNumber, financialYear } from '@app/contract/receiptNumbers';
import type { Tx } from './client.ts';
import {
  bankAccounts,
  branches,
  clients,
  feeStructures,
  feeTypes,
  payments,
  receiptCounters,
  staff,
  users,
  type PaymentLineRow,
} from './schema.ts';
import { rng, seededAt } from './seedHelpers.ts';

const historyDays = 365;
const modes = [
  'cash',
  'cash',
  'cash',
  'cash',
  'upi',
  'upi',
  'upi',
  'card',
  'bankTransfer',
  'cheque',
] as const;

type Draft = Omit<typeof payments.$inferInsert, 'receiptNumber' | 'fy' | 'seq' | 'verifyToken'> & {
  /** Order within one day of one branch: a member's payments stay in the order they were made. */
  order: number;
};

function shift(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export async function seedPayments(tx: Tx, clientId: number, branchIds: number[], today: string) {
  const random = rng(20251101);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const [client] = await tx.select().from(clients).where(eq(clients.id, clientId));
  const names = new Map(
    (await tx.select().from(feeTypes).where(eq(feeTypes.clientId, clientId))).map((f) => [f.id, f.name]),
  );
  const structures = new Map(
    (await tx.select().from(feeStructures).where(eq(feeStructures.clientId, clientId))).map((s) => [s.id, s]),
  );
  const accounts = await tx.select().from(bankAccounts).where(eq(bankAccounts.clientId, clientId));
  const staffRows = await tx.select().from(staff).where(eq(staff.clientId, clientId)).orderBy(asc(staff.id));
  const branchRows = await tx.select().from(branches).where(inArray(branches.id, branchIds));
  const earliest = shift(today, -historyDays);

  for (const branch of branchRows) {
    const recorders = staffRows.filter((s) => s.branchIds === null || s.branchIds.includes(branch.id));
    const banks = accounts.filter((a) => a.kind === 'bank');
    // The branch's own account, else the organisation-wide one: never another branch's (issue 34).
    const account = banks.find((a) => a.branchId === branch.id) ?? banks.find((a) => a.branchId === null)!;
    const cash = accounts.find((a) => a.kind === 'cash' && a.branchId === branch.id)!;
    const members = await tx
      .select()
      .from(users)
      .where(and(eq(users.clientId, clientId), eq(users.branchId, branch.id)))
      .orderBy(asc(users.id));
    const drafts: Draft[] = [];
    const owed = new Map<number, { dues: number; since: string | null }>();

    for (const member of members) {
      const structure = member.feeStructureId === null ? undefined : structures.get(member.feeStructureId);
      if (!structure) continue;
      const lines: PaymentLineRow[] = structure.lines.map((l) => ({
        feeTypeId: l.feeTypeId,
        name: names.get(l.feeTypeId) ?? '',
        amount: l.amount,
      }));
      const linesTotal = lines.reduce((sum, l) => sum + l.amount, 0);
      // Periods back from the current validTill; a gap before a period means that renewal was late.
      type Period = { from: string; till: string; gap: number };
      const periods: Period[] = [];
      for (let till = member.validTill; ;) {
        const from = shift(till, 1 - structure.durationDays);
        if (from < earliest || from < member.joinedOn) break;
        const gap = random() < 0.15 ? between(2, 12) : 0;
        periods.unshift({ from, till, gap });
        till = shift(from, -1 - gap);
      }
      let dues = 0;
      let duesSince: string | null = null;
      // The day of the member's previous payment: a renewal is never paid before the one it follows.
      let lastPaidOn = member.joinedOn > earliest ? member.joinedOn : earliest;
      periods.forEach((period, k) => {
        const previousTill = k === 0 ? shift(period.from, -1 - period.gap) : periods[k - 1]!.till;
        // On time: up to three days before the period, never before the history or the member began.
        const floor = member.joinedOn > earliest ? member.joinedOn : earliest;
        const planned =
          period.gap > 0
            ? period.from
            : shift(period.from, -Math.min(between(0, 3), daysBetween(floor, period.from)));
        // A period that starts after today was renewed early: paid on one of the last seven days (all
        // on today would make today's collections look like a month's, and pile up today's
        // statements), never before the member's previous payment (nor after today).
        const paidOn =
          planned <= today ? planned : earlier(today, later(shift(today, -between(0, 6)), lastPaidOn));
        // Half of what a part payment left owing is settled on its own before the next renewal: a
        // dues-only payment ("Previous dues"), received money that is not new revenue (issue 34).
        const gap = daysBetween(lastPaidOn, paidOn);
        if (dues > 0 && gap >= 2 && random() < 0.5) {
          const settledOn = shift(lastPaidOn, between(1, Math.min(gap - 1, 10)));
          const settleMode = pick(modes);
          drafts.push({
            clientId,
            branchId: branch.id,
            userId: member.id,
            feeStructureId: null,
            lines: [],
            duesSettled: dues,
            lateFine: 0,
            discount: 0,
            total: dues,
            received: dues,
            mode: settleMode,
            bankAccountId: settleMode === 'cash' ? cash.id : account.id,
            reference:
              settleMode === 'cash'
                ? ''
                : `${settleMode.toUpperCase().slice(0, 3)}${between(100000, 999999)}`,
            paidOn: settledOn,
            coversFrom: null,
            coversTill: null,
            previousValidTill: previousTill,
            previousStatus: settledOn <= previousTill,
            previousInactiveReason: settledOn <= previousTill ? null : 'expired',
            createdBy: pick(recorders).id,
            createdAt: seededAt(settledOn, `${String(between(4, 13)).padStart(2, '0')}:15:00`),
            order: drafts.length,
          });
          dues = 0;
          duesSince = null;
        }
        lastPaidOn = paidOn;
        const daysLate = daysBetween(shift(previousTill, structure.graceDays), paidOn);
        const proposed =
          daysLate > 0 && structure.finePerDay > 0
            ? Math.min(structure.fineCap > 0 ? structure.fineCap : Infinity, daysLate * structure.finePerDay)
            : 0;
        const waived = proposed > 0 && random() < 0.25;
        const lateFine = waived ? 0 : proposed;
        const duesSettled = dues;
        const total = linesTotal + lateFine + duesSettled;
        const partial = random() < 0.1 && total > 60000;
        const received = partial ? total - pick([20000, 30000, 50000]) : total;
        const mode = pick(modes);
        const draft: Draft = {
          clientId,
          branchId: branch.id,
          userId: member.id,
          feeStructureId: structure.id,
          lines,
          duesSettled,
          lateFine,
          lateFineWaiverReason: waived ? 'Waived: first delay' : null,
          discount: 0,
          total,
          received,
          mode,
          bankAccountId: mode === 'cash' ? cash.id : account.id,
          reference: mode === 'cash' ? '' : `${mode.toUpperCase().slice(0, 3)}${between(100000, 999999)}`,
          paidOn,
          coversFrom: period.from,
          coversTill: period.till,
          previousValidTill: previousTill,
          previousStatus: period.gap === 0,
          previousInactiveReason: period.gap === 0 ? null : 'expired',
          createdBy: pick(recorders).id,
          createdAt: seededAt(
            paidOn,
            `${String(between(4, 13)).padStart(2, '0')}:${String(between(0, 59)).padStart(2, '0')}:00`,
          ),
          order: drafts.length,
        };
        drafts.push(draft);
        dues = total - received;
        duesSince = dues > 0 ? paidOn : null;
        // Now and then the same renewal was entered twice and the second one voided on the spot.
        if (random() < 0.02) {
          drafts.push({
            ...draft,
            coversFrom: shift(period.till, 1),
            coversTill: shift(period.till, structure.durationDays),
            previousValidTill: period.till,
            previousStatus: true,
            previousInactiveReason: null,
            duesSettled: 0,
            total: linesTotal,
            received: linesTotal,
            lateFine: 0,
            status: 'voided',
            voidReason: 'Entered twice',
            voidedAt: draft.createdAt,
            voidedBy: draft.createdBy,
            order: draft.order + 0.5,
          });
        }
      });
      if (dues > 0) owed.set(member.id, { dues, since: duesSince });
    }

    // Numbers in the order the payments were made, per financial year, with no gap.
    drafts.sort((a, b) => a.paidOn.localeCompare(b.paidOn) || a.order - b.order);
    const counters = new Map<string, number>();
    const rows = drafts.map(({ order: _order, ...draft }) => {
      const fy = financialYear(draft.paidOn, client!.fyStartMonth);
      const seq = (counters.get(fy) ?? 0) + 1;
      counters.set(fy, seq);
      return {
        ...draft,
        fy,
        seq,
        receiptNumber: receiptNumber({
          prefix: client!.receiptPrefix,
          branchCode: branch.code,
          branchId: branch.id,
          fy,
          seq,
        }),
        verifyToken: randomBytes(16).toString('base64url'),
      };
    });
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(payments).values(rows.slice(i, i + 1000));
    if (counters.size) {
      await tx
        .insert(receiptCounters)
        .values(
          [...counters].map(([fy, last]) => ({ clientId, branchId: branch.id, series: 'payment', fy, last })),
        );
    }
    for (const [userId, { dues, since }] of owed) {
      await tx.update(users).set({ dues, duesSince: since }).where(eq(users.id, userId));
    }
  }
}
