/** Invoice editor (spec sections 3, 5 and 9). Amounts are free text, read as numbers for the total. */
export interface InvoiceRow {
  id: number;
  item: string;
  desc: string;
  price: number | string;
  qty: number | string;
}

export const defaultInvoiceNote =
  'All accounts are to be paid within 30 days from receipt of invoice. A finance charge of 1.5% will be made on unpaid balances after 30 days.';

/** A new row: item 'Item_{id}', desc 'Description', price 0, qty 0. */
export function newInvoiceRow(id: number): InvoiceRow {
  return { id, item: `Item_${id}`, desc: 'Description', price: 0, qty: 0 };
}

export function addInvoiceRow(rows: readonly InvoiceRow[]): InvoiceRow[] {
  const id = rows.reduce((max, row) => Math.max(max, row.id), 0) + 1;
  return [...rows, newInvoiceRow(id)];
}

function amount(value: number | string): number {
  const number = Number(String(value).replace(/,/g, ''));
  return Number.isFinite(number) ? number : 0;
}

export function invoiceTotal(rows: readonly InvoiceRow[]): number {
  return rows.reduce((sum, row) => sum + amount(row.price) * amount(row.qty), 0);
}
