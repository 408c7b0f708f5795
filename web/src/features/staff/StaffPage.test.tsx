import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fullPermissions } from '@app/contract/modules';
import type { Staff } from '@app/contract/staff';
import { jsonResponse, renderPage, stubFetch } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { StaffPage } from './StaffPage';

const when = '2026-01-01T00:00:00.000Z';
const asha: Staff = {
  staffId: 5,
  staffName: 'Asha Rao',
  email: 'asha@example.test',
  mobile: null,
  roleId: 2,
  roleName: 'Front desk',
  isOwner: false,
  branchIds: [2],
  status: 'active',
  createdAt: when,
  updatedAt: when,
};
const roles = [
  { id: 1, name: 'Owner', description: '', isOwner: true, permissions: fullPermissions(), staffCount: 1 },
  { id: 2, name: 'Front desk', description: '', isOwner: false, permissions: [], staffCount: 1 },
].map((r) => ({ ...r, createdAt: when, updatedAt: when }));

function api() {
  return stubFetch(async (url) => {
    if (url.startsWith('/api/staff/getActiveStaffByClient')) {
      return jsonResponse(200, { items: [asha], total: 1, page: 0, pageSize: 5 });
    }
    if (url.startsWith('/api/staffRole/getStaffRoles')) {
      return jsonResponse(200, { items: roles, total: 2, page: 0, pageSize: 100 });
    }
    if (url === '/api/staff/addStaff') return jsonResponse(201, { ...asha, staffId: 9 });
    if (url === '/api/staff/editStaff') return jsonResponse(200, asha);
    if (url.startsWith('/api/staff/deleteStaff/')) return jsonResponse(200, { ...asha, status: 'inactive' });
    if (url === '/api/staff/resetStaffPassword') return jsonResponse(200, { message: 'ok' });
    if (url.startsWith('/api/staff/exportStaff')) {
      return new Response('\uFEFFName\r\nAsha Rao\r\n', {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="staff-2026-01-01.csv"' },
      });
    }
    return jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'no route' });
  });
}

const bodyOf = (server: ReturnType<typeof api>, path: string) => {
  const call = server.calls().find(([url]) => url === path);
  return call === undefined ? undefined : (JSON.parse(String(call[1].body)) as Record<string, unknown>);
};

async function chooseRole(dialog: HTMLElement, name: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Role/ }));
  fireEvent.click(await screen.findByRole('option', { name }));
}

afterEach(clearTestSession);

describe('StaffPage', () => {
  it('lists staff with their role, branches and status, from the staff route', async () => {
    storeTestSession();
    const server = api();
    renderPage(<StaffPage />, '/app/staff');
    expect(await screen.findByText('Asha Rao')).toBeTruthy();
    expect(screen.getByText('Indiranagar')).toBeTruthy();
    expect(server.calls()[0]?.[0]).toContain('/api/staff/getActiveStaffByClient?page=0&pageSize=5');
    fireEvent.click(screen.getByRole('switch', { name: 'Show inactive' }));
    await waitFor(() =>
      expect(server.calls().some(([url]) => url.includes('includeInactive=true'))).toBe(true),
    );
  });

  it('exports the staff list of the current view like the other tables', async () => {
    storeTestSession();
    const server = api();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderPage(<StaffPage />, '/app/staff?includeInactive=true');
    await screen.findByText('Asha Rao');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const [url] = server.calls().find(([u]) => u.startsWith('/api/staff/exportStaff'))!;
    expect(url).toBe('/api/staff/exportStaff?includeInactive=true');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('staff-2026-01-01.csv');
  });

  it('adds with a password and all branches, or with a list of branches', async () => {
    storeTestSession();
    const server = api();
    renderPage(<StaffPage />, '/app/staff');
    await screen.findByText('Asha Rao');
    fireEvent.click(screen.getByRole('button', { name: 'Add Staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Staff Member' });
    expect(await within(dialog).findByLabelText(/^Password/)).toBeTruthy();
    expect(within(dialog).queryByRole('combobox', { name: /^Branches/ })).toBeNull();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Ravi' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Email/ }), {
      target: { value: 'ravi@example.test' },
    });
    await chooseRole(dialog, 'Front desk');
    fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: 'short' } });

    // All branches off: the list appears and must not stay empty.
    fireEvent.click(within(dialog).getByRole('switch', { name: 'All branches' }));
    const branches = within(dialog).getByRole('combobox', { name: /^Branches/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('At least 8 characters')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one branch, or all branches')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: 'longenough1' } });
    fireEvent.mouseDown(branches);
    fireEvent.click(await screen.findByRole('option', { name: 'Koramangala' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Data has been saved')).toBeTruthy();
    expect(bodyOf(server, '/api/staff/addStaff')).toEqual({
      staffName: 'Ravi',
      email: 'ravi@example.test',
      mobile: null,
      roleId: 2,
      branchIds: [1],
      password: 'longenough1',
    });
  });

  it('edits without a password, sending staffId in the body; all branches sends null', async () => {
    storeTestSession();
    const server = api();
    renderPage(<StaffPage />, '/app/staff');
    await screen.findByText('Asha Rao');
    fireEvent.click(screen.getByLabelText('Edit'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Staff Member' });
    // The fields are loaded once the form opens; the branches show when they are there.
    expect(await within(dialog).findByText('Indiranagar')).toBeTruthy();
    expect(within(dialog).queryByLabelText(/^Password/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('switch', { name: 'All branches' }));
    expect(within(dialog).queryByRole('combobox', { name: /^Branches/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Data has been updated')).toBeTruthy();
    const call = server.calls().find(([url]) => url === '/api/staff/editStaff')!;
    expect(call[1].method).toBe('PUT');
    expect(bodyOf(server, '/api/staff/editStaff')).toEqual({
      staffId: 5,
      staffName: 'Asha Rao',
      email: 'asha@example.test',
      mobile: null,
      roleId: 2,
      branchIds: null,
      status: 'active',
    });
  });

  it('deactivates after a question that says so, through DELETE /staff/deleteStaff/{id}', async () => {
    storeTestSession();
    const server = api();
    renderPage(<StaffPage />, '/app/staff');
    await screen.findByText('Asha Rao');
    fireEvent.click(screen.getByLabelText('Delete'));
    const question = await screen.findByRole('alertdialog');
    expect(within(question).getByText(/Deleting deactivates/)).toBeTruthy();
    fireEvent.click(within(question).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Item has been removed')).toBeTruthy();
    const call = server.calls().find(([url]) => url.startsWith('/api/staff/deleteStaff'))!;
    expect(call[0]).toBe('/api/staff/deleteStaff/5');
    expect(call[1].method).toBe('DELETE');
  });

  it('resets a password after both entries match', async () => {
    storeTestSession();
    const server = api();
    renderPage(<StaffPage />, '/app/staff');
    await screen.findByText('Asha Rao');
    fireEvent.click(screen.getByLabelText('Reset password'));
    const dialog = await screen.findByRole('dialog', { name: 'Reset Password' });
    fireEvent.change(within(dialog).getByLabelText(/^New password/), { target: { value: 'newpass123' } });
    fireEvent.change(within(dialog).getByLabelText(/^Confirm password/), { target: { value: 'newpass12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    expect(await within(dialog).findByText('The passwords do not match')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Confirm password/), { target: { value: 'newpass123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('The password of Asha Rao has been reset')).toBeTruthy();
    expect(bodyOf(server, '/api/staff/resetStaffPassword')).toEqual({
      staffId: 5,
      newPassword: 'newpass123',
    });
  });

  it('offers no actions without the staff permissions', async () => {
    storeTestSession({
      permissions: [{ moduleUniqueName: 'staff', view: true, add: false, edit: false, delete: false }],
    });
    api();
    renderPage(<StaffPage />, '/app/staff');
    await screen.findByText('Asha Rao');
    expect(screen.queryByRole('button', { name: 'Add Staff' })).toBeNull();
    expect(screen.queryByLabelText('Edit')).toBeNull();
    expect(screen.queryByLabelText('Reset password')).toBeNull();
  });
});
