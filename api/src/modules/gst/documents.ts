// GST documents as the API shows them: beside a payment's receipt (its invoice or bill of supply)
// and a refund's receipt (its credit note), and in the public check.
import { and, eq, inArray } from 'drizzle-orm';
import type { TaxDocument } from '@app/contract/gst';
import { taxDocuments } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { TaxDocumentRow } from './issue.ts';

export async function toTaxDocument(db: Db | Tx, row: TaxDocumentRow): Promise<TaxDocument> {
  const [against] =
    row.againstId === null
      ? []
      : await db
          .select({ number: taxDocuments.number, issuedOn: taxDocuments.issuedOn })
          .from(taxDocuments)
          .where(and(eq(taxDocuments.clientId, row.clientId), eq(taxDocuments.id, row.againstId)));
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    issuedAt: row.issuedOn,
    supplier: row.supplier,
    recipient: row.recipient,
    placeOfSupply: row.placeOfSupply,
    supply: row.supply,
    lines: row.lines,
    taxable: row.taxable,
    cgst: row.cgst,
    sgst: row.sgst,
    igst: row.igst,
    total: row.total,
    against: against ? { number: against.number, issuedAt: against.issuedOn } : null,
    reason: row.reason as TaxDocument['reason'],
  };
}

/** The payment's tax invoice or bill of supply; null for a payment without one. */
export async function paymentTaxDocument(
  db: Db | Tx,
  clientId: number,
  paymentId: number,
): Promise<TaxDocument | null> {
  const [row] = await db
    .select()
    .from(taxDocuments)
    .where(
      and(
        eq(taxDocuments.clientId, clientId),
        eq(taxDocuments.paymentId, paymentId),
        inArray(taxDocuments.kind, ['invoice', 'billOfSupply']),
      ),
    );
  return row ? toTaxDocument(db, row) : null;
}

/** The credit notes of a payment's refunds and void, oldest first. */
export async function creditNotesOf(
  db: Db | Tx,
  clientId: number,
  paymentId: number,
): Promise<(TaxDocument & { refundId: number | null })[]> {
  const rows = await db
    .select()
    .from(taxDocuments)
    .where(
      and(
        eq(taxDocuments.clientId, clientId),
        eq(taxDocuments.paymentId, paymentId),
        eq(taxDocuments.kind, 'creditNote'),
      ),
    )
    .orderBy(taxDocuments.id);
  return Promise.all(rows.map(async (r) => ({ ...(await toTaxDocument(db, r)), refundId: r.refundId })));
}
