import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { moduleNames } from '@app/contract/modules';
import { get } from '../../../lib/api';
import { jsonResponse, renderPage, stubFetch } from '../../../test/render';
import { clearTestSession, storeTestSession } from '../../../test/session';
import { ImportMembersButton } from './ImportMembersButton';
import { previewRows, shownRows } from './ImportPreviewTable';

const csv =
  'name,mobile,validFrom,validTill\nAsha,9876543210,2026-01-01,2026-01-31\nBad,12,2026-02-01,2026-01-01\n';

const preview = {
  rows: [
    {
      line: 2,
      values: { name: 'Asha', mobile: '9876543210', validFrom: '2026-01-01', validTill: '2026-01-31' },
      errors: [],
    },
    {
      line: 3,
      values: { name: 'Bad', mobile: '12', validFrom: '2026-02-01', validTill: '2026-01-01' },
      errors: [
        { field: 'Mobile', message: 'Enter a mobile number of 7 to 15 digits' },
        { field: 'Valid till', message: 'Valid till must not be before valid from' },
      ],
    },
  ],
  validCount: 1,
  errorCount: 1,
  ignoredColumns: ['Member no.', 'Dues'],
};

function server(overrides: Record<string, () => Response> = {}) {
  return stubFetch((url) => {
    const path = url.split('?')[0]!;
    if (overrides[path]) return overrides[path]();
    if (path === '/api/user/getUsers')
      return jsonResponse(200, { items: [], total: 0, page: 0, pageSize: 5 });
    if (path === '/api/user/previewImport') return jsonResponse(200, preview);
    if (path === '/api/user/importTemplate') {
      return new Response('name,mobile\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv',
          'content-disposition': 'attachment; filename="members-template.csv"',
        },
      });
    }
    if (path === '/api/user/importUsers') {
      return jsonResponse(200, {
        imported: 1,
        skipped: 1,
        errors: [{ line: 3, errors: preview.rows[1]!.errors }],
      });
    }
    return jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'no route' });
  });
}

/** Stands in for the Active Users table: a query under the users resource's key. */
function UsersListProbe() {
  useQuery({ queryKey: ['user', 'list'], queryFn: () => get('/user/getUsers') });
  return null;
}

function chooseFile(content: string, name = 'members.csv') {
  const input = screen.getByTestId('import-file');
  fireEvent.change(input, { target: { files: [new File([content], name, { type: 'text/csv' })] } });
}

const listCalls = (api: ReturnType<typeof server>) =>
  api.calls().filter(([url]) => url.startsWith('/api/user/getUsers')).length;

afterEach(() => {
  clearTestSession();
  vi.unstubAllGlobals();
});

describe('preview rows', () => {
  it('keeps file order when every row fits, and puts the rows with errors first when it must cut', () => {
    expect(previewRows(preview).map((r) => r.line)).toEqual([2, 3]);
    const row = (line: number, bad: boolean) => ({
      line,
      values: {},
      errors: bad ? [{ field: 'mobile', message: 'Required' }] : [],
    });
    const rows = Array.from({ length: shownRows + 50 }, (_, i) => row(i + 2, i >= shownRows + 40));
    const shown = previewRows({ rows, validCount: shownRows + 40, errorCount: 10, ignoredColumns: [] });
    expect(shown).toHaveLength(shownRows);
    expect(shown.slice(0, 10).every((r) => r.errors.length > 0)).toBe(true);
    expect(shown[10]?.line).toBe(2);
  });
});

describe('member import dialog', () => {
  it('previews with per-row errors, imports the valid rows and refreshes the members list', async () => {
    storeTestSession();
    const api = server();
    renderPage(
      <>
        <UsersListProbe />
        <ImportMembersButton />
      </>,
    );
    await waitFor(() => expect(listCalls(api)).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import Members' });
    const previewButton = within(dialog).getByRole('button', { name: 'Preview' });
    expect(previewButton).toHaveProperty('disabled', true);

    chooseFile(csv);
    expect(await within(dialog).findByText('members.csv')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));

    const table = await within(dialog).findByRole('table', { name: 'Rows of the file' });
    const previewAt = api.calls().findIndex(([u]) => u === '/api/user/previewImport');
    expect(api.bodyOf(previewAt)).toEqual({ csv });
    // The server names columns in the screen's language (issue 41, point 4).
    expect((api.calls()[previewAt]![1].headers as Record<string, string>)['Accept-Language']).toBe('en');
    expect(within(dialog).getByTestId('import-ignored').textContent).toBe(
      'Kept by the system, not imported: Member no., Dues.',
    );
    expect(within(dialog).getByText('1 valid row')).toBeTruthy();
    expect(within(dialog).getByText('1 row with errors')).toBeTruthy();
    // Rows in file order (header, line 2, line 3); the bad one names each field's problem.
    const badRow = within(table).getAllByRole('row')[2];
    expect(within(badRow!).getByText('3')).toBeTruthy();
    expect(badRow!.textContent).toContain('Mobile: Enter a mobile number of 7 to 15 digits');
    expect(badRow!.textContent).toContain('Valid till: Valid till must not be before valid from');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Import 1 valid row' }));
    expect(await within(dialog).findByText('Imported 1 member. Skipped 1 row with errors.')).toBeTruthy();
    expect(api.calls().some(([u]) => u === '/api/user/importUsers')).toBe(true);
    await waitFor(() => expect(listCalls(api)).toBe(2));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('refuses a file over 2 MB or not a .csv before sending anything', async () => {
    storeTestSession();
    const api = server();
    renderPage(<ImportMembersButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog');
    chooseFile('x'.repeat(2 * 1024 * 1024 + 1), 'big.csv');
    expect(
      await within(dialog).findByText('big.csv is larger than 2 MB. Split it into smaller files.'),
    ).toBeTruthy();
    chooseFile('a,b', 'members.xlsx');
    expect(await within(dialog).findByText('members.xlsx is not a .csv file.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Preview' })).toHaveProperty('disabled', true);
    expect(api.calls()).toHaveLength(0);
  });

  it("shows the server's message and details when the file cannot be read", async () => {
    storeTestSession();
    server({
      '/api/user/previewImport': () =>
        jsonResponse(400, {
          statusCode: 400,
          reason: 'VALIDATION_FAILED',
          message: 'The file’s header row is not valid.',
          details: [{ path: 'body.csv', message: 'Missing columns: mobile.' }],
        }),
    });
    renderPage(<ImportMembersButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog');
    chooseFile('name\nAsha\n');
    await within(dialog).findByText('members.csv');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(
      await within(dialog).findByText('The file’s header row is not valid. Missing columns: mobile.'),
    ).toBeTruthy();
  });

  it('downloads the template through the api client, with the session headers', async () => {
    storeTestSession();
    const api = server();
    // jsdom has no object URLs; each test file runs in its own environment.
    URL.createObjectURL = vi.fn(() => 'blob:template');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderPage(<ImportMembersButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download template' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const [url, init] = api.calls().find(([u]) => u === '/api/user/importTemplate')!;
    expect(url).toBe('/api/user/importTemplate');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer test-access');
    expect((init.headers as Record<string, string>)['Accept-Language']).toBe('en');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('members-template.csv');
    click.mockRestore();
  });

  it('is not offered without the users add permission', () => {
    storeTestSession({
      permissions: moduleNames.map((m) => ({
        moduleUniqueName: m,
        view: true,
        add: false,
        edit: true,
        delete: false,
      })),
    });
    server();
    renderPage(<ImportMembersButton />);
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  });
});
