import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { loadGrid } from './ResourceTable';
import { listAnswer, renderTable, resourceTableCases, rows } from './resourceTableCases';

// The Data Grid's code is withheld until the last case lets it through, so every case before it
// runs on the first page that a visit's first table draws while the grid downloads.
const gridCode = vi.hoisted(() => {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  return { release, released };
});
vi.mock('./ResourceGrid', async (importOriginal) => {
  await gridCode.released;
  return importOriginal();
});

resourceTableCases('first page');

describe('FirstPage', () => {
  it('sorts from the keyboard: Enter or Space on a focused column header', async () => {
    storeTestSession();
    stubFetch(() => listAnswer(rows(3), 3));
    const { router } = renderTable();
    await screen.findByText('Thing 3');
    const header = () => screen.getByRole('columnheader', { name: /Size/ });
    expect(header().tabIndex).toBe(0);
    fireEvent.keyDown(header(), { key: 'Enter' });
    await waitFor(() => expect(router.state.location.search).toBe('?sort=size'));
    await waitFor(() => expect(header().getAttribute('aria-sort')).toBe('ascending'));
    fireEvent.keyDown(header(), { key: ' ' });
    await waitFor(() => expect(router.state.location.search).toBe('?sort=-size'));
    expect(screen.getByTestId('first-page')).toBeTruthy();
    clearTestSession();
  });

  it("gives way to the Data Grid, on the same rows, when the grid's code arrives and nobody types", async () => {
    storeTestSession();
    stubFetch(() => listAnswer(rows(3), 3));
    renderTable();
    await screen.findByText('Thing 3');
    expect(screen.getByTestId('first-page')).toBeTruthy();
    expect(document.querySelector('.MuiDataGrid-root')).toBeNull();

    // While a text field of the first page has focus, the grid waits, even once its code is here.
    const search = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.focus(search);
    gridCode.release();
    await act(() => loadGrid());
    expect(screen.getByTestId('first-page')).toBeTruthy();

    // Nor while a button of it is pressed: the click must land on the button it started on.
    fireEvent.pointerDown(screen.getByRole('button', { name: /next page/i }));
    fireEvent.blur(search);
    await act(async () => {});
    expect(screen.getByTestId('first-page')).toBeTruthy();

    fireEvent.pointerUp(window);
    await waitFor(() => expect(document.querySelector('.MuiDataGrid-root')).not.toBeNull());
    expect(screen.queryByTestId('first-page')).toBeNull();
    expect(screen.getByRole('grid', { name: 'Things' })).toBeTruthy();
    expect(screen.getByText('Thing 3')).toBeTruthy();
    clearTestSession();
  });
});
