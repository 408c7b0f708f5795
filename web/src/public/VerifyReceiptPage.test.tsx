import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReceiptVerification } from '@app/contract/payments';
import { jsonResponse, renderPage, stubFetch } from '../test/render';
import { VerifyReceiptPage } from './VerifyReceiptPage';

const check: ReceiptVerification = {
  receiptNumber: 'DL-B1-2026-27-871',
  organisation: 'Demo Library',
  branch: 'Koramangala',
  amount: 100000,
  received: 100000,
  total: 196000,
  due: 96000,
  currency: 'INR',
  locale: 'en-IN',
  paidAt: '2026-11-28',
  status: 'completed',
};

afterEach(() => vi.unstubAllGlobals());

describe('the public receipt check (issue 34)', () => {
  it('labels what was received, and the total beside it for a part payment', async () => {
    stubFetch(() => jsonResponse(200, check));
    renderPage(<VerifyReceiptPage />, '/r/abc');
    expect((await screen.findByTestId('verify-received')).textContent).toBe('₹1,000.00');
    expect(screen.getByText('Received')).toBeTruthy();
    expect(screen.getByText('Total')).toBeTruthy();
    expect(screen.getByTestId('verify-total').textContent).toBe('₹1,960.00');
  });

  it('says what is still due on a part payment (issue 41, point 6)', async () => {
    stubFetch(() => jsonResponse(200, check));
    renderPage(<VerifyReceiptPage />, '/r/abc');
    expect((await screen.findByTestId('verify-due')).textContent).toBe('₹960.00');
    expect(screen.getByText('Still due')).toBeTruthy();
  });

  it('shows nothing due once the rest was paid', async () => {
    stubFetch(() => jsonResponse(200, { ...check, due: 0 }));
    renderPage(<VerifyReceiptPage />, '/r/abc');
    expect((await screen.findByTestId('verify-total')).textContent).toBe('₹1,960.00');
    expect(screen.queryByTestId('verify-due')).toBeNull();
    expect(screen.queryByText('Still due')).toBeNull();
  });

  it('shows no total when the payment was paid in full', async () => {
    stubFetch(() => jsonResponse(200, { ...check, total: 100000, due: 0 }));
    renderPage(<VerifyReceiptPage />, '/r/abc');
    expect((await screen.findByTestId('verify-received')).textContent).toBe('₹1,000.00');
    expect(screen.queryByTestId('verify-total')).toBeNull();
  });

  it('names the GST document the receipt is, with its number (issue 44, point 2)', async () => {
    stubFetch(() =>
      jsonResponse(200, { ...check, taxDocument: { kind: 'invoice', number: 'INV/26-27/00042' } }),
    );
    renderPage(<VerifyReceiptPage />, '/r/abc');
    expect(await screen.findByText('Tax Invoice INV/26-27/00042')).toBeTruthy();
  });

  it('says nothing of GST for a receipt without a GST document', async () => {
    stubFetch(() => jsonResponse(200, check));
    renderPage(<VerifyReceiptPage />, '/r/abc');
    await screen.findByTestId('verify-received');
    expect(screen.queryByText(/Tax Invoice|Bill of Supply/)).toBeNull();
  });
});
