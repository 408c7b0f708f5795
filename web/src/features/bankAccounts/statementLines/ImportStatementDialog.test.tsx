import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage, stubFetch } from '../../../test/render';
import { clearTestSession, storeTestSession } from '../../../test/session';
import { guessMapping, ImportStatementDialog } from './ImportStatementDialog';

const result = {
  format: 'mapped',
  read: 3,
  added: 3,
  alreadyImported: 0,
  skipped: 0,
  claimsConfirmed: 1,
  reconciled: 1,
  unmatched: 1,
};
const headings = ['Posted', 'Details', 'Ref', 'Money out', 'Money in', 'Running'];

/** The API: the first upload asks for a mapping, the one with a mapping imports. */
function server() {
  return stubFetch((url, init) => {
    const path = url.split('?')[0]!;
    if (path === '/api/bankStatement/importStatement') {
      const body = JSON.parse(String(init.body)) as { mapping?: unknown };
      if (!body.mapping) {
        return jsonResponse(422, {
          statusCode: 422,
          reason: 'MAPPING_REQUIRED',
          code: 'STATEMENT_COLUMNS_UNKNOWN',
          message: 'The columns are not those of a bank statement the app knows; say which column is which.',
          details: headings.map((heading, i) => ({
            path: `headings.${i}`,
            message: heading,
            code: 'STATEMENT_HEADING',
            params: { heading },
          })),
        });
      }
      return jsonResponse(200, result);
    }
    return jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'no route' });
  });
}

afterEach(() => {
  clearTestSession();
  vi.unstubAllGlobals();
});

describe('the mapping guess', () => {
  it('takes each heading once, by its usual words', () => {
    expect(guessMapping(headings)).toEqual({
      date: 'Posted',
      narration: 'Details',
      reference: 'Ref',
      debit: 'Money out',
      credit: 'Money in',
      balance: 'Running',
    });
  });
});

describe('import statement dialog', () => {
  it('asks which column is which when the server does not know the headings, then says what matched', async () => {
    storeTestSession();
    const api = server();
    renderPage(<ImportStatementDialog bankAccountId={7} accountName="Current" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Import statement: Current' });
    const csv = 'Posted,Details,Ref,Money out,Money in,Running\n09.12.2026,Cash,C1,,300.00,300.00\n';
    fireEvent.change(within(dialog).getByTestId('statement-file'), {
      target: { files: [new File([csv], 'december.csv', { type: 'text/csv' })] },
    });
    const mapping = await within(dialog).findByTestId('statement-mapping');
    expect(within(mapping).getByText(/does not know these columns/)).toBeTruthy();
    expect(api.bodyOf(0)).toEqual({ csv });
    expect(api.calls()[0]![0]).toContain('bankAccountId=7');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Import with these columns' }));
    const summary = await within(dialog).findByTestId('statement-result');
    expect(api.bodyOf(1)).toEqual({
      csv,
      mapping: {
        date: 'Posted',
        narration: 'Details',
        reference: 'Ref',
        debit: 'Money out',
        credit: 'Money in',
        balance: 'Running',
      },
    });
    expect(summary.textContent).toContain('3 lines read, 3 new.');
    expect(summary.textContent).toContain('1 UPI claim confirmed: payment and receipt recorded.');
    expect(summary.textContent).toContain('1 movement reconciled.');
    expect(summary.textContent).toContain('1 credit unmatched');
    await waitFor(() => expect(within(dialog).queryByTestId('statement-mapping')).toBeNull());
  });

  it('refuses a file that is neither CSV nor XLSX before sending it', async () => {
    storeTestSession();
    const api = server();
    renderPage(<ImportStatementDialog bankAccountId={7} accountName="Current" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('statement-file'), {
      target: { files: [new File(['%PDF'], 'statement.pdf', { type: 'application/pdf' })] },
    });
    expect(await within(dialog).findByText('statement.pdf is not a .csv or .xlsx file.')).toBeTruthy();
    expect(api.calls()).toHaveLength(0);
  });
});
