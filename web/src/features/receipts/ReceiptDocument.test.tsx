import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TaxDocument } from '@app/contract/gst';
import type { Receipt } from '@app/contract/receipts';
import { renderPage } from '../../test/render';
import { ReceiptDocument } from './ReceiptDocument';

// The receipt on screen (A4 and 80 mm) as a tax invoice (issue 44, point 2).
const invoice: TaxDocument = {
  id: 9,
  kind: 'invoice',
  number: 'INV/26-27/00001',
  issuedAt: '2026-12-07',
  supplier: { name: 'Reading Room LLP', address: 'FC Road, Pune', gstin: '27AAPFU0939F1ZV', stateCode: '27' },
  recipient: { name: 'Asha Rao', address: '', gstin: null, stateCode: null },
  placeOfSupply: '27',
  supply: 'intra',
  lines: [
    {
      description: 'Seat',
      sac: '997212',
      rate: 18,
      amount: 90000,
      taxable: 76272,
      cgst: 6864,
      sgst: 6864,
      igst: 0,
    },
  ],
  taxable: 76272,
  cgst: 6864,
  sgst: 6864,
  igst: 0,
  total: 90000,
  against: null,
  reason: null,
};

const receipt = (taxDocument?: TaxDocument): Receipt => ({
  payment: {
    id: 1,
    branchId: 1,
    userId: 2,
    memberName: 'Asha Rao',
    memberMobile: '9876500099',
    receiptNumber: 'RCP-B1-2026-7',
    feeStructureId: 3,
    feeStructureName: 'Monthly',
    lines: [{ feeTypeId: 4, name: 'Seat', amount: 90000 }],
    duesSettled: 0,
    lateFine: 0,
    lateFineWaiverReason: null,
    discount: 0,
    discountReason: null,
    total: 90000,
    received: 90000,
    due: 0,
    leftOwing: 0,
    mode: 'cash',
    kind: 'payment',
    bankAccountId: null,
    bankAccountName: null,
    reference: '',
    paidAt: '2026-12-07',
    coversFrom: '2026-12-07',
    coversTill: '2027-01-05',
    previousValidTill: null,
    note: '',
    createdBy: 1,
    createdByName: 'Owner',
    status: 'completed',
    voidReason: null,
    voidedAt: null,
    verifyPath: '/r/abc',
    createdAt: '2026-12-07T10:00:00.000Z',
  },
  organisation: { name: 'Reading Room Co', address: '', taxId: '', currency: 'INR', locale: 'en-IN' },
  branch: { name: 'Koramangala', address: '', phone: '' },
  verifyUrl: 'https://library.example/r/abc',
  qrDataUrl: 'data:image/png;base64,',
  wifi: null,
  ...(taxDocument && { taxDocument }),
});

describe('the receipt as a GST document', () => {
  it.each(['a4', 'thermal'] as const)(
    '%s: a tax invoice with its number, GSTIN, split and Rule 46 lines',
    (format) => {
      renderPage(<ReceiptDocument receipt={receipt(invoice)} format={format} />);
      expect(screen.getByRole('heading', { name: 'Tax Invoice' })).toBeTruthy();
      expect(screen.getByText('No. INV/26-27/00001')).toBeTruthy();
      expect(screen.getByText('Receipt No.: RCP-B1-2026-7')).toBeTruthy();
      expect(screen.getByText(/GSTIN: 27AAPFU0939F1ZV/)).toBeTruthy();
      expect(screen.getAllByText(/CGST/).length).toBeGreaterThan(0);
      expect(screen.getAllByText('₹68.64').length).toBeGreaterThan(0);
      expect(screen.getByText('Tax payable on reverse charge: No')).toBeTruthy();
      expect(screen.getByText('Authorised signatory')).toBeTruthy();
    },
  );

  it('a receipt without a GST document stays a receipt', () => {
    renderPage(<ReceiptDocument receipt={receipt()} format="a4" />);
    expect(screen.queryByText('Tax Invoice')).toBeNull();
    expect(screen.queryByText(/GSTIN/)).toBeNull();
  });

  it('a void prints its credit note below, naming the invoice', () => {
    const note: TaxDocument = {
      ...invoice,
      id: 10,
      kind: 'creditNote',
      number: 'CN/26-27/00001',
      against: { number: invoice.number, issuedAt: invoice.issuedAt },
      reason: 'void',
    };
    renderPage(<ReceiptDocument receipt={receipt(invoice)} format="a4" creditNotes={[note]} />);
    expect(screen.getByRole('heading', { name: 'Credit Note' })).toBeTruthy();
    expect(screen.getByText('Against invoice: INV/26-27/00001 · 07/12/2026')).toBeTruthy();
    expect(screen.getByText('Reason: Invoice cancelled')).toBeTruthy();
  });
});
