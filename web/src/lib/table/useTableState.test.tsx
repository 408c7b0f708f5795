import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useTableState } from './useTableState';

function ListPage() {
  const { setQ, setFilter } = useTableState({ sortFields: ['name'], filterNames: ['status'] });
  return (
    <>
      <button type="button" onClick={() => setQ('asha')}>
        search
      </button>
      <button
        type="button"
        onClick={() => {
          setFilter('status', 'lost');
          setFilter('status', '');
          setQ('asha');
        }}
      >
        filter then search
      </button>
      <Link to="/profile">profile</Link>
    </>
  );
}

describe('useTableState', () => {
  it('writes the search into the URL', async () => {
    const router = createMemoryRouter([{ path: '/list', element: <ListPage /> }], {
      initialEntries: ['/list'],
    });
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('button', { name: 'search' }));
    await act(async () => {});
    expect(router.state.location.search).toBe('?q=asha');
  });

  it('builds each change on the one before it, even before the page re-renders', async () => {
    const router = createMemoryRouter([{ path: '/list', element: <ListPage /> }], {
      initialEntries: ['/list?status=followUp'],
    });
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('button', { name: 'filter then search' }));
    await act(async () => {});
    // The filter was cleared and the search kept: no change undid the one before it.
    expect(router.state.location.search).toBe('?q=asha');
  });

  it('does not pull the person back when a late search arrives while another page loads', async () => {
    let release: () => void = () => undefined;
    const profileLoaded = new Promise<void>((resolve) => (release = resolve));
    const router = createMemoryRouter(
      [
        { path: '/list', element: <ListPage /> },
        {
          path: '/profile',
          lazy: async () => {
            await profileLoaded;
            return { Component: () => <p>profile page</p> };
          },
        },
      ],
      { initialEntries: ['/list'] },
    );
    render(<RouterProvider router={router} />);

    fireEvent.click(screen.getByRole('link', { name: 'profile' }));
    await act(async () => {});
    expect(router.state.navigation.state).toBe('loading');
    // The debounced search of what was typed just before the click fires now.
    fireEvent.click(screen.getByRole('button', { name: 'search' }));
    await act(async () => release());

    expect(await screen.findByText('profile page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');
  });
});
