import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useForm } from 'react-hook-form';
import { jsonResponse, renderPage, stubFetch } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { defineResource } from '../table/resource';
import { searchDebounceMs } from '../table/SearchBox';
import { ResourcePicker } from './ResourcePicker';

const feeTypes = defineResource<{ id: number; name: string }>({
  name: 'feeType',
  label: 'FeeType',
  plural: 'FeeTypes',
  module: 'feeTypes',
  sortFields: ['name'],
});

// 150 fee types on the server: a page of 25 per search, and each one readable by id.
const all = Array.from({ length: 150 }, (_, i) => ({
  id: i + 1,
  name: `Fee ${String(i + 1).padStart(3, '0')}`,
}));

function serve(url: string) {
  const u = new URL(url, 'http://x');
  if (u.pathname === '/api/feeType/getFeeType') {
    return jsonResponse(
      200,
      all.find((f) => f.id === Number(u.searchParams.get('feeTypeId'))),
    );
  }
  const q = u.searchParams.get('q') ?? '';
  const items = all.filter((f) => f.name.toLowerCase().includes(q.toLowerCase())).slice(0, 25);
  return jsonResponse(200, { items, total: items.length, page: 0, pageSize: 25 });
}

let chosenValue: unknown;
function Form({ initial }: { initial: number | null }) {
  const form = useForm<{ feeTypeId: number | null }>({ defaultValues: { feeTypeId: initial } });
  chosenValue = form.watch('feeTypeId');
  return (
    <ResourcePicker
      control={form.control}
      name="feeTypeId"
      label="Fee type"
      resource={feeTypes}
      sort="name"
      optionLabel={(f) => f.name}
    />
  );
}

describe('ResourcePicker (issue 14: catalogues past 100 entries)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearTestSession();
  });

  it('searches the list route with q once typing pauses, and the form gets the chosen id', async () => {
    storeTestSession();
    const api = stubFetch(serve);
    renderPage(<Form initial={null} />, '/x');
    const input = await screen.findByLabelText('Fee type');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: 'Fee 14' } });
    // Fee 140..149 and Fee 014 are past the first page of an unfiltered list.
    const option = await waitFor(
      () => {
        const found = screen.getAllByRole('option').find((o) => o.textContent === 'Fee 147');
        expect(found).toBeDefined();
        return found!;
      },
      { timeout: 20 * searchDebounceMs },
    );
    const searched = api
      .calls()
      .map(([url]) => url)
      .filter((url) => url.includes('q='));
    expect(searched.every((url) => url.includes('q=Fee+14') || url.includes('q=Fee%2014'))).toBe(true);
    expect(searched.length).toBeGreaterThan(0);
    expect(searched[0]).toContain('pageSize=25');
    fireEvent.click(option);
    await waitFor(() => expect(chosenValue).toBe(147));
    expect((input as HTMLInputElement).value).toBe('Fee 147');
  });

  it('shows the name of a chosen entry that is not on the first page, read by its id', async () => {
    storeTestSession();
    const api = stubFetch(serve);
    renderPage(<Form initial={150} />, '/x');
    const input = (await screen.findByLabelText('Fee type')) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('Fee 150'));
    expect(api.calls().some(([url]) => url.startsWith('/api/feeType/getFeeType?feeTypeId=150'))).toBe(true);
  });
});
