import { describe, expect, it } from 'vitest';
import { addInvoiceRow, defaultInvoiceNote, invoiceTotal, newInvoiceRow } from './invoice';

describe('invoice editor', () => {
  it('adds rows as Item_{id}, Description, price 0, qty 0', () => {
    expect(newInvoiceRow(4)).toEqual({ id: 4, item: 'Item_4', desc: 'Description', price: 0, qty: 0 });
    expect(addInvoiceRow([newInvoiceRow(1), newInvoiceRow(3)]).at(-1)).toEqual(newInvoiceRow(4));
  });

  it('has the net 30 days note with a 1.5% finance charge', () => {
    expect(defaultInvoiceNote).toMatch(/30 days/);
    expect(defaultInvoiceNote).toMatch(/1\.5%/);
  });

  it('totals free-text amounts, reading what is not a number as 0', () => {
    expect(
      invoiceTotal([
        { id: 1, item: '', desc: '', price: '1,200.50', qty: '2' },
        { id: 2, item: '', desc: '', price: 'x', qty: 3 },
      ]),
    ).toBe(2401);
  });
});
