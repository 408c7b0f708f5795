import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { loadGrid } from './useGrid';
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

  it("gives way to the Data Grid, on the same rows, once the grid's code is here and nobody uses the page", async () => {
    storeTestSession();
    stubFetch(() => listAnswer(rows(3), 3));
    renderTable();
    await screen.findByText('Thing 3');
    expect(screen.getByTestId('first-page')).toBeTruthy();
    expect(document.querySelector('.MuiDataGrid-root')).toBeNull();
    const nextTask = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

    // While focus is in the first page, the grid waits, even once its code is here.
    const search = screen.getByRole('searchbox', { name: 'Search' });
    act(() => search.focus());
    gridCode.release();
    await act(() => loadGrid());
    await nextTask();
    expect(screen.getByTestId('first-page')).toBeTruthy();

    // Also while focus is in one of its menus, which live outside it in the page (a portal).
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /rows per page/i }));
    const menu = await screen.findByRole('listbox');
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    await nextTask();
    expect(screen.getByTestId('first-page')).toBeTruthy();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await nextTask();
    expect(screen.getByTestId('first-page')).toBeTruthy();

    // Nor while a button is pressed, when focus has left: the click must land on the button it started on.
    fireEvent.pointerDown(screen.getByRole('button', { name: /next page/i }));
    act(() => (document.activeElement as HTMLElement).blur());
    await nextTask();
    expect(document.activeElement).toBe(document.body);
    expect(screen.getByTestId('first-page')).toBeTruthy();

    // Nor while a dialog is open: one opened from the toolbar (the member import) lives in the
    // toolbar, which the grid draws anew, so it would close under its user.
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    document.body.appendChild(dialog);
    fireEvent.pointerUp(window);
    await nextTask();
    expect(screen.getByTestId('first-page')).toBeTruthy();
    dialog.remove();

    fireEvent.pointerUp(window);
    await waitFor(() => expect(document.querySelector('.MuiDataGrid-root')).not.toBeNull());
    expect(screen.queryByTestId('first-page')).toBeNull();
    expect(screen.getByRole('grid', { name: 'Things' })).toBeTruthy();
    expect(screen.getByText('Thing 3')).toBeTruthy();
    clearTestSession();
  });
});
