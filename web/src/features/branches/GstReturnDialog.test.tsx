import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GstReturn } from '@app/contract/gst';
import { jsonResponse, renderPage, stubFetch } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { GstReturnDialog } from './GstReturnDialog';

// The month's GST return from the branch screen (issue 44, point 4).
const figures: GstReturn = {
  gstin: '27AAPFU0939F1ZV',
  month: '2026-12',
  b2b: [],
  b2cs: [{ placeOfSupply: '27', rate: 18, taxable: 76272, igst: 0, cgst: 6864, sgst: 6864 }],
  cdnr: [],
  cdnur: [],
  hsn: [{ sac: '997212', rate: 18, value: 90000, taxable: 76272, igst: 0, cgst: 6864, sgst: 6864 }],
  docs: [
    {
      nature: 'Invoices for outward supply',
      from: 'INV/26-27/00001',
      to: 'INV/26-27/00001',
      total: 1,
      cancelled: 0,
    },
  ],
};

afterEach(() => {
  clearTestSession();
  vi.unstubAllGlobals();
});

describe('GST return dialog', () => {
  it("shows the month's figures and downloads a section's CSV", async () => {
    storeTestSession();
    const api = stubFetch((url) =>
      url.includes('file=')
        ? new Response('Type,Place Of Supply\r\n', {
            status: 200,
            headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="b2cs.csv"' },
          })
        : jsonResponse(200, figures),
    );
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    renderPage(<GstReturnDialog gstin="27AAPFU0939F1ZV" onClose={() => undefined} />);
    expect((await screen.findByTestId('gst-return-b2cs')).textContent).toMatch(
      /taxable .*762\.72, tax .*137\.28/,
    );
    expect(screen.getByText('Invoices INV/26-27/00001 to INV/26-27/00001 (1)')).toBeTruthy();
    expect(api.calls()[0]![0]).toMatch(/^\/api\/gst\/getReturn\?gstin=27AAPFU0939F1ZV&month=\d{4}-\d{2}$/);
    fireEvent.click(screen.getByRole('button', { name: 'b2cs.csv' }));
    await waitFor(() => expect(api.calls().some(([url]) => url.includes('file=b2cs'))).toBe(true));
  });
});
