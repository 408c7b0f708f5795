import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentQuote } from '@app/contract/payments';
import { AppProviders } from '../../app/providers';
import { jsonResponse, stubFetch } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { addDays, orgToday } from '../../lib/dates';
import { ActiveUsersPage } from './ActiveUsersPage';
import { catalogueResponse, testMember } from './testData';

// A new member's first period is charged (issue 41, point 2): the add-member form asks what happens
// to it, and paying now ends in Record payment for exactly that period.
const today = orgToday();
const till = addDays(today, 29);

function api(firstPeriod: 'pay' | 'owing') {
  const created = testMember({
    userId: 9,
    name: 'Ravi Kumar',
    mobile: '9876500042',
    feeStructureId: 5,
    validFrom: today,
    validTill: till,
    roomId: null,
    seatNumber: null,
    firstPeriod,
    dues: 150000,
    duesSince: today,
  });
  const quote = (structure: number | null): PaymentQuote => ({
    userId: 9,
    memberName: 'Ravi Kumar',
    today,
    currentValidTill: till,
    feeStructureId: structure,
    lines: structure === null ? [] : [{ feeTypeId: 1, name: 'Monthly Fee', amount: 150000 }],
    daysLate: 0,
    lateFine: 0,
    dues: 150000,
    total: structure === null ? 150000 : 300000,
    coversFrom: structure === null ? null : addDays(today, 30),
    coversTill: structure === null ? null : addDays(today, 59),
    openingCharge: { receiptNumber: 'RCP-1', due: 150000, coversFrom: today, coversTill: till },
  });
  return stubFetch(async (url) => {
    const catalogue = catalogueResponse(url);
    if (catalogue !== undefined) return catalogue;
    if (url.startsWith('/api/user/getUsers'))
      return jsonResponse(200, { items: [], total: 0, page: 0, pageSize: 25 });
    if (url === '/api/user/createUser') return jsonResponse(201, created);
    if (url.startsWith('/api/payment/getPaymentOptions'))
      return jsonResponse(200, {
        feeStructures: [{ id: 5, name: 'Evening 30 days', total: 150000 }],
        bankAccounts: [],
      });
    if (url.startsWith('/api/payment/getPaymentQuote'))
      return jsonResponse(200, quote(url.includes('feeStructureId=5') ? 5 : null));
    if (url === '/api/payment/createPayment') return jsonResponse(201, { id: 31, receiptNumber: 'RCP-2' });
    return jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'no route' });
  });
}

const bodyOf = (server: ReturnType<typeof api>, path: string) => {
  const call = server.calls().find(([url]) => url === path);
  return call === undefined ? undefined : (JSON.parse(String(call[1].body)) as Record<string, unknown>);
};

async function addWithStructure() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add Member' }));
  const dialog = await screen.findByRole('dialog');
  // The form's fields load when it first opens.
  const name = await within(dialog).findByRole('textbox', { name: /^Name/ }, { timeout: 10_000 });
  fireEvent.change(name, { target: { value: 'Ravi Kumar' } });
  fireEvent.change(within(dialog).getByRole('textbox', { name: /^Mobile/ }), {
    target: { value: '98765 00042' },
  });
  expect(within(dialog).queryByRole('radiogroup')).toBeNull();
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Fee structure/ }));
  fireEvent.click(await screen.findByRole('option', { name: 'Evening 30 days' }));
  await within(dialog).findByText(/^First period/);
  return dialog;
}

/** Active Users, and the receipt a saved payment goes on to. */
function renderUsers() {
  const router = createMemoryRouter(
    [
      { path: '/app/users', element: <ActiveUsersPage /> },
      { path: '/app/payments/:id/receipt', element: <p>receipt page</p> },
    ],
    { initialEntries: ['/app/users'] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

afterEach(() => {
  clearTestSession();
  vi.unstubAllGlobals();
});

describe('the first period of a member added with a fee structure', () => {
  it(
    'pay now: saved with firstPeriod pay, then Record payment settles exactly that period',
    { timeout: 180_000 },
    async () => {
      storeTestSession();
      const server = api('pay');
      const router = renderUsers();
      const dialog = await addWithStructure();
      expect(
        (within(dialog).getByRole('radio', { name: 'Take the payment now' }) as HTMLInputElement).checked,
      ).toBe(true);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

      const payment = await screen.findByRole('dialog', { name: 'Record payment' }, { timeout: 60_000 });
      await within(payment).findByText(/^Pays the first period/, undefined, { timeout: 20_000 });
      expect(bodyOf(server, '/api/user/createUser')).toMatchObject({ feeStructureId: 5, firstPeriod: 'pay' });
      // The dues alone, which are the first period: not a renewal of the period after it.
      await waitFor(() =>
        expect(within(payment).getByTestId('payment-total').textContent).toMatch(/1,500\.00/),
      );
      expect(within(payment).queryByText(/after this payment/)).toBeNull();
      fireEvent.click(within(payment).getByRole('button', { name: 'Save payment' }));
      await waitFor(() => expect(bodyOf(server, '/api/payment/createPayment')).toBeDefined());
      expect(bodyOf(server, '/api/payment/createPayment')).toMatchObject({
        userId: 9,
        feeStructureId: null,
        duesSettled: 150000,
        received: 150000,
      });
      await waitFor(() => expect(router.state.location.pathname).toBe('/app/payments/31/receipt'));
    },
  );

  it('left owing: saved with firstPeriod owing, and no payment dialog', async () => {
    storeTestSession();
    const server = api('owing');
    renderUsers();
    const dialog = await addWithStructure();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Leave it owing' }));
    expect(within(dialog).getByText(/their next payment pays this period first/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodyOf(server, '/api/user/createUser')).toMatchObject({ firstPeriod: 'owing' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls().some(([url]) => url.startsWith('/api/payment/getPaymentQuote'))).toBe(false);
  });
});
