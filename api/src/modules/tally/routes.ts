// The Tally export (issue 44, point 5): a period's money documents as Tally Prime vouchers, with the
// ledger masters they name, so an empty company imports the file without edits.
//
// - A payment is a Receipt: Dr the account it went into; Cr the fee types' income ledgers (the late
//   fine and earlier dues on ledgers of their own) and, where it has a tax invoice, the output
//   CGST/SGST/IGST ledgers with the invoice's figures. Members are not ledgers: receipts credit income
//   directly. A voided payment is exported cancelled. A payment that received less than it charged
//   credits its parts in proportion to what came in (the books are on a cash basis here).
// - A refund is a Credit Note where GST issued one (Dr income and the tax reversed, as the note says),
//   else a Payment voucher (Dr income in the proportions of its payment); Cr the account it left.
// - An expense is a Payment voucher (Dr its category, Cr the account); voided ones cancelled.
// - A transfer between accounts (cash deposited in the bank) is a Contra.
// Ordered by date, then voucher type and number: the same period gives the same bytes.
import type { FastifyInstance } from 'fastify';
import { and, eq, gte, inArray, isNotNull, lte, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { spread } from '@app/contract/gst';
import { tallyExportQuerySchema, type TallyExportQuery } from '@app/contract/tally';
import {
  accountTransfers,
  bankAccounts,
  branches,
  categories,
  expenses,
  feeTypes,
  payments,
  refunds,
  taxDocuments,
  users,
  type TaxLineRow,
} from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { can, type StaffContext } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';
import { tallyXml, type TallyGroup, type TallyLedger, type TallyVoucher } from './xml.ts';

/** Order by UTF-16 code units: unlike localeCompare, the same in every runtime and ICU version. */
const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** A number's digit runs padded, so that …-2 comes before …-10. */
const natural = (s: string) => s.replace(/\d+/g, (d) => d.padStart(12, '0'));

/** Ledger names, unique regardless of case as Tally's are: a clash gets its kind, then a number. */
export class Ledgers {
  private byKey = new Map<string, TallyLedger>();
  private taken = new Set<string>();

  name(key: string, wanted: string, parent: TallyGroup, kind: string): string {
    const known = this.byKey.get(key);
    if (known) return known.name;
    const base = wanted.trim() || kind;
    let name = base;
    for (let n = 1; this.taken.has(name.toLowerCase()); n++) {
      name = n === 1 ? `${base} (${kind})` : `${base} (${kind} ${n})`;
    }
    this.taken.add(name.toLowerCase());
    this.byKey.set(key, { name, parent });
    return name;
  }

  /** The masters, grouped by parent and then by name. */
  list(): TallyLedger[] {
    return [...this.byKey.values()].sort((a, b) => byCode(a.parent, b.parent) || byCode(a.name, b.name));
  }
}

type Part = { ledger: string; amount: number };

/** Parts with the same ledger merged (first appearance keeps its place), zero parts dropped. */
function merged(parts: Part[]): Part[] {
  const by = new Map<string, number>();
  for (const p of parts) by.set(p.ledger, (by.get(p.ledger) ?? 0) + p.amount);
  return [...by].map(([ledger, amount]) => ({ ledger, amount })).filter((p) => p.amount !== 0);
}

/** `total` split over the parts in proportion to them, adding up to `total` exactly. */
function scaled(parts: Part[], total: number): Part[] {
  const amounts = spread(
    total,
    parts.map((p) => p.amount),
  );
  return merged(parts.map((p, i) => ({ ledger: p.ledger, amount: amounts[i]! })));
}

const between = (column: PgColumn, q: TallyExportQuery) => and(gte(column, q.from), lte(column, q.to))!;

/** The branches the export covers: the one asked for (if the caller may read it), else all theirs. */
function branchScope(ctx: StaffContext, q: TallyExportQuery, column: PgColumn): SQL | undefined {
  if (q.branchId !== undefined) return eq(column, q.branchId);
  const allowed = ctx.allowedBranchIds;
  return allowed ? inArray(column, allowed.length ? allowed : [0]) : undefined;
}

export async function tallyExport(db: Db, ctx: StaffContext, q: TallyExportQuery): Promise<string> {
  const clientId = ctx.clientId;
  if (q.branchId !== undefined) {
    const [branch] = await db
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.clientId, clientId), eq(branches.id, q.branchId)));
    if (!branch || (ctx.allowedBranchIds && !ctx.allowedBranchIds.includes(q.branchId))) throw forbidden();
  }
  const [paymentRows, refundRows, expenseRows, transferRows] = await Promise.all([
    db
      .select({ payment: payments, member: users.name })
      .from(payments)
      .innerJoin(users, and(eq(users.clientId, payments.clientId), eq(users.id, payments.userId)))
      .where(
        and(
          eq(payments.clientId, clientId),
          branchScope(ctx, q, payments.branchId),
          between(payments.paidOn, q),
          eq(payments.kind, 'payment'),
          isNotNull(payments.bankAccountId),
        ),
      )
      .orderBy(payments.paidOn, payments.id),
    db
      .select({ refund: refunds, member: users.name })
      .from(refunds)
      .innerJoin(users, and(eq(users.clientId, refunds.clientId), eq(users.id, refunds.userId)))
      .where(
        and(
          eq(refunds.clientId, clientId),
          branchScope(ctx, q, refunds.branchId),
          between(refunds.refundedOn, q),
        ),
      )
      .orderBy(refunds.refundedOn, refunds.id),
    db
      .select()
      .from(expenses)
      .where(
        and(
          eq(expenses.clientId, clientId),
          branchScope(ctx, q, expenses.branchId),
          between(expenses.paidOn, q),
        ),
      )
      .orderBy(expenses.paidOn, expenses.id),
    db
      .select()
      .from(accountTransfers)
      .where(
        and(
          eq(accountTransfers.clientId, clientId),
          branchScope(ctx, q, accountTransfers.branchId),
          between(accountTransfers.transferredOn, q),
        ),
      )
      .orderBy(accountTransfers.transferredOn, accountTransfers.id),
  ]);

  // The payments refunds were of (they may lie before the period) and the GST documents of both.
  const refundedIds = [...new Set(refundRows.map((r) => r.refund.paymentId))];
  const paymentIds = [...new Set([...paymentRows.map((p) => p.payment.id), ...refundedIds])];
  const [refundedPayments, docs, types, cats, accounts] = await Promise.all([
    refundedIds.length
      ? db
          .select()
          .from(payments)
          .where(and(eq(payments.clientId, clientId), inArray(payments.id, refundedIds)))
      : [],
    paymentIds.length
      ? db
          .select()
          .from(taxDocuments)
          .where(and(eq(taxDocuments.clientId, clientId), inArray(taxDocuments.paymentId, paymentIds)))
      : [],
    db.select({ id: feeTypes.id, name: feeTypes.name }).from(feeTypes).where(eq(feeTypes.clientId, clientId)),
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(eq(categories.clientId, clientId)),
    db
      .select({ id: bankAccounts.id, name: bankAccounts.accountName, kind: bankAccounts.kind })
      .from(bankAccounts)
      .where(eq(bankAccounts.clientId, clientId)),
  ]);
  const typeName = new Map(types.map((t) => [t.id, t.name]));
  const catName = new Map(cats.map((c) => [c.id, c.name]));
  const account = new Map(accounts.map((a) => [a.id, a]));
  const paymentById = new Map(
    [...paymentRows.map((p) => p.payment), ...refundedPayments].map((p) => [p.id, p]),
  );

  // Ledgers are named in the order the vouchers first use them, so the names are stable too.
  const ledgers = new Ledgers();
  const accountLedger = (id: number) => {
    const a = account.get(id);
    return ledgers.name(
      `account:${id}`,
      a?.name ?? `Account ${id}`,
      a?.kind === 'cash' ? 'Cash-in-Hand' : 'Bank Accounts',
      'Account',
    );
  };
  const income = (key: string, name: string) =>
    ledgers.name(`income:${key}`, name, 'Sales Accounts', 'Income');
  const feeLedger = (feeTypeId: number | null, lineName: string) =>
    feeTypeId === null
      ? income(`line:${lineName.toLowerCase()}`, lineName)
      : income(`feeType:${feeTypeId}`, typeName.get(feeTypeId) ?? lineName);
  const taxLedger = (head: 'CGST' | 'SGST' | 'IGST') =>
    ledgers.name(`tax:${head}`, `Output ${head}`, 'Duties & Taxes', 'Tax');
  const lateFine = () => income('lateFine', 'Late fine');
  const dues = () => income('dues', 'Earlier dues');

  const invoiceOf = new Map<number, (typeof docs)[number]>();
  const noteOf = new Map<number, (typeof docs)[number]>();
  for (const d of docs) {
    if (d.kind === 'creditNote' && d.refundId !== null) noteOf.set(d.refundId, d);
    else if (d.kind !== 'creditNote') invoiceOf.set(d.paymentId, d);
  }

  /** A GST document's lines as income (taxable value) and output tax. */
  const docParts = (payment: (typeof payments)['$inferSelect'], lines: TaxLineRow[]): Part[] => {
    const typeOfLine = new Map(payment.lines.map((l) => [l.name, l.feeTypeId]));
    const parts: Part[] = lines.map((l) => ({
      ledger:
        l.description === 'Late fine' && !typeOfLine.has(l.description)
          ? lateFine()
          : feeLedger(typeOfLine.get(l.description) ?? null, l.description),
      amount: l.taxable,
    }));
    const tax = (head: 'CGST' | 'SGST' | 'IGST', key: 'cgst' | 'sgst' | 'igst') => {
      const amount = lines.reduce((s, l) => s + l[key], 0);
      if (amount) parts.push({ ledger: taxLedger(head), amount });
    };
    tax('CGST', 'cgst');
    tax('SGST', 'sgst');
    tax('IGST', 'igst');
    return parts;
  };

  /** What a payment's money is for, as it was charged (before scaling to what was received). */
  const chargedParts = (payment: (typeof payments)['$inferSelect']): Part[] => {
    const doc = invoiceOf.get(payment.id);
    let parts: Part[];
    if (doc) parts = docParts(payment, doc.lines);
    else {
      parts = payment.lines.map((l) => ({ ledger: feeLedger(l.feeTypeId, l.name), amount: l.amount }));
      if (payment.lateFine > 0) parts.push({ ledger: lateFine(), amount: payment.lateFine });
      if (payment.discount > 0 && parts.length) {
        const off = spread(
          payment.discount,
          parts.map((p) => p.amount),
        );
        parts = parts.map((p, i) => ({ ...p, amount: p.amount - off[i]! }));
      }
    }
    if (payment.duesSettled > 0) parts.push({ ledger: dues(), amount: payment.duesSettled });
    parts = merged(parts.filter((p) => p.amount > 0));
    return parts.length ? parts : [{ ledger: income('fees', 'Fees'), amount: 1 }];
  };

  const vouchers: TallyVoucher[] = [];
  for (const { payment: p, member } of paymentRows) {
    const bank = accountLedger(p.bankAccountId!);
    const doc = invoiceOf.get(p.id);
    const voided = p.status === 'voided';
    vouchers.push({
      type: 'Receipt',
      number: p.receiptNumber,
      date: p.paidOn,
      party: bank,
      narration: [
        `${member}`,
        doc ? `${doc.kind === 'invoice' ? 'Tax invoice' : 'Bill of supply'} ${doc.number}` : '',
        p.reference ? `Ref ${p.reference}` : '',
        voided ? `Voided: ${p.voidReason ?? ''}` : '',
      ]
        .filter(Boolean)
        .join(' · '),
      cancelled: voided,
      entries: [
        { ledger: bank, side: 'debit', amount: p.received },
        ...scaled(chargedParts(p), p.received).map((c) => ({ ...c, side: 'credit' as const })),
      ],
    });
  }
  for (const { refund: r, member } of refundRows) {
    const bank = accountLedger(r.bankAccountId);
    const note = noteOf.get(r.id);
    const payment = paymentById.get(r.paymentId)!;
    const parts = note
      ? scaled(docParts(payment, note.lines), r.amount)
      : scaled(chargedParts(payment), r.amount);
    vouchers.push({
      type: note ? 'Credit Note' : 'Payment',
      number: r.refundNumber,
      date: r.refundedOn,
      party: bank,
      narration: [
        `Refund to ${member} of ${payment.receiptNumber}`,
        note ? `Credit note ${note.number}` : '',
        r.reason,
        r.reference ? `Ref ${r.reference}` : '',
      ]
        .filter(Boolean)
        .join(' · '),
      cancelled: false,
      entries: [
        ...parts.map((c) => ({ ...c, side: 'debit' as const })),
        { ledger: bank, side: 'credit', amount: r.amount },
      ],
    });
  }
  for (const e of expenseRows) {
    const bank = accountLedger(e.bankAccountId);
    const category = ledgers.name(
      `category:${e.categoryId}`,
      catName.get(e.categoryId) ?? `Category ${e.categoryId}`,
      'Indirect Expenses',
      'Expense',
    );
    const voided = e.status === 'voided';
    vouchers.push({
      type: 'Payment',
      number: `EXP-${e.id}`,
      date: e.paidOn,
      party: bank,
      narration: [
        e.payee,
        e.note,
        e.reference ? `Ref ${e.reference}` : '',
        voided ? `Voided: ${e.voidReason ?? ''}` : '',
      ]
        .filter(Boolean)
        .join(' · '),
      cancelled: voided,
      entries: [
        { ledger: category, side: 'debit', amount: e.amount },
        { ledger: bank, side: 'credit', amount: e.amount },
      ],
    });
  }
  for (const tr of transferRows) {
    const to = accountLedger(tr.toAccountId);
    const from = accountLedger(tr.fromAccountId);
    vouchers.push({
      type: 'Contra',
      number: `TRF-${tr.id}`,
      date: tr.transferredOn,
      party: to,
      narration: [tr.note, tr.reference ? `Ref ${tr.reference}` : ''].filter(Boolean).join(' · '),
      cancelled: false,
      entries: [
        { ledger: to, side: 'debit', amount: tr.amount },
        { ledger: from, side: 'credit', amount: tr.amount },
      ],
    });
  }
  vouchers.sort(
    (a, b) =>
      byCode(a.date, b.date) || byCode(a.type, b.type) || byCode(natural(a.number), natural(b.number)),
  );
  return tallyXml(ledgers.list(), vouchers);
}

export function tallyRoutes(app: FastifyInstance, db: Db) {
  // Payments view or settings view (the accountant's file is the owner's books, not one screen's):
  // two permissions, so the route checks them itself rather than through one access rule.
  app.get('/api/tally/exportVouchers', {
    config: { access: 'signedIn' },
    schema: { tags: ['Tally'], querystring: tallyExportQuerySchema },
    handler: async (request, reply) => {
      const ctx = request.ctx;
      if (!can(ctx, 'payments', 'view') && !can(ctx, 'settings', 'view')) throw forbidden();
      const q = request.query as TallyExportQuery;
      const xml = await tallyExport(db, ctx, q);
      const file = `tally-${q.from}-${q.to}${q.branchId === undefined ? '' : `-branch-${q.branchId}`}.xml`;
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file}"`)
        .send(xml);
    },
  });
}
