import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { apiSignIn, authHeaders, signIn, storeSession } from '../fixtures/session.ts';
import type { DemoSession } from '../fixtures/session.ts';

// Money you can trust at the counter (issue 34): one dues figure on every screen after a part payment
// and its settlement; a day close that asks why the drawer differs, shows what it does to the
// balance and can be reopened; a receptionist who cannot close the day.

let counter = 0;
const uniqueMobile = () => `78${String(Date.now()).slice(-6)}${String(++counter).padStart(2, '0')}`;
const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
const rupees = (minorUnits: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(minorUnits / 100);
/** The first amount in a text (₹1,234.50, -₹20.00) as minor units. */
const minor = (text: string) => {
  const [amount] = /-?₹[\d,]+\.\d\d/.exec(text)!;
  return Math.round(Number(amount.replace(/[₹,]/g, '')) * 100);
};

async function choose(scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await scope.page().getByRole('option', { name: option, exact: true }).click();
}

async function dashboardDues(page: Page, session: DemoSession) {
  const res = await page.request.get('/api/dashboard/getDashboard', { headers: authHeaders(session) });
  return ((await res.json()) as { members: { dues: number } }).members.dues;
}

async function cashBalance(page: Page, session: DemoSession, branchId: number) {
  const res = await page.request.get('/api/bankAccount/getBankAccounts?pageSize=100', {
    headers: authHeaders(session, branchId),
  });
  const items = (await res.json()).items as { kind: string; branchId: number | null; balance: number }[];
  return items.find((a) => a.kind === 'cash' && a.branchId === branchId)!.balance;
}

test('a part payment and its settlement: Payments summary, row, member profile and dashboard agree', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const session = await signIn(page);
  const headers = authHeaders(session);
  const options = await (await page.request.get('/api/payment/getPaymentOptions', { headers })).json();
  const structure = options.feeStructures[0] as { id: number; total: number };
  const name = `Settling Sunita ${Date.now()}`;
  const mobile = uniqueMobile();
  const created = await page.request.post('/api/user/createUser', {
    headers,
    data: {
      name,
      mobile,
      validFrom: addDays(today(), -27),
      validTill: addDays(today(), 3),
      feeStructureId: structure.id,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const userId = (await created.json()).userId as number;
  const duesBefore = await dashboardDues(page, session);

  // A part payment from the profile: ₹1,000 of the renewal.
  await page.goto(`/app/UserProfile/${userId}`);
  await page.getByRole('button', { name: 'Record payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record payment' });
  await expect(dialog.getByText(/after this payment/)).toBeVisible();
  const total = minor((await dialog.getByTestId('payment-total').textContent())!);
  await dialog.getByLabel('Received').fill('1000');
  await dialog.getByRole('button', { name: 'Save payment' }).click();
  await expect(page).toHaveURL(/\/receipt$/);
  const owed = total - 100000;

  const summary = page.getByTestId('payment-summary');
  const dueCell = (row: Locator) => row.locator('[data-field="due"]');
  const agree = async (due: number) => {
    await page.goto(`/app/payments?q=${mobile}`);
    const rows = page.getByRole('row').filter({ hasText: name });
    await expect(summary).toContainText(`total ${rupees(total)}`);
    await expect(summary).toContainText(`due ${rupees(due)}`);
    // The part payment's row: what it still leaves owed now (empty when nothing is).
    const partRow = rows.filter({ hasText: rupees(100000) }).first();
    await expect(dueCell(partRow)).toHaveText(due > 0 ? rupees(due) : '');

    await page.goto(`/app/UserProfile/${userId}`);
    await expect(page.getByText(due > 0 ? `Owes ${rupees(due)}` : 'Nothing owing')).toBeVisible();
    const profileRow = page
      .getByRole('row')
      .filter({ hasText: rupees(100000) })
      .first();
    await expect(profileRow.getByRole('cell').nth(4)).toHaveText(due > 0 ? rupees(due) : '');

    await page.goto('/app/dashboard');
    await expect(page.getByTestId('stat-dues')).toHaveText(rupees(duesBefore + due));
  };
  await agree(owed);
  await page.goto(`/app/payments?q=${mobile}`);
  await expect(summary).toContainText(`1 payments · total ${rupees(total)} · received ${rupees(100000)}`);

  // A dues-only payment from the Dues tab settles it: received money, not new revenue.
  await page.goto('/app/payments?view=dues');
  await page.getByRole('searchbox').fill(mobile);
  await page
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('button', { name: 'Record payment' })
    .click();
  const settle = page.getByRole('dialog', { name: 'Record payment' });
  await expect(settle.getByLabel('Previous dues')).toBeVisible();
  await choose(settle, 'Fee structure', 'None (settle earlier dues only)');
  await expect(settle.getByTestId('payment-total')).toHaveText(rupees(owed));
  await expect(settle.getByLabel('Received')).toHaveValue(rupees(owed).replace('₹', ''));
  await settle.getByRole('button', { name: 'Save payment' }).click();
  await expect(page).toHaveURL(/\/receipt$/);
  await expect(page.locator('#receipt')).toContainText('Previous dues');

  await agree(0);
  await page.goto(`/app/payments?q=${mobile}`);
  await expect(summary).toContainText(`2 payments · total ${rupees(total)} · received ${rupees(total)}`);
  await expect(summary).toContainText(`${rupees(owed)} of it settled earlier dues`);
});

test('a day close with a difference needs a reason and shows the balance change; a reopen restores the balance', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const session = await signIn(page);
  const branch = session.branches[1]!;
  await page.evaluate((b) => localStorage.setItem('activeBranch', JSON.stringify(b)), branch);
  const balanceBefore = await cashBalance(page, session, branch.id);

  await page.goto('/app/payments?view=cashBook');
  await expect(page.getByTestId('cash-book')).toContainText('Expected in the drawer');
  await page.getByRole('button', { name: 'Close the day' }).click();
  const dialog = page.getByRole('dialog', { name: /^Close / });
  const expected = minor((await dialog.getByText(/The books expect/).textContent())!);
  const counted = expected - 25000;
  await dialog.getByLabel('Counted cash').fill(String(counted / 100));
  await expect(dialog.getByTestId('close-difference')).toHaveText('Difference: -₹250.00');
  await expect(dialog.getByTestId('close-balance-effect')).toHaveText(
    `The cash account is booked -₹250.00: its balance at the end of the day goes from ${rupees(expected)} to ${rupees(counted)}.`,
  );
  // No reason, no close: the form says why and nothing is booked.
  await dialog.getByRole('button', { name: 'Close the day' }).click();
  await expect(dialog.getByText('Give a reason: the counted cash differs from the books')).toBeVisible();
  expect(await cashBalance(page, session, branch.id)).toBe(balanceBefore);
  await dialog.getByLabel(/Reason for the difference/).fill('Two notes of ₹100 and one of ₹50 missing');
  await dialog.getByRole('button', { name: 'Close the day' }).click();
  const closed = page.getByTestId('day-closed');
  await expect(closed).toContainText('Closed by Demo Owner');
  await expect(closed).toContainText('Reason: Two notes of ₹100 and one of ₹50 missing');
  await expect(closed).toContainText('-₹250.00');
  expect(await cashBalance(page, session, branch.id)).toBe(balanceBefore - 25000);

  // A clerk who then takes a payment reads first that no cash can be taken, and the form is not on Cash.
  const headers = authHeaders(session, branch.id);
  const options = await (await page.request.get('/api/payment/getPaymentOptions', { headers })).json();
  const created = await page.request.post('/api/user/createUser', {
    headers,
    data: {
      name: `Closed Day Kiran ${Date.now()}`,
      mobile: uniqueMobile(),
      validFrom: addDays(today(), -27),
      validTill: addDays(today(), 3),
      feeStructureId: options.feeStructures[0].id,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto(`/app/UserProfile/${(await created.json()).userId}`);
  await page.getByRole('button', { name: 'Record payment' }).click();
  const pay = page.getByRole('dialog', { name: 'Record payment' });
  await expect(pay.getByTestId('cash-day-closed')).toContainText('The cash book is closed up to');
  await expect(pay.getByRole('combobox', { name: 'Mode' })).toHaveText('UPI');
  await page.keyboard.press('Escape');
  await expect(pay).toHaveCount(0);
  // The same for cash going out: an expense starts on UPI, with the reason said first.
  await page.goto('/app/expenses');
  await page.getByRole('button', { name: 'Add expense' }).click();
  const expense = page.getByRole('dialog', { name: 'Add expense' });
  await expect(expense.getByTestId('cash-day-closed')).toContainText('no cash can go in or out');
  await expect(expense.getByRole('combobox', { name: 'Mode' })).toHaveText('UPI');
  await page.keyboard.press('Escape');

  // The owner (payments delete) reopens it with a reason: the difference is taken back.
  await page.goto('/app/payments?view=cashBook');
  await page.getByRole('button', { name: 'Reopen the day' }).click();
  const reopen = page.getByRole('dialog', { name: /^Reopen / });
  await expect(reopen).toContainText('-₹250.00 is taken back');
  await reopen.getByLabel(/Reason for reopening/).fill('The count was a typo');
  await reopen.getByRole('button', { name: 'Reopen the day' }).click();
  await expect(page.getByTestId('day-closed')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Close the day' })).toBeVisible();
  expect(await cashBalance(page, session, branch.id)).toBe(balanceBefore);
});

test('a receptionist sees no close button, and the API refuses her a close (403)', async ({ page }) => {
  const login = await page.request.post('/api/authentication/login', {
    data: { email: 'reception@library.test', password: 'Demo@12345', remember: true },
  });
  expect(login.status(), await login.text()).toBe(200);
  const reception = (await login.json()) as DemoSession;
  await storeSession(page, reception);
  await page.goto('/app/payments?view=cashBook');
  await expect(page.getByTestId('cash-book')).toContainText('Expected in the drawer');
  await expect(page.getByTestId('cash-book')).toContainText(/₹[\d,]+\.\d\d/);
  await expect(page.getByRole('button', { name: 'Close the day' })).toHaveCount(0);
  const close = await page.request.post('/api/cashBook/closeDay', {
    headers: authHeaders(reception),
    data: { day: today(), counted: 0, reason: 'Trying' },
  });
  expect(close.status()).toBe(403);
  const reopen = await page.request.post('/api/cashBook/reopenDay', {
    headers: authHeaders(reception),
    data: { day: today(), reason: 'Trying' },
  });
  expect(reopen.status()).toBe(403);

  // Her dashboard: collections and dues, which she reads elsewhere; no expenses, refunds or net.
  await page.goto('/app/dashboard');
  await expect(page.getByTestId('stat-today')).toBeVisible();
  await expect(page.getByTestId('stat-dues')).toBeVisible();
  await expect(page.getByTestId('stat-expenses')).toHaveCount(0);
  await expect(page.getByTestId('stat-net')).toHaveCount(0);
  // The owner still sees them.
  await storeSession(page, await apiSignIn(page.request));
  await page.goto('/app/dashboard');
  await expect(page.getByTestId('stat-net')).toBeVisible();
});
