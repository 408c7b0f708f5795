import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fullPermissions } from '@app/contract/modules';
import { jsonResponse, renderPage, stubFetch } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { ActiveUsersPage } from './ActiveUsersPage';
import { addDays, orgToday } from '../../lib/dates';
import { isolateLtr } from '../../lib/bidi';
import { InactiveUsersPage } from './InactiveUsersPage';
import { catalogueResponse, testMember } from './testData';

const today = orgToday();
const soon = testMember({ userId: 7, name: 'Asha Rao', validTill: addDays(today, 3) });
const later = testMember({
  userId: 8,
  name: 'Ravi Kumar',
  validTill: addDays(today, 60),
  roomId: null,
  seatNumber: null,
});
const expired = testMember({
  userId: 11,
  name: 'Meera Das',
  status: false,
  inactiveReason: 'expired',
  validTill: addDays(today, -2),
});
const deactivated = testMember({
  userId: 12,
  name: 'Kiran Shah',
  status: false,
  inactiveReason: 'deactivated',
  validTill: addDays(today, 20),
});

function api(reactivate: () => Response = () => jsonResponse(200, { ...deactivated, status: true })) {
  return stubFetch(async (url) => {
    const catalogue = catalogueResponse(url);
    if (catalogue !== undefined) return catalogue;
    if (url.startsWith('/api/user/getUsers'))
      return jsonResponse(200, { items: [soon, later], total: 2, page: 0, pageSize: 5 });
    if (url.startsWith('/api/user/getInactiveUsers')) {
      return jsonResponse(200, { items: [expired, deactivated], total: 2, page: 0, pageSize: 5 });
    }
    if (url.startsWith('/api/user/deactivateUser')) return jsonResponse(200, { ...soon, status: false });
    if (url.startsWith('/api/user/reactivateUser')) return reactivate();
    return jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'no route' });
  });
}

const row = (name: string) => screen.getByText(name).closest('[role="row"]') as HTMLElement;

afterEach(() => {
  clearTestSession();
  vi.unstubAllGlobals();
});

describe('ActiveUsersPage', () => {
  it('lists active members only, with the validity badge, seat and profile link', async () => {
    storeTestSession();
    const server = api();
    renderPage(<ActiveUsersPage />, '/app/users');
    expect(await screen.findByText('Asha Rao')).toBeTruthy();
    const list = server.calls().find(([url]) => url.startsWith('/api/user/getUsers'))?.[0];
    expect(list).toContain('status=active');
    expect(within(row('Asha Rao')).getByText('Expires in 3 days')).toBeTruthy();
    expect(within(row('Asha Rao')).getByText('Quiet Hall · 2')).toBeTruthy();
    // Isolated left to right: a right-to-left page drew '14:00–08:00' (issue 41, point 8).
    expect(within(row('Asha Rao')).getByText(isolateLtr('08:00–14:00'))).toBeTruthy();
    expect(within(row('Ravi Kumar')).queryByText(/Expires/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Asha Rao' }).getAttribute('href')).toBe('/app/UserProfile/7');
  });

  it('sends a filter with the fixed status, e.g. expiring within 7 days', async () => {
    storeTestSession();
    const server = api();
    renderPage(<ActiveUsersPage />, '/app/users?expiringWithinDays=7');
    await screen.findByText('Asha Rao');
    const list = server.calls().find(([url]) => url.startsWith('/api/user/getUsers'))?.[0];
    expect(list).toContain('expiringWithinDays=7');
    expect(list).toContain('status=active');
  });

  it('filters members paused today (issue 45, point 4)', async () => {
    storeTestSession();
    const server = api();
    renderPage(<ActiveUsersPage />, '/app/users?paused=true');
    await screen.findByText('Asha Rao');
    const list = server.calls().find(([url]) => url.startsWith('/api/user/getUsers'))?.[0];
    expect(list).toContain('paused=true');
    expect(list).toContain('status=active');
    expect(screen.getByText('Paused today')).toBeTruthy();
  });

  it('deactivates after confirming, with PUT /user/deactivateUser', async () => {
    storeTestSession();
    const server = api();
    renderPage(<ActiveUsersPage />, '/app/users');
    await screen.findByText('Asha Rao');
    fireEvent.click(within(row('Asha Rao')).getByRole('button', { name: 'Deactivate' }));
    const question = await screen.findByRole('alertdialog', { name: 'Deactivate member?' });
    expect(within(question).getByText(/Asha Rao moves to Inactive Users/)).toBeTruthy();
    expect(server.calls().some(([url]) => url.includes('deactivateUser'))).toBe(false);
    fireEvent.click(within(question).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Asha Rao was deactivated')).toBeTruthy();
    const call = server.calls().find(([url]) => url.includes('deactivateUser'))!;
    expect(call[0]).toBe('/api/user/deactivateUser?userId=7');
    expect(call[1].method).toBe('PUT');
  });

  it('offers no Add or Deactivate without the users permissions to add and edit', async () => {
    storeTestSession({
      permissions: fullPermissions().map((p) =>
        p.moduleUniqueName === 'users' ? { ...p, add: false, edit: false } : p,
      ),
    });
    api();
    renderPage(<ActiveUsersPage />, '/app/users');
    await screen.findByText('Asha Rao');
    expect(screen.queryByRole('button', { name: 'Add Member' })).toBeNull();
    expect(within(row('Asha Rao')).queryByRole('button', { name: 'Deactivate' })).toBeNull();
    expect(within(row('Asha Rao')).getByRole('button', { name: 'View profile' })).toBeTruthy();
  });
});

describe('InactiveUsersPage', () => {
  it('lists inactive members with the reason; only those still valid can be reactivated', async () => {
    storeTestSession();
    const server = api();
    renderPage(<InactiveUsersPage />, '/app/inactive_users');
    expect(await screen.findByText('Meera Das')).toBeTruthy();
    expect(server.calls().find(([url]) => url.startsWith('/api/user/getInactiveUsers'))?.[0]).toBeTruthy();
    expect(within(row('Meera Das')).getByText('Expired')).toBeTruthy();
    expect(within(row('Kiran Shah')).getByText('Deactivated')).toBeTruthy();

    // Validity over: a payment brings the member back, and Renew opens the record-payment dialog.
    expect(within(row('Meera Das')).queryByRole('button', { name: 'Reactivate' })).toBeNull();
    const renew = within(row('Meera Das')).getByRole('button', { name: 'Renew' }) as HTMLButtonElement;
    expect(renew.disabled).toBe(false);

    fireEvent.click(within(row('Kiran Shah')).getByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByText('Kiran Shah is active again')).toBeTruthy();
    const call = server.calls().find(([url]) => url.includes('reactivateUser'))!;
    expect(call[0]).toBe('/api/user/reactivateUser?userId=12');
    expect(call[1].method).toBe('PUT');
  });

  it('says a payment is needed, disabled, to those who may not record payments', async () => {
    storeTestSession({
      permissions: fullPermissions().map((p) =>
        p.moduleUniqueName === 'payments' ? { ...p, add: false } : p,
      ),
    });
    api();
    renderPage(<InactiveUsersPage />, '/app/inactive_users');
    await screen.findByText('Meera Das');
    const needsPayment = within(row('Meera Das')).getByRole('button', {
      name: 'Payment needed',
    }) as HTMLButtonElement;
    expect(needsPayment.disabled).toBe(true);
    expect(within(row('Meera Das')).getByLabelText(/Record a payment to extend it/)).toBeTruthy();
  });

  it("shows the server's message when it refuses (e.g. the seat was taken meanwhile)", async () => {
    storeTestSession();
    api(() =>
      jsonResponse(409, {
        statusCode: 409,
        reason: 'CONFLICT',
        message: 'Seat 2 in Quiet Hall is taken by Asha Rao (08:00–14:00).',
      }),
    );
    renderPage(<InactiveUsersPage />, '/app/inactive_users');
    await screen.findByText('Kiran Shah');
    fireEvent.click(within(row('Kiran Shah')).getByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByText('Seat 2 in Quiet Hall is taken by Asha Rao (08:00–14:00).')).toBeTruthy();
  });

  it('filters by reason and hides Reactivate without the inactiveUsers edit permission', async () => {
    storeTestSession({
      permissions: fullPermissions().map((p) =>
        p.moduleUniqueName === 'inactiveUsers' ? { ...p, edit: false } : p,
      ),
    });
    const server = api();
    renderPage(<InactiveUsersPage />, '/app/inactive_users?reason=deactivated');
    await screen.findByText('Kiran Shah');
    expect(server.calls().find(([url]) => url.startsWith('/api/user/getInactiveUsers'))?.[0]).toContain(
      'reason=deactivated',
    );
    expect(screen.queryByRole('button', { name: 'Reactivate' })).toBeNull();
  });
});
