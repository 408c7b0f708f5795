import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fullPermissions, moduleNames } from '@app/contract/modules';
import type { Branch } from '@app/contract/branches';
import { storageKeys } from '@app/contract/session';
import { hardNavigate } from '../../lib/navigation';
import { jsonResponse, renderPage, stubFetch } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { BranchesPage } from './BranchesPage';

vi.mock('../../lib/navigation', () => ({
  hardNavigate: vi.fn(),
  reloadPage: vi.fn(),
  isLeavingPage: () => false,
}));

function branch(id: number, name: string, status: Branch['status'] = 'active'): Branch {
  return {
    id,
    name,
    address: `${name} Road`,
    phone: '',
    timezone: 'Asia/Kolkata',
    status,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

const page = (items: Branch[], total = items.length) => ({ items, total, page: 0, pageSize: 5 });

type Handler = (url: string, init: RequestInit) => Response | undefined;

function server(
  extra: Handler = () => undefined,
  items = [branch(1, 'Koramangala'), branch(3, 'Whitefield')],
) {
  return stubFetch((url, init) => {
    const answer = extra(url, init);
    if (answer !== undefined) return answer;
    if (url.startsWith('/api/branch/getBranches')) return jsonResponse(200, page(items));
    return jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'no route' });
  });
}

const viewOnly = moduleNames.map((moduleUniqueName) => ({
  moduleUniqueName,
  view: true,
  add: false,
  edit: false,
  delete: false,
}));

beforeEach(() => vi.mocked(hardNavigate).mockClear());
afterEach(clearTestSession);

describe('branch selection screen', () => {
  it('lists the branches from the server with paging, search and sort by name', async () => {
    storeTestSession({ activeBranch: null });
    const api = server();
    renderPage(<BranchesPage />, '/app/branches');
    expect(await screen.findByRole('heading', { name: 'Koramangala' })).toBeTruthy();
    expect(api.calls()[0]?.[0]).toBe('/api/branch/getBranches?page=0&pageSize=5&sort=name');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Sort' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Name Z–A' }));
    await waitFor(() => expect(api.calls().at(-1)?.[0]).toContain('sort=-name'));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search branches' }), {
      target: { value: 'white' },
    });
    await waitFor(() => expect(api.calls().at(-1)?.[0]).toContain('q=white'));
  });

  it("'Use this branch' stores it, adds it to the stored list and reloads to /app", async () => {
    storeTestSession({ branches: [{ id: 1, name: 'Koramangala' }], activeBranch: null });
    server();
    renderPage(<BranchesPage />, '/app/branches');
    fireEvent.click(await screen.findByRole('button', { name: 'Use this branch: Whitefield' }));
    expect(JSON.parse(localStorage.getItem(storageKeys.activeBranch) ?? '')).toEqual({
      id: 3,
      name: 'Whitefield',
    });
    expect(JSON.parse(localStorage.getItem(storageKeys.branches) ?? '')).toEqual([
      { id: 1, name: 'Koramangala' },
      { id: 3, name: 'Whitefield' },
    ]);
    expect(hardNavigate).toHaveBeenCalledWith('/app');
  });

  it('marks the current branch and cannot use an inactive one', async () => {
    storeTestSession({ activeBranch: { id: 1, name: 'Koramangala' } });
    server(undefined, [branch(1, 'Koramangala'), branch(4, 'Closed', 'inactive')]);
    renderPage(<BranchesPage />, '/app/branches');
    expect(await screen.findByText('Current branch')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use this branch: Closed' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('shows Add, Edit and Delete only when the permissions cookie allows them', async () => {
    storeTestSession({ permissions: viewOnly });
    server();
    const view = renderPage(<BranchesPage />, '/app/branches');
    await screen.findByRole('heading', { name: 'Koramangala' });
    expect(screen.queryByRole('button', { name: 'Add Branch' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    view.unmount();
    clearTestSession();
    storeTestSession({ permissions: fullPermissions() });
    renderPage(<BranchesPage />, '/app/branches');
    expect(await screen.findByRole('button', { name: 'Add Branch' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Edit: Koramangala' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete: Koramangala' })).toBeTruthy();
  });

  it("adds a branch ('Data has been saved') with the server's field errors on the fields", async () => {
    storeTestSession();
    let created = false;
    const api = server((url, init) => {
      if (url !== '/api/branch/createBranch') return undefined;
      const body = JSON.parse(String(init.body)) as { name: string };
      if (body.name === 'Bad') {
        return jsonResponse(400, {
          statusCode: 400,
          reason: 'VALIDATION_FAILED',
          message: 'Some fields are not valid.',
          details: [{ path: 'body.phone', message: 'Too long' }],
        });
      }
      created = true;
      return jsonResponse(201, branch(8, body.name));
    });
    renderPage(<BranchesPage />, '/app/branches');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Branch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Branch' });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    fireEvent.change(name, { target: { value: 'Bad' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Too long')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Hebbal' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Data has been saved')).toBeTruthy();
    expect(created).toBe(true);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(JSON.parse(localStorage.getItem(storageKeys.branches) ?? '')).toContainEqual({
      id: 8,
      name: 'Hebbal',
    });
    expect(api.calls().filter(([url]) => url.startsWith('/api/branch/getBranches')).length).toBeGreaterThan(
      1,
    );
  });

  it('puts a name conflict (409) on the name field and keeps the dialog open', async () => {
    storeTestSession();
    server((url) =>
      url === '/api/branch/createBranch'
        ? jsonResponse(409, {
            statusCode: 409,
            reason: 'CONFLICT',
            message: 'A branch with this name already exists.',
          })
        : undefined,
    );
    renderPage(<BranchesPage />, '/app/branches');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Branch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Branch' });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    fireEvent.change(name, { target: { value: 'Koramangala' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A branch with this name already exists.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
  });

  it("edits a branch ('Data has been updated') and renames the stored active branch", async () => {
    storeTestSession({ activeBranch: { id: 1, name: 'Koramangala' } });
    server((url, init) =>
      url === '/api/branch/updateBranch?branchId=1' && init.method === 'PUT'
        ? jsonResponse(200, branch(1, 'Koramangala East'))
        : undefined,
    );
    renderPage(<BranchesPage />, '/app/branches');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit: Koramangala' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Branch' });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement;
    expect(name.value).toBe('Koramangala');
    fireEvent.change(name, { target: { value: 'Koramangala East' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Data has been updated')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(storageKeys.activeBranch) ?? '')).toEqual({
      id: 1,
      name: 'Koramangala East',
    });
  });

  it("deletes after confirmation ('Item has been removed'); cancelling says 'Action canceled'", async () => {
    storeTestSession({
      branches: [
        { id: 1, name: 'Koramangala' },
        { id: 3, name: 'Whitefield' },
      ],
      activeBranch: { id: 1, name: 'Koramangala' },
    });
    const api = server((url, init) =>
      url === '/api/branch/deleteBranch?branchId=3' && init.method === 'DELETE'
        ? new Response(null, { status: 204 })
        : undefined,
    );
    renderPage(<BranchesPage />, '/app/branches');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete: Whitefield' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete branch?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Action canceled')).toBeTruthy();
    expect(api.calls().some(([url]) => url.includes('deleteBranch'))).toBe(false);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Delete: Whitefield' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete branch?' });
    expect(within(dialog).getByText('Delete the branch Whitefield? This cannot be undone.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Item has been removed')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(storageKeys.branches) ?? '')).toEqual([
      { id: 1, name: 'Koramangala' },
    ]);
  });

  it("shows the server's message when a delete is refused", async () => {
    storeTestSession();
    server((url) =>
      url.startsWith('/api/branch/deleteBranch')
        ? jsonResponse(409, {
            statusCode: 409,
            reason: 'CONFLICT',
            message: 'The last branch of the organisation cannot be deleted.',
          })
        : undefined,
    );
    renderPage(<BranchesPage />, '/app/branches');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete: Koramangala' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete branch?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The last branch of the organisation cannot be deleted.')).toBeTruthy();
  });

  it('falls back to the branches of the sign-in without the view permission', async () => {
    storeTestSession({ activeBranch: null });
    server(() => jsonResponse(403, { statusCode: 403, reason: 'FORBIDDEN', message: 'Not allowed.' }));
    renderPage(<BranchesPage />, '/app/branches');
    expect(await screen.findByText('Showing the branches of your sign-in.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use this branch: Indiranagar' })).toBeTruthy();
  });
});
