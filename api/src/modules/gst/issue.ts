// Issuing GST documents (issue 44, points 2 and 3), inside the transaction of the payment, refund or
// void they belong to, so a rollback gives the number back and a series never has a gap.
//
// - A payment at a branch with GST switched on is a tax invoice (registered, regular scheme) or a
//   bill of supply (unregistered or composition): its fee lines, the late fine and the discount
//   (spread over the lines in proportion) as charged, tax-inclusive; each line split into taxable
//   value and CGST + SGST (place of supply = the branch's state) or IGST (another state).
//   Earlier dues it settles were on the earlier payment's invoice; a payment of dues alone issues
//   none. A branch that never saved GST settings keeps plain receipts.
// - A refund of an invoiced payment, or its void, issues a credit note naming the invoice: the
//   amount credited spread over the invoice's lines in proportion, and the tax of each line reversed
//   with the line's own rate and supply.
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  gstFinancialYear,
  splitInclusive,
  spread,
  taxDocumentNumber,
  type TaxDocumentKind,
} from '@app/contract/gst';
import {
  branches,
  documentCounters,
  feeTypes,
  taxDocuments,
  users,
  type TaxLineRow,
  type TaxPartyRow,
} from '../../db/schema.ts';
import type { Tx } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { writeAudit } from '../../platform/audit.ts';
import { auditOf } from '../../platform/crud.ts';
import type { PaymentRow } from '../payments/records.ts';

export type TaxDocumentRow = typeof taxDocuments.$inferSelect;

/**
 * The next number of a series (`invoice:{GSTIN}`) in the financial year of `day`: the counter row is
 * written in the caller's transaction, so concurrent documents queue on its lock and a rollback
 * gives the number back. A new financial year (1 April) starts a new row at 1.
 */
export async function nextInSeries(tx: Tx, clientId: number, series: string, day: string) {
  const fy = gstFinancialYear(day);
  const [counter] = await tx
    .insert(documentCounters)
    .values({ clientId, series, fy, last: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.clientId, documentCounters.series, documentCounters.fy],
      set: { last: sql`${documentCounters.last} + 1` },
    })
    .returning({ last: documentCounters.last });
  return { fy, seq: counter!.last };
}

type Line = { description: string; sac: string; rate: number; amount: number };

const lineOf = (line: Line, supply: 'intra' | 'inter' | null): TaxLineRow => ({
  ...line,
  ...(supply === null
    ? { taxable: line.amount, cgst: 0, sgst: 0, igst: 0 }
    : splitInclusive(line.amount, line.rate, supply)),
});

const sum = (lines: TaxLineRow[], key: 'taxable' | 'cgst' | 'sgst' | 'igst' | 'amount') =>
  lines.reduce((total, l) => total + l[key], 0);

async function insertDocument(
  tx: Tx,
  ctx: StaffContext,
  values: Omit<
    typeof taxDocuments.$inferInsert,
    'number' | 'fy' | 'seq' | 'taxable' | 'cgst' | 'sgst' | 'igst' | 'total'
  > & {
    kind: TaxDocumentKind;
    lines: TaxLineRow[];
  },
): Promise<TaxDocumentRow> {
  const { fy, seq } = await nextInSeries(tx, values.clientId, values.series, values.issuedOn);
  const [row] = await tx
    .insert(taxDocuments)
    .values({
      ...values,
      number: taxDocumentNumber(values.kind, fy, seq),
      fy,
      seq,
      taxable: sum(values.lines, 'taxable'),
      cgst: sum(values.lines, 'cgst'),
      sgst: sum(values.lines, 'sgst'),
      igst: sum(values.lines, 'igst'),
      total: sum(values.lines, 'amount'),
    })
    .returning();
  await writeAudit(tx, auditOf(ctx, 'taxDocument', row!.id, 'create', null, row));
  return row!;
}

/** The payment's charges as lines with the SAC and rate their fee types have now. */
async function chargedLines(tx: Tx, clientId: number, payment: PaymentRow): Promise<Line[]> {
  const ids = payment.lines.map((l) => l.feeTypeId).filter((id): id is number => id !== null);
  const types = new Map(
    (ids.length
      ? await tx
          .select({ id: feeTypes.id, sac: feeTypes.sac, rate: feeTypes.gstRate })
          .from(feeTypes)
          .where(and(eq(feeTypes.clientId, clientId), inArray(feeTypes.id, ids)))
      : []
    ).map((t) => [t.id, t]),
  );
  const lines: Line[] = payment.lines.map((l) => {
    const type = l.feeTypeId === null ? undefined : types.get(l.feeTypeId);
    return { description: l.name, sac: type?.sac ?? '', rate: type?.rate ?? 18, amount: l.amount };
  });
  // A late fine goes with the service it is for: the first line's SAC and rate.
  if (payment.lateFine > 0) {
    lines.push({
      description: 'Late fine',
      sac: lines[0]?.sac ?? '',
      rate: lines[0]?.rate ?? 18,
      amount: payment.lateFine,
    });
  }
  if (payment.discount > 0 && lines.length) {
    const off = spread(
      payment.discount,
      lines.map((l) => l.amount),
    );
    lines.forEach((l, i) => (l.amount -= off[i]!));
  }
  return lines.filter((l) => l.amount > 0);
}

/** The tax invoice or bill of supply of a payment just recorded; null where the branch has no GST. */
export async function issueForPayment(
  tx: Tx,
  ctx: StaffContext,
  payment: PaymentRow,
): Promise<TaxDocumentRow | null> {
  const [branch] = await tx
    .select()
    .from(branches)
    .where(and(eq(branches.clientId, ctx.clientId), eq(branches.id, payment.branchId)));
  if (!branch || branch.gstOnSince === null) return null;
  const lines = await chargedLines(tx, ctx.clientId, payment);
  if (!lines.length) return null;
  const [member] = await tx
    .select({ name: users.name, address: users.address, gstin: users.gstin })
    .from(users)
    .where(and(eq(users.clientId, ctx.clientId), eq(users.id, payment.userId)));
  const invoice = branch.gstRegistered && branch.gstScheme === 'regular' && branch.gstin !== null;
  const kind: TaxDocumentKind = invoice ? 'invoice' : 'billOfSupply';
  const recipientState = member?.gstin ? member.gstin.slice(0, 2) : null;
  // Place of supply of a service (IGST Act s. 12(2)): a registered recipient's state, else the
  // supplier's (the member sits in the branch).
  const placeOfSupply = recipientState ?? branch.gstStateCode;
  const supply = invoice ? (placeOfSupply === branch.gstStateCode ? 'intra' : 'inter') : null;
  const supplier: TaxPartyRow = {
    name: branch.gstLegalName || branch.name,
    address: branch.address,
    gstin: branch.gstRegistered ? branch.gstin : null,
    stateCode: branch.gstStateCode,
  };
  const recipient: TaxPartyRow = {
    name: member?.name ?? '',
    address: member?.address ?? '',
    gstin: member?.gstin ?? null,
    stateCode: recipientState,
  };
  return insertDocument(tx, ctx, {
    clientId: ctx.clientId,
    branchId: payment.branchId,
    kind,
    series: `${kind}:${supplier.gstin ?? `branch:${branch.id}`}`,
    issuedOn: payment.paidOn,
    paymentId: payment.id,
    supplier,
    recipient,
    placeOfSupply,
    supply,
    lines: lines.map((l) => lineOf(l, supply)),
  });
}

/** `amount` spread over the invoice's lines in proportion, each part split at its line's rate. */
function proportionalLines(invoice: TaxDocumentRow, amount: number): TaxLineRow[] {
  const parts = spread(
    amount,
    invoice.lines.map((l) => l.amount),
  );
  return invoice.lines
    .map((l, i) =>
      lineOf({ description: l.description, sac: l.sac, rate: l.rate, amount: parts[i]! }, invoice.supply),
    )
    .filter((l) => l.amount > 0);
}

/** What the earlier notes left of each of the invoice's lines (by description, SAC and rate). */
function remainingLines(invoice: TaxDocumentRow, notes: TaxDocumentRow[]): TaxLineRow[] {
  const left = new Map<string, TaxLineRow>();
  const keyOf = (l: TaxLineRow) => `${l.description}|${l.sac}|${l.rate}`;
  const add = (l: TaxLineRow, sign: 1 | -1) => {
    const into = left.get(keyOf(l)) ?? { ...l, amount: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
    into.amount += sign * l.amount;
    into.taxable += sign * l.taxable;
    into.cgst += sign * l.cgst;
    into.sgst += sign * l.sgst;
    into.igst += sign * l.igst;
    left.set(keyOf(l), into);
  };
  invoice.lines.forEach((l) => add(l, 1));
  notes.forEach((n) => n.lines.forEach((l) => add(l, -1)));
  return [...left.values()].filter((l) => l.amount > 0);
}

/**
 * The credit note of a refund (`refund` given, crediting its amount) or of the payment's void
 * (crediting what is still uncredited); null when the payment was not a tax invoice.
 */
export async function issueCreditNote(
  tx: Tx,
  ctx: StaffContext,
  payment: PaymentRow,
  on: { day: string; refund?: { id: number; amount: number } },
): Promise<TaxDocumentRow | null> {
  const docs = await tx
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.clientId, ctx.clientId), eq(taxDocuments.paymentId, payment.id)));
  const invoice = docs.find((d) => d.kind === 'invoice');
  if (!invoice) return null;
  const credited = docs.filter((d) => d.kind === 'creditNote').reduce((total, d) => total + d.total, 0);
  const amount = Math.min(on.refund?.amount ?? Infinity, invoice.total - credited);
  if (amount <= 0) return null;
  const notes = docs.filter((d) => d.kind === 'creditNote');
  // The note that credits the rest of the invoice reverses exactly what the earlier notes left of
  // each line, so the invoice and all its notes net to zero to the paisa, tax included.
  const lines =
    amount === invoice.total - credited && notes.length
      ? remainingLines(invoice, notes)
      : proportionalLines(invoice, amount);
  return insertDocument(tx, ctx, {
    clientId: ctx.clientId,
    branchId: invoice.branchId,
    kind: 'creditNote',
    series: `creditNote:${invoice.supplier.gstin}`,
    issuedOn: on.day,
    paymentId: payment.id,
    refundId: on.refund?.id ?? null,
    againstId: invoice.id,
    reason: on.refund ? 'refund' : 'void',
    supplier: invoice.supplier,
    recipient: invoice.recipient,
    placeOfSupply: invoice.placeOfSupply,
    supply: invoice.supply,
    lines,
  });
}
