import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UpiClaim } from '@app/contract/portal';
import { writeCookie } from '../../lib/session';
import { jsonResponse, renderPage, stubFetch } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { UpiClaimsTable } from './UpiClaimsTable';

// Confirming a UPI claim says what it records before the click (issue 41, point 6): what it renews
// and, for an under-paid claim, what stays owing, as the list quotes the confirm.
afterEach(() => {
  clearTestSession();
  vi.unstubAllGlobals();
});

const base: UpiClaim = {
  id: 5,
  userId: 7,
  memberName: 'Asha Rao',
  mobile: '9800000001',
  amount: 80000,
  utr: '400000000001',
  reference: 'A1B2C3D4E5F60718',
  purpose: 'renewal',
  requestedAmount: 90000,
  onConfirm: {
    feeStructureName: 'Monthly 8 h',
    coversFrom: '2027-01-01',
    coversTill: '2027-01-31',
    total: 90000,
    owing: 10000,
    seat: null,
  },
  status: 'pending',
  rejectReason: null,
  paymentId: null,
  receiptNumber: null,
  createdAt: '2026-12-20T09:00:00.000Z',
  decidedAt: null,
};

async function confirmText(claim: UpiClaim) {
  storeTestSession();
  // An Indian library: rupees, dates as en-IN writes them, as elsewhere on screen.
  writeCookie(
    'clientDetails',
    JSON.stringify({ clientId: 1, name: 'Demo', currency: 'INR', locale: 'en-IN', timezone: 'Asia/Kolkata' }),
  );
  stubFetch((url) =>
    url.startsWith('/api/payment/getUpiClaims')
      ? jsonResponse(200, { items: [claim], pending: 1 })
      : jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'no route' }),
  );
  renderPage(<UpiClaimsTable />);
  const row = await screen.findByTestId('upi-claim-row');
  fireEvent.click(within(row).getByRole('button', { name: 'Confirm' }));
  const ask = await screen.findByRole('alertdialog', { name: 'Confirm UPI payment?' });
  return ask.querySelector('.MuiDialogContentText-root')!.textContent;
}

describe('confirming a UPI claim', () => {
  it('under-paid renewal: says what it renews and what stays owing', async () => {
    expect(await confirmText(base)).toBe(
      'Confirms ₹800.00 of ₹900.00: renews Monthly 8 h from 01/01/2027 to 31/01/2027; ₹100.00 stays owing. ' +
        "Only when ₹800.00 with UTR 400000000001 is on the account's statement: this records the payment of Asha Rao with its receipt.",
    );
  });

  it('paid in full: says what it renews, nothing owing', async () => {
    const text = await confirmText({
      ...base,
      amount: 90000,
      onConfirm: { ...base.onConfirm!, owing: 0 },
    });
    expect(text).toMatch(/^Confirms ₹900\.00: renews Monthly 8 h from 01\/01\/2027 to 31\/01\/2027\. Only/);
  });

  it('under-paid dues: what stays owing, no renewal', async () => {
    const text = await confirmText({
      ...base,
      purpose: 'dues',
      amount: 30000,
      requestedAmount: 50000,
      onConfirm: {
        feeStructureName: null,
        coversFrom: null,
        coversTill: null,
        total: 50000,
        owing: 20000,
        seat: null,
      },
    });
    expect(text).toMatch(/^Confirms ₹300\.00 of ₹500\.00 dues; ₹200\.00 stays owing\. Only/);
  });

  it('a seat chosen on the page: says the confirm gives it', async () => {
    const text = await confirmText({
      ...base,
      onConfirm: { ...base.onConfirm!, seat: { roomName: 'Hall A', seatNumber: 12 } },
    });
    expect(text).toMatch(
      /31\/01\/2027; ₹100\.00 stays owing\. Seat 12 of Hall A, chosen on their page, becomes theirs\. Only/,
    );
  });
});
