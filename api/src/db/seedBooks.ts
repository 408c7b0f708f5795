// The demo organisation's money out and its books (issue 12): a few refunds of the year's payments,
// twelve months of expenses in the usual categories, cash deposited in the bank every week, and the
// past week's days closed. Written straight into the tables (a seed, not requests), keeping what the
// services keep: gapless refund numbers per branch and year, and each account's movementsTotal equal
// to the sum of its rows.
import { and, asc, eq, sql } from 'drizzle-orm';
import { financialYear, receiptNumber } from '@app/contract/receiptNumbers';
import type { Tx } from './client.ts';
import {
  accountTransfers,
  bankAccounts,
  branches,
  categories,
  clients,
  dayCloses,
  expenses,
  payments,
  receiptCounters,
  refunds,
  staff,
} from './schema.ts';
import { rng, seededAt } from './seedHelpers.ts';

function shift(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();

/** Each branch's monthly bills (paise): category, day of month, amount, mode, payee. */
const monthly = [
  ['Rent', 1, 6_500_000, 'bankTransfer', 'Landlord'],
  ['Electricity', 8, 1_150_000, 'upi', 'BESCOM'],
  ['Internet', 12, 235_000, 'upi', 'ACT Fibernet'],
  ['Salaries', 28, 5_400_000, 'bankTransfer', 'Staff'],
] as const;

export async function seedBooks(tx: Tx, clientId: number, branchIds: number[], today: string) {
  const random = rng(20251124);
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const [client] = await tx.select().from(clients).where(eq(clients.id, clientId));
  const accounts = await tx.select().from(bankAccounts).where(eq(bankAccounts.clientId, clientId));
  const category = new Map(
    (await tx.select().from(categories).where(eq(categories.clientId, clientId))).map((c) => [c.name, c.id]),
  );
  const staffRows = await tx.select().from(staff).where(eq(staff.clientId, clientId)).orderBy(asc(staff.id));
  const start = shift(today, -365);

  for (const branchId of branchIds) {
    const [branch] = await tx.select().from(branches).where(eq(branches.id, branchId));
    const cash = accounts.find((a) => a.kind === 'cash' && a.branchId === branchId)!;
    const bank =
      accounts.find((a) => a.kind === 'bank' && a.branchId === branchId) ??
      accounts.find((a) => a.kind === 'bank')!;
    const clerks = staffRows.filter((s) => s.branchIds === null || s.branchIds.includes(branchId));
    const clerk = () => clerks[Math.floor(random() * clerks.length)]!.id;

    // Refunds: about one payment in a hundred gave part of its money back, within two weeks.
    const paid = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.clientId, clientId),
          eq(payments.branchId, branchId),
          eq(payments.status, 'completed'),
        ),
      )
      .orderBy(asc(payments.paidOn), asc(payments.id));
    const refundDrafts = paid
      .filter(() => random() < 0.012)
      .map((p) => {
        const day = shift(p.paidOn, between(0, 14));
        return {
          payment: p,
          refundedOn: day > today ? today : day,
          amount: Math.min(p.received, Math.round((p.received * between(10, 50)) / 100 / 100) * 100),
        };
      })
      .filter((r) => r.amount > 0)
      .sort((a, b) => a.refundedOn.localeCompare(b.refundedOn));
    const counters = new Map<string, number>();
    const refundRows = refundDrafts.map(({ payment: p, refundedOn, amount }) => {
      const fy = financialYear(refundedOn, client!.fyStartMonth);
      const seq = (counters.get(fy) ?? 0) + 1;
      counters.set(fy, seq);
      const number = receiptNumber({
        prefix: client!.receiptPrefix,
        branchCode: branch!.code,
        branchId,
        fy,
        seq,
      });
      return {
        clientId,
        branchId,
        paymentId: p.id,
        userId: p.userId,
        refundNumber: number.replace(/-(\d+)$/, '-R$1'),
        fy,
        seq,
        amount,
        reason: random() < 0.5 ? 'Seat not suitable: part of the fee returned' : 'Moved to another city',
        mode: p.mode,
        bankAccountId: p.bankAccountId ?? cash.id,
        reference: p.mode === 'cash' ? '' : `RF${between(100000, 999999)}`,
        refundedOn,
        createdBy: clerk(),
        createdAt: seededAt(refundedOn, `10:${String(between(10, 59))}:00`),
      };
    });
    if (refundRows.length) await tx.insert(refunds).values(refundRows);
    if (counters.size) {
      await tx
        .insert(receiptCounters)
        .values([...counters].map(([fy, last]) => ({ clientId, branchId, series: 'refund', fy, last })));
    }

    // Expenses: the month's bills, housekeeping in cash every week, stationery now and then.
    const expenseRows: (typeof expenses.$inferInsert)[] = [];
    for (let day = start; day < today; day = shift(day, 1)) {
      const dayOfMonth = Number(day.slice(8, 10));
      for (const [name, on, amount, mode, payee] of monthly) {
        if (dayOfMonth !== on) continue;
        const scaled = Math.round((amount * (0.9 + random() * 0.2)) / 100) * 100;
        expenseRows.push({
          clientId,
          branchId,
          categoryId: category.get(name)!,
          amount: scaled,
          paidOn: day,
          mode,
          bankAccountId: bank.id,
          payee,
          reference: `${mode === 'upi' ? 'UPI' : 'NEFT'}${between(100000, 999999)}`,
          createdBy: clerk(),
          // Recorded on its day, before the day close (14:30 UTC): a statement's running balance
          // then reads as the drawer stood at each moment (issue 34).
          createdAt: seededAt(day, '06:00:00'),
        });
      }
      if (weekday(day) === 6) {
        expenseRows.push({
          clientId,
          branchId,
          categoryId: category.get('Housekeeping')!,
          amount: between(8, 20) * 10_000,
          paidOn: day,
          mode: 'cash',
          bankAccountId: cash.id,
          payee: 'Cleaning staff',
          createdBy: clerk(),
          createdAt: seededAt(day, '07:15:00'),
        });
      }
      if (random() < 0.05) {
        expenseRows.push({
          clientId,
          branchId,
          categoryId: category.get('Stationery')!,
          amount: between(3, 25) * 5_000,
          paidOn: day,
          mode: 'cash',
          bankAccountId: cash.id,
          payee: 'Stationery shop',
          note: 'Registers and printer paper',
          createdBy: clerk(),
          createdAt: seededAt(day, '08:40:00'),
        });
      }
    }
    // One entered twice and voided.
    if (expenseRows.length) {
      const twice = expenseRows[Math.floor(expenseRows.length / 2)]!;
      expenseRows.push({
        ...twice,
        status: 'voided',
        voidReason: 'Entered twice',
        voidedAt: `${twice.paidOn}T12:00:00Z`,
        voidedBy: twice.createdBy,
      });
    }
    for (let i = 0; i < expenseRows.length; i += 1000)
      await tx.insert(expenses).values(expenseRows.slice(i, i + 1000));

    // Every Monday the week's cash, less a float of ₹2,000, goes to the bank.
    const cashMoves = async (until: string) => {
      const { rows } = await tx.execute<{ total: string }>(sql`select
          coalesce((select sum(received) from payments where bank_account_id = ${cash.id} and status = 'completed' and paid_on <= ${until}), 0)
        - coalesce((select sum(amount) from refunds where bank_account_id = ${cash.id} and refunded_on <= ${until}), 0)
        - coalesce((select sum(amount) from expenses where bank_account_id = ${cash.id} and status = 'completed' and paid_on <= ${until}), 0)
        - coalesce((select sum(amount) from account_transfers where from_account_id = ${cash.id} and transferred_on <= ${until}), 0)
        + coalesce((select sum(amount) from account_transfers where to_account_id = ${cash.id} and transferred_on <= ${until}), 0)
        + coalesce((select sum(difference) from day_closes where cash_account_id = ${cash.id} and day <= ${until}), 0)
        as total`);
      return Number(cash.openingBalance) + Number(rows[0]!.total);
    };
    for (let day = start; day < today; day = shift(day, 1)) {
      if (weekday(day) !== 1) continue;
      const inHand = await cashMoves(shift(day, -1));
      const amount = inHand - 200_000;
      if (amount <= 0) continue;
      await tx.insert(accountTransfers).values({
        clientId,
        branchId,
        fromAccountId: cash.id,
        toAccountId: bank.id,
        amount,
        transferredOn: day,
        reference: `Deposit slip ${between(1000, 9999)}`,
        note: 'Weekly cash deposit',
        createdBy: clerk(),
        createdAt: `${day}T05:30:00Z`,
      });
    }

    // The past week's days closed at the counter; now and then the drawer was a little off.
    for (let day = shift(today, -7); day < today; day = shift(day, 1)) {
      const expected = await cashMoves(day);
      const difference = random() < 0.25 ? -between(1, 5) * 1000 : 0;
      await tx.insert(dayCloses).values({
        clientId,
        branchId,
        day,
        cashAccountId: cash.id,
        expected,
        counted: expected + difference,
        difference,
        note: difference ? 'Short at closing' : '',
        closedBy: clerk(),
        closedAt: `${day}T14:30:00Z`,
      });
    }
  }

  // Every account's balance: the sum of its rows.
  await tx.execute(sql`update bank_accounts a set movements_total =
      coalesce((select sum(received) from payments where bank_account_id = a.id and status = 'completed'), 0)
    - coalesce((select sum(amount) from refunds where bank_account_id = a.id), 0)
    - coalesce((select sum(amount) from expenses where bank_account_id = a.id and status = 'completed'), 0)
    - coalesce((select sum(amount) from account_transfers where from_account_id = a.id), 0)
    + coalesce((select sum(amount) from account_transfers where to_account_id = a.id), 0)
    + coalesce((select sum(difference) from day_closes where cash_account_id = a.id), 0)
    where a.client_id = ${clientId}`);
  // The dashboard's tallies of the money rows written above (members keep theirs by trigger).
  await tx.execute(sql`select refresh_money_tallies(${clientId}::int)`);
}
