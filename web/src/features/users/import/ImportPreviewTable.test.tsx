import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { writeCookie } from '../../../lib/session';
import { renderPage } from '../../../test/render';
import { ImportPreviewTable, type ImportPreview } from './ImportPreviewTable';

afterEach(() => {
  document.cookie = 'clientDetails=; Path=/; Max-Age=0';
});

const preview: ImportPreview = {
  rows: [
    {
      line: 2,
      values: { name: 'Asha Rao', mobile: '9876500001', validFrom: '2026-12-07', validTill: '2027-01-06' },
      errors: [],
    },
  ],
  validCount: 1,
  errorCount: 0,
  ignoredColumns: [],
};

describe('the import preview (issue 41, point 8)', () => {
  it("writes the validity in the organisation's date format, kept in order right to left", async () => {
    writeCookie(
      'clientDetails',
      JSON.stringify({
        clientId: 1,
        name: 'Demo',
        currency: 'INR',
        locale: 'en-IN',
        timezone: 'Asia/Kolkata',
      }),
    );
    renderPage(<ImportPreviewTable preview={preview} />);
    const row = (await screen.findByText('Asha Rao')).closest('tr')!;
    // Not the file's ISO dates: as every date on screen (en-IN: 07/12/2026).
    expect(row.textContent).toContain('\u206607/12/2026 – 06/01/2027\u2069');
    expect(row.textContent).not.toContain('2026-12-07');
  });
});
