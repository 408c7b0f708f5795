import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GridColDef } from '@mui/x-data-grid';
import type { RowRefusals } from '@app/contract/errors';
import { moduleNames } from '@app/contract/modules';
import type { PermissionRecord } from '@app/contract/modules';
import { jsonResponse, renderPage, stubFetch, stubMatchMedia } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { defineResource } from './resource';
import { ResourceTable } from './ResourceTable';
import { searchDebounceMs } from './SearchBox';
import i18n from '../i18n';

// `refused`: what the server would refuse on the row, as staff roles and staff carry it.
type Thing = { id: number; name: string; size: number; refused?: RowRefusals };

const things = defineResource<Thing>({
  name: 'thing',
  label: 'Thing',
  plural: 'Things',
  module: 'feeTypes',
  sortFields: ['name', 'size'],
  filterNames: ['status'],
});

const columns: GridColDef<Thing>[] = [
  { field: 'name', headerName: 'Name', width: 200 },
  { field: 'size', headerName: 'Size', width: 100 },
];

export const rows = (n: number, from = 1): Thing[] =>
  Array.from({ length: n }, (_, i) => ({ id: from + i, name: `Thing ${from + i}`, size: i }));

export function listAnswer(items: Thing[], total = items.length) {
  return jsonResponse(200, { items, total, page: 0, pageSize: 5 });
}

function permissions(actions: Partial<Omit<PermissionRecord, 'moduleUniqueName'>>): PermissionRecord[] {
  return moduleNames.map((moduleUniqueName) => ({
    moduleUniqueName,
    view: true,
    add: false,
    edit: false,
    delete: false,
    ...actions,
  }));
}

const handlers = { onAdd: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn() };

/** A phone's width: every max-width media query matches (undone by vi.unstubAllGlobals). */
const onAPhone = () => stubMatchMedia((query) => query.includes('max-width'));

export function renderTable(path = '/app/things') {
  return renderPage(
    <ResourceTable<Thing>
      resource={things}
      columns={columns}
      title="Things"
      filters={[
        {
          name: 'status',
          label: 'Status',
          options: [
            { value: 'true', label: 'Active' },
            { value: 'false', label: 'Inactive' },
          ],
        },
      ]}
      emptyTitle="No things yet"
      emptyText="Add your first thing."
      addLabel="Add Thing"
      {...handlers}
    />,
    path,
  );
}

const listCalls = (api: ReturnType<typeof stubFetch>) =>
  api
    .calls()
    .map(([url]) => url)
    .filter((url) => url.startsWith('/api/thing/getThings'));

/** Which drawing of the table is on screen: the plain first page or the Data Grid. */
export type Drawing = 'first page' | 'grid';

function drawnBy(): Drawing | 'nothing' {
  if (screen.queryByTestId('first-page') !== null) return 'first page';
  return document.querySelector('.MuiDataGrid-root') === null ? 'nothing' : 'grid';
}

/**
 * The behaviour of a resource table, run on each of its drawings (ResourceTable.test.tsx with the
 * grid loaded, FirstPage.test.tsx with the grid's code withheld): both must page, sort, search,
 * show the states and the actions the same way.
 */
export function resourceTableCases(drawing: Drawing) {
  describe(`ResourceTable, drawn as the ${drawing}`, () => {
    afterEach(() => {
      // Checked before the page is torn down: every case ran on the drawing it names.
      expect(drawnBy()).toBe(drawing);
      clearTestSession();
      vi.useRealTimers();
      for (const handler of Object.values(handlers)) handler.mockReset();
    });

    it('reads page, size, sort, search and filters from the URL and sends them to the list route', async () => {
      storeTestSession();
      const api = stubFetch(() => listAnswer(rows(10), 40));
      const { router } = renderTable('/app/things?page=1&pageSize=10&sort=-size&q=abc&status=true');
      expect(await screen.findByText('Thing 1')).toBeTruthy();
      expect(listCalls(api)[0]).toBe('/api/thing/getThings?page=1&pageSize=10&sort=-size&q=abc&status=true');
      expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('abc');

      fireEvent.click(screen.getByRole('button', { name: /next page/i }));
      await waitFor(() => expect(router.state.location.search).toContain('page=2'));
      expect(router.state.location.search).toContain('pageSize=10');
      expect(router.state.location.search).toContain('sort=-size');
      await waitFor(() => expect(listCalls(api).at(-1)).toContain('page=2&pageSize=10'));
    });

    it('falls back to the defaults for values the table does not offer', async () => {
      storeTestSession();
      const api = stubFetch(() => listAnswer(rows(2)));
      renderTable('/app/things?page=-3&pageSize=7&sort=secret');
      await screen.findByText('Thing 1');
      expect(listCalls(api)[0]).toBe('/api/thing/getThings?page=0&pageSize=5');
    });

    it('maps a click on a column header to sort=field, then sort=-field, then the default order', async () => {
      storeTestSession();
      const api = stubFetch(() => listAnswer(rows(3)));
      const { router } = renderTable();
      await screen.findByText('Thing 1');
      const header = () => screen.getByRole('columnheader', { name: /Size/ });

      fireEvent.click(header());
      await waitFor(() => expect(router.state.location.search).toBe('?sort=size'));
      await waitFor(() => expect(listCalls(api).at(-1)).toContain('sort=size'));
      fireEvent.click(header());
      await waitFor(() => expect(router.state.location.search).toBe('?sort=-size'));
      await waitFor(() => expect(listCalls(api).at(-1)).toContain('sort=-size'));
      fireEvent.click(header());
      await waitFor(() => expect(router.state.location.search).toBe(''));
    });

    it('waits for typing to pause before searching, and starts again at the first page', async () => {
      storeTestSession();
      const api = stubFetch(() => listAnswer(rows(5), 30));
      const { router } = renderTable('/app/things?page=2');
      await screen.findByText('Thing 1');
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const search = screen.getByRole('searchbox', { name: 'Search' });
      fireEvent.change(search, { target: { value: 'a' } });
      act(() => vi.advanceTimersByTime(searchDebounceMs - 100));
      fireEvent.change(search, { target: { value: 'ab' } });
      act(() => vi.advanceTimersByTime(searchDebounceMs - 100));
      expect(router.state.location.search).toBe('?page=2');
      act(() => vi.advanceTimersByTime(150));
      await waitFor(() => expect(router.state.location.search).toBe('?q=ab'));
      await waitFor(() => expect(listCalls(api).at(-1)).toBe('/api/thing/getThings?page=0&pageSize=5&q=ab'));
      expect(listCalls(api).some((url) => url.includes('q=a&') || url.endsWith('q=a'))).toBe(false);
    });

    it('searches at once when the search field is left before typing has paused', async () => {
      storeTestSession();
      stubFetch(() => listAnswer(rows(5), 30));
      const { router } = renderTable();
      await screen.findByText('Thing 1');
      // The debounce's timer never runs here: only leaving the field can search.
      vi.useFakeTimers();
      const search = screen.getByRole('searchbox', { name: 'Search' });
      fireEvent.focus(search);
      fireEvent.change(search, { target: { value: 'left' } });
      fireEvent.blur(search);
      await act(async () => {});
      expect(router.state.location.search).toBe('?q=left');
    });

    it('invites to add the first row when the resource has none', async () => {
      storeTestSession();
      stubFetch(() => listAnswer([]));
      renderTable();
      expect(await screen.findByText('No things yet')).toBeTruthy();
      expect(screen.getByText('Add your first thing.')).toBeTruthy();
      const addButtons = screen.getAllByRole('button', { name: 'Add Thing' });
      expect(addButtons).toHaveLength(2); // toolbar and empty state
      fireEvent.click(addButtons[1]!);
      expect(handlers.onAdd).toHaveBeenCalledOnce();
    });

    it("says 'No results' for a search that matches nothing, and Clear drops search and filters", async () => {
      storeTestSession();
      stubFetch(() => listAnswer([]));
      const { router } = renderTable('/app/things?q=zzz&status=false');
      expect(await screen.findByText('No results for "zzz"')).toBeTruthy();
      expect(screen.queryByText('No things yet')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
      await waitFor(() => expect(router.state.location.search).toBe(''));
    });

    it("shows the server's message when the list fails, and Retry loads it again", async () => {
      storeTestSession();
      let fail = true;
      const api = stubFetch(() =>
        fail
          ? jsonResponse(503, {
              statusCode: 503,
              reason: 'SERVICE_UNAVAILABLE',
              message: 'The database is being upgraded.',
            })
          : listAnswer(rows(2)),
      );
      renderTable();
      const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
      expect(within(alert).getByText('The database is being upgraded.')).toBeTruthy();
      fail = false;
      fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
      expect(await screen.findByText('Thing 2')).toBeTruthy();
      expect(listCalls(api).length).toBeGreaterThan(1);
    });

    it('shows Add, Edit and Delete only where the permissions cookie allows them', async () => {
      storeTestSession({ permissions: permissions({}) });
      stubFetch(() => listAnswer(rows(2)));
      const view = renderTable();
      await screen.findByText('Thing 1');
      expect(screen.queryByRole('button', { name: 'Add Thing' })).toBeNull();
      expect(screen.queryByRole('menuitem', { name: 'Edit' })).toBeNull();
      expect(screen.queryAllByLabelText('Edit')).toHaveLength(0);
      expect(screen.queryAllByLabelText('Delete')).toHaveLength(0);
      view.unmount();

      storeTestSession({ permissions: permissions({ add: true, edit: true }) });
      renderTable();
      await screen.findByText('Thing 1');
      expect(screen.getByRole('button', { name: 'Add Thing' })).toBeTruthy();
      expect(screen.getAllByLabelText('Edit')).toHaveLength(2);
      expect(screen.queryAllByLabelText('Delete')).toHaveLength(0);
      fireEvent.click(screen.getAllByLabelText('Edit')[1]!);
      expect(handlers.onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    });

    // Issue 14 point 5: at 375 px the columns scrolled the page sideways.
    it('draws each row as a card of labelled values with its actions on a phone', async () => {
      onAPhone();
      storeTestSession({ permissions: permissions({ edit: true }) });
      stubFetch(() => listAnswer(rows(2)));
      renderTable();
      await screen.findByText('Thing 1');
      const cards = screen.getAllByTestId('row-card');
      expect(cards).toHaveLength(2);
      const terms = (card: HTMLElement) => [...card.querySelectorAll('dt')].map((dt) => dt.textContent);
      const values = (card: HTMLElement) => [...card.querySelectorAll('dd')].map((dd) => dd.textContent);
      expect(terms(cards[1]!)).toEqual(['Name', 'Size']);
      expect(values(cards[1]!)).toEqual(['Thing 2', '1']);
      fireEvent.click(within(cards[1]!).getByLabelText('Edit'));
      expect(handlers.onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
      vi.unstubAllGlobals();
    });

    it('leaves out of a card the values a row does not have', async () => {
      onAPhone();
      storeTestSession({ permissions: permissions({}) });
      stubFetch(() => listAnswer([{ id: 1, name: 'Thing 1', size: null as unknown as number }]));
      renderTable();
      await screen.findByText('Thing 1');
      const card = screen.getByTestId('row-card');
      expect([...card.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Name']);
      vi.unstubAllGlobals();
    });

    it('disables Edit and Delete on a row the server would refuse, saying why in the user’s language', async () => {
      storeTestSession({ permissions: permissions({ edit: true, delete: true }) });
      const refused = {
        ...rows(1)[0]!,
        refused: {
          edit: { message: 'The Owner role cannot be changed.', code: 'OWNER_ROLE_IMMUTABLE' },
          delete: { message: 'Used by 2 staff member(s)', code: 'USED_BY_STAFF', params: { n: 2 } },
        },
      };
      stubFetch(() => listAnswer([refused, ...rows(1, 2)]));
      await i18n.changeLanguage('de');
      try {
        renderTable();
        await screen.findByText('Thing 2');
        const [ownerEdit, freeEdit] = screen.getAllByLabelText('Bearbeiten') as HTMLButtonElement[];
        const [ownerDelete, freeDelete] = screen.getAllByLabelText('Löschen') as HTMLButtonElement[];
        expect(ownerEdit!.disabled).toBe(true);
        expect(ownerEdit!.title).toBe('Die Inhaber-Rolle kann nicht geändert werden.');
        expect(ownerDelete!.disabled).toBe(true);
        expect(ownerDelete!.title).toBe('Wird von 2 Mitarbeiter(n) verwendet.');
        expect(freeEdit!.disabled).toBe(false);
        expect(freeDelete!.disabled).toBe(false);
        fireEvent.click(ownerDelete!);
        expect(handlers.onDelete).not.toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
      } finally {
        await i18n.changeLanguage('en');
      }
    });

    it('exports the current view as CSV with the session headers and the server-named file', async () => {
      storeTestSession();
      const api = stubFetch((url) =>
        url.startsWith('/api/thing/exportThings')
          ? new Response('id,name\n1,Thing 1\n', {
              status: 200,
              headers: { 'content-disposition': 'attachment; filename="thing-2026-01-01.csv"' },
            })
          : listAnswer(rows(2)),
      );
      const createObjectURL = vi.fn(() => 'blob:csv');
      vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
      const clicks: HTMLAnchorElement[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicks.push(this);
      });
      renderTable('/app/things?q=thing&sort=name&page=1');
      await screen.findByText('Thing 1');
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(clicks).toHaveLength(1));
      expect(clicks[0]?.download).toBe('thing-2026-01-01.csv');
      const [url, init] = api.calls().find(([u]) => u.startsWith('/api/thing/exportThings'))!;
      expect(url).toBe('/api/thing/exportThings?sort=name&q=thing');
      expect((init.headers as Record<string, string>)['Authorization']).toBe('Bearer test-access');
      expect((init.headers as Record<string, string>)['branchId']).toBe('1');
      expect((init.headers as Record<string, string>)['Accept-Language']).toBe('en');
    });

    it('asks for the export in the language on screen', async () => {
      storeTestSession();
      await i18n.changeLanguage('de');
      try {
        const api = stubFetch((url) =>
          url.startsWith('/api/thing/exportThings') ? new Response('\uFEFFName\r\n') : listAnswer(rows(2)),
        );
        vi.stubGlobal(
          'URL',
          Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }),
        );
        const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
        renderTable();
        await screen.findByText('Thing 1');
        fireEvent.click(screen.getByRole('button', { name: 'CSV exportieren' }));
        await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
        const [, init] = api.calls().find(([u]) => u.startsWith('/api/thing/exportThings'))!;
        expect((init.headers as Record<string, string>)['Accept-Language']).toBe('de');
      } finally {
        await i18n.changeLanguage('en');
      }
    });
  });
}
