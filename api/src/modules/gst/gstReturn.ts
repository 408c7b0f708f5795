// The month's GSTR-1 figures of one GSTIN (issue 44, point 4), from the tax invoices and credit notes
// issued under it, and the CSV files of the GST offline tool's import templates (docs/gst.md says
// where the headings come from).
//
// - B2B: invoices to members who gave a GSTIN, one row per invoice and rate.
// - B2CS: every other invoice, summed by place of supply and rate, less the month's credit notes on
//   such invoices (GSTN: notes to unregistered persons are netted in B2CS unless the invoice was B2CL,
//   an inter-state invoice to an unregistered person above the B2CL limit; a seat is supplied in the
//   branch's own state, so there is none and CDNUR stays empty).
// - CDNR: credit notes to members with a GSTIN, one row per note and rate.
// - HSN: by SAC and rate, net of the month's credit notes.
// - Docs: first and last number and count of the month's invoices and of its credit notes. A void
//   issues a credit note rather than cancelling its invoice, so no number is counted as cancelled.
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { gstStates, type GstReturn, type GstReturnFile } from '@app/contract/gst';
import { taxDocuments, type TaxLineRow } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';
import type { TaxDocumentRow } from './issue.ts';

type Amounts = { taxable: number; igst: number; cgst: number; sgst: number };
const zero = (): Amounts => ({ taxable: 0, igst: 0, cgst: 0, sgst: 0 });

function add(into: Amounts & { value?: number }, line: TaxLineRow, sign: 1 | -1) {
  into.taxable += sign * line.taxable;
  into.igst += sign * line.igst;
  into.cgst += sign * line.cgst;
  into.sgst += sign * line.sgst;
  if (into.value !== undefined) into.value += sign * line.amount;
}

/** The lines of a document summed per rate, in the order the rates first appear. */
function byRate(doc: TaxDocumentRow): { rate: number; amounts: Amounts }[] {
  const rates = new Map<number, Amounts>();
  for (const line of doc.lines) {
    const sum = rates.get(line.rate) ?? zero();
    add(sum, line, 1);
    rates.set(line.rate, sum);
  }
  return [...rates].map(([rate, amounts]) => ({ rate, amounts }));
}

export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

export async function gstReturn(db: Db, ctx: StaffContext, gstin: string, month: string): Promise<GstReturn> {
  const { from, to } = monthRange(month);
  const docs = await db
    .select()
    .from(taxDocuments)
    .where(
      and(
        eq(taxDocuments.clientId, ctx.clientId),
        inArray(taxDocuments.series, [`invoice:${gstin}`, `creditNote:${gstin}`]),
        gte(taxDocuments.issuedOn, from),
        lte(taxDocuments.issuedOn, to),
      ),
    )
    .orderBy(taxDocuments.kind, taxDocuments.fy, taxDocuments.seq);
  // A return is the whole GSTIN's: a caller who may not read every branch under it gets none.
  const allowed = ctx.allowedBranchIds;
  if (allowed && docs.some((d) => !allowed.includes(d.branchId))) throw forbidden();

  const invoices = docs.filter((d) => d.kind === 'invoice');
  const notes = docs.filter((d) => d.kind === 'creditNote');
  const b2b: GstReturn['b2b'] = [];
  const b2cs = new Map<string, GstReturn['b2cs'][number]>();
  const cdnr: GstReturn['cdnr'] = [];
  const hsn = new Map<string, GstReturn['hsn'][number]>();

  const toB2cs = (doc: TaxDocumentRow, sign: 1 | -1) => {
    for (const line of doc.lines) {
      const key = `${doc.placeOfSupply}|${line.rate}`;
      const row = b2cs.get(key) ?? { placeOfSupply: doc.placeOfSupply ?? '', rate: line.rate, ...zero() };
      add(row, line, sign);
      b2cs.set(key, row);
    }
  };
  const toHsn = (doc: TaxDocumentRow, sign: 1 | -1) => {
    for (const line of doc.lines) {
      const key = `${line.sac}|${line.rate}`;
      const row = hsn.get(key) ?? { sac: line.sac, rate: line.rate, value: 0, ...zero() };
      add(row, line, sign);
      hsn.set(key, row);
    }
  };

  for (const inv of invoices) {
    toHsn(inv, 1);
    if (inv.recipient.gstin) {
      for (const { rate, amounts } of byRate(inv)) {
        b2b.push({
          recipientGstin: inv.recipient.gstin,
          receiverName: inv.recipient.name,
          number: inv.number,
          date: inv.issuedOn,
          value: inv.total,
          placeOfSupply: inv.placeOfSupply ?? '',
          rate,
          ...amounts,
        });
      }
    } else toB2cs(inv, 1);
  }
  for (const note of notes) {
    toHsn(note, -1);
    if (note.recipient.gstin) {
      for (const { rate, amounts } of byRate(note)) {
        cdnr.push({
          recipientGstin: note.recipient.gstin,
          receiverName: note.recipient.name,
          number: note.number,
          date: note.issuedOn,
          value: note.total,
          placeOfSupply: note.placeOfSupply ?? '',
          supply: note.supply ?? 'intra',
          rate,
          ...amounts,
        });
      }
    } else toB2cs(note, -1);
  }

  const series = (nature: GstReturn['docs'][number]['nature'], list: TaxDocumentRow[]) =>
    list.length
      ? [{ nature, from: list[0]!.number, to: list.at(-1)!.number, total: list.length, cancelled: 0 }]
      : [];
  const nonZero = (r: Amounts) => r.taxable !== 0 || r.igst !== 0 || r.cgst !== 0 || r.sgst !== 0;
  const byKey = <T extends { rate: number }>(a: T & { placeOfSupply?: string; sac?: string }, b: typeof a) =>
    (a.placeOfSupply ?? a.sac ?? '').localeCompare(b.placeOfSupply ?? b.sac ?? '') || a.rate - b.rate;
  return {
    gstin,
    month,
    b2b,
    b2cs: [...b2cs.values()].filter(nonZero).sort(byKey),
    cdnr,
    cdnur: [],
    hsn: [...hsn.values()].filter(nonZero).sort(byKey),
    docs: [...series('Invoices for outward supply', invoices), ...series('Credit Note', notes)],
  };
}

// The offline tool's import templates: these headings, in this order (docs/gst.md names the sources).
export const gstReturnHeadings: Record<GstReturnFile, string[]> = {
  b2b: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Reverse Charge',
    'Applicable % of Tax Rate',
    'Invoice Type',
    'E-Commerce GSTIN',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  b2cs: [
    'Type',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  cdnr: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Reverse Charge',
    'Note Supply Type',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  cdnur: [
    'UR Type',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  hsn: [
    'HSN',
    'Description',
    'UQC',
    'Total Quantity',
    'Total Value',
    'Taxable Value',
    'Integrated Tax Amount',
    'Central Tax Amount',
    'State/UT Tax Amount',
    'Cess Amount',
    'Rate',
  ],
  docs: ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
};

const rupees = (minor: number) => (minor / 100).toFixed(2);
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 07-Dec-2026, the offline tool's date. */
const toolDate = (day: string) =>
  `${day.slice(8, 10)}-${months[Number(day.slice(5, 7)) - 1]}-${day.slice(0, 4)}`;
/** 27-Maharashtra, the offline tool's place of supply. */
const place = (code: string) => `${code}-${gstStates[code as keyof typeof gstStates] ?? ''}`;
const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** One section as the offline tool imports it: its headings, then a line a row (CRLF, no BOM). */
export function gstReturnCsv(ret: GstReturn, file: GstReturnFile): string {
  const rows: string[][] = {
    b2b: () =>
      ret.b2b.map((r) => [
        r.recipientGstin,
        r.receiverName,
        r.number,
        toolDate(r.date),
        rupees(r.value),
        place(r.placeOfSupply),
        'N',
        '',
        'Regular B2B',
        '',
        String(r.rate),
        rupees(r.taxable),
        '0.00',
      ]),
    b2cs: () =>
      ret.b2cs.map((r) => ['OE', place(r.placeOfSupply), '', String(r.rate), rupees(r.taxable), '0.00', '']),
    cdnr: () =>
      ret.cdnr.map((r) => [
        r.recipientGstin,
        r.receiverName,
        r.number,
        toolDate(r.date),
        'C',
        place(r.placeOfSupply),
        'N',
        'Regular B2B',
        rupees(r.value),
        '',
        String(r.rate),
        rupees(r.taxable),
        '0.00',
      ]),
    cdnur: () => [],
    hsn: () =>
      ret.hsn.map((r) => [
        r.sac,
        '',
        'NA',
        '0',
        rupees(r.value),
        rupees(r.taxable),
        rupees(r.igst),
        rupees(r.cgst),
        rupees(r.sgst),
        '0.00',
        String(r.rate),
      ]),
    docs: () => ret.docs.map((r) => [r.nature, r.from, r.to, String(r.total), String(r.cancelled)]),
  }[file]();
  return [gstReturnHeadings[file], ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}
