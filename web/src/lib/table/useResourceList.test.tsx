import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useQueryClient } from '@tanstack/react-query';
import { jsonResponse, renderPage, stubFetch } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { ThingsTable, things } from '../../test/things';
import { prefetchGet } from '../api';
import { resourceKey } from './useResourceList';

/**
 * A list of 40 things, 5 a page, whose page p answers with the cursor `<prefix>c<p+1>` (the
 * prefix tells searches apart); `noCursor` answers without one, as on a sort without cursors.
 */
function serveList(options: { noCursor?: boolean; status?: (url: string) => number } = {}) {
  return stubFetch((url) => {
    const status = options.status?.(url) ?? 200;
    if (status !== 200)
      return jsonResponse(status, { statusCode: status, reason: 'BAD_REQUEST', message: 'Bad cursor.' });
    const params = new URL(url, 'http://test').searchParams;
    const page = Number(params.get('page'));
    const prefix = params.get('q') ?? '';
    const items = Array.from({ length: 5 }, (_, i) => ({
      id: page * 5 + i + 1,
      name: `${prefix}Thing ${page * 5 + i + 1}`,
    }));
    const nextAfter = options.noCursor === true ? undefined : `${prefix}c${page + 1}`;
    return jsonResponse(200, { items, total: 40, page, pageSize: 5, nextAfter });
  });
}

const listCalls = (api: ReturnType<typeof stubFetch>) =>
  api
    .calls()
    .map(([url]) => url)
    .filter((url) => url.startsWith('/api/thing/getThings'));

/** What a saved add or edit does (lib/form/useResourceMutations.ts). */
function Refresh() {
  const queryClient = useQueryClient();
  return (
    <button
      type="button"
      onClick={() => void queryClient.invalidateQueries({ queryKey: resourceKey(things) })}
    >
      refresh
    </button>
  );
}

function renderTable(path = '/app/things') {
  return renderPage(
    <>
      <Refresh />
      <ThingsTable />
    </>,
    path,
  );
}

const next = () => fireEvent.click(screen.getByRole('button', { name: /next page/i }));
const previous = () => fireEvent.click(screen.getByRole('button', { name: /previous page/i }));

afterEach(() => clearTestSession());

describe('useResourceList with a first page the route asked for', () => {
  it('draws an answer that has already arrived in its first render, with its cursor, asking nothing', async () => {
    storeTestSession();
    const api = serveList();
    await prefetchGet('/thing/getThings', { page: 0, pageSize: 5 });
    renderTable();
    // Synchronously: the rows are in the first render, not after a loading state.
    expect(screen.getByText('Thing 1')).toBeTruthy();
    expect(listCalls(api)).toEqual(['/api/thing/getThings?page=0&pageSize=5']);
    // The page's cursor came with it.
    next();
    await screen.findByText('Thing 6');
    expect(listCalls(api).at(-1)).toBe('/api/thing/getThings?page=1&pageSize=5&after=c1');
  });

  it('waits for an answer still on its way instead of asking again', async () => {
    storeTestSession();
    const api = serveList();
    void prefetchGet('/thing/getThings', { page: 0, pageSize: 5 });
    renderTable();
    expect(screen.queryByText('Thing 1')).toBeNull();
    await screen.findByText('Thing 1');
    expect(listCalls(api)).toHaveLength(1);
  });
});

describe('useResourceList keyset cursors', () => {
  it("sends the previous page's nextAfter with Next, and keeps the cursor out of the URL", async () => {
    storeTestSession();
    const api = serveList();
    const { router } = renderTable();
    await screen.findByText('Thing 1');

    next();
    await screen.findByText('Thing 6');
    expect(router.state.location.search).toBe('?page=1');
    expect(listCalls(api).at(-1)).toBe('/api/thing/getThings?page=1&pageSize=5&after=c1');

    next();
    await screen.findByText('Thing 11');
    expect(router.state.location.search).toBe('?page=2');
    expect(listCalls(api).at(-1)).toBe('/api/thing/getThings?page=2&pageSize=5&after=c2');
    // Learning a page's cursor changed no page's request: each page was asked for once.
    expect(listCalls(api)).toHaveLength(3);
  });

  it('asks by offset for a page reached without a cursor (a reload deep in the list)', async () => {
    storeTestSession();
    const api = serveList();
    renderTable('/app/things?page=3');
    await screen.findByText('Thing 16');
    expect(listCalls(api)).toEqual(['/api/thing/getThings?page=3&pageSize=5']);

    // Previous reaches a page no answer gave a cursor for: by offset too.
    previous();
    await screen.findByText('Thing 11');
    expect(listCalls(api).at(-1)).toBe('/api/thing/getThings?page=2&pageSize=5');
    // Page 3 comes from the cache; the page after it uses the cursor its offset answer gave.
    next();
    await screen.findByText('Thing 16');
    expect(listCalls(api)).toHaveLength(2);
    next();
    await screen.findByText('Thing 21');
    expect(listCalls(api).at(-1)).toBe('/api/thing/getThings?page=4&pageSize=5&after=c4');
  });

  it('drops the cursors when the search changes', async () => {
    storeTestSession();
    const api = serveList();
    const { router } = renderTable();
    await screen.findByText('Thing 1');

    await router.navigate('/app/things?q=ab');
    await screen.findByText('abThing 1');
    next();
    await screen.findByText('abThing 6');
    expect(listCalls(api).at(-1)).toBe('/api/thing/getThings?page=1&pageSize=5&q=ab&after=abc1');

    // Back to no search, straight to page 1: the cursors of the search 'ab' are not used.
    await router.navigate('/app/things?page=1');
    await screen.findByText('Thing 6');
    expect(listCalls(api).at(-1)).toBe('/api/thing/getThings?page=1&pageSize=5');
  });

  it('refreshes the page on screen after a save, with its cursor', async () => {
    storeTestSession();
    const api = serveList();
    renderTable();
    await screen.findByText('Thing 1');
    next();
    await screen.findByText('Thing 6');
    fireEvent.click(screen.getByRole('button', { name: 'refresh' }));
    await waitFor(() => expect(listCalls(api)).toHaveLength(3));
    expect(listCalls(api).at(-1)).toBe('/api/thing/getThings?page=1&pageSize=5&after=c1');
  });

  it('pages by offset when the answers carry no cursor', async () => {
    storeTestSession();
    const api = serveList({ noCursor: true });
    renderTable();
    await screen.findByText('Thing 1');
    next();
    await screen.findByText('Thing 6');
    expect(listCalls(api).at(-1)).toBe('/api/thing/getThings?page=1&pageSize=5');
  });

  it('falls back to the offset on Retry when the server refuses a cursor', async () => {
    storeTestSession();
    const api = serveList({ status: (url) => (url.includes('after=') ? 400 : 200) });
    renderTable();
    await screen.findByText('Thing 1');
    next();
    const alert = await screen.findByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByText('Thing 6');
    expect(listCalls(api).slice(-2)).toEqual([
      '/api/thing/getThings?page=1&pageSize=5&after=c1',
      '/api/thing/getThings?page=1&pageSize=5',
    ]);
  });
});
