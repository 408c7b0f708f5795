import { expect, test } from '@playwright/test';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';

// The sign-in side against the real server (the e2e server seeds the demo organisation on start).
// Failed sign-ins count towards the server's per-address limit, so this file makes only one.

const demo = { email: 'demo@library.test', password: 'Demo@12345' };
const sessionKeys = ['accessToken', 'refreshToken', 'userId', 'staffDetails', 'branches'];
const sessionCookies = ['clientDetails', 'paymentDisabled', 'permissions'];

function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@library.test`;
}

function storage(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({ ...localStorage }));
}

async function activeBranch(page: Page): Promise<unknown> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('activeBranch') ?? 'null') as unknown);
}

async function signIn(page: Page, email: string, password: string, path = '/login'): Promise<void> {
  await page.goto(path);
  await page.getByRole('textbox', { name: path === '/login' ? 'Email or mobile' : 'Your Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/app$/);
}

/** Answers the branch dialog that follows a first sign-in; the page reloads on Save. */
async function chooseBranch(page: Page, name: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Please select a Branch to continue' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Select Branch' }).click();
  await page.getByRole('option', { name, exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => activeBranch(page)).toMatchObject({ name });
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

async function registerByApi(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/authentication/register', {
    data: {
      username: 'E2E Owner',
      email,
      password,
      passwordConfirm: password,
      organisationName: 'E2E Reads',
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as {
    accessToken: string;
    refreshToken: string;
    userId: number;
    staffDetails: unknown;
    branches: unknown;
    clientDetails: unknown;
    permissions: unknown;
    paymentDisabled: boolean;
  };
}

async function cookieNames(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((cookie) => cookie.name);
}

const variants = [
  { path: '/login', emailLabel: 'Email or mobile', strict: false, registerLink: '/register-v3' },
  { path: '/login-v2', emailLabel: 'Your Email', strict: true, registerLink: '/register-v2' },
  { path: '/login-v3', emailLabel: 'Your Email', strict: true, registerLink: '/register' },
];

for (const variant of variants) {
  test(`${variant.path} shows the validation errors, then signs in`, async ({ page }) => {
    await page.goto(variant.path);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Library Admin' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
    await expect(page.getByRole('link', { name: 'Create new account' })).toHaveAttribute(
      'href',
      variant.registerLink,
    );
    const continueButton = page.getByRole('button', { name: 'Continue' });
    await expect(continueButton).toBeDisabled();

    const email = page.getByRole('textbox', { name: variant.emailLabel });
    const password = page.getByRole('textbox', { name: 'Password', exact: true });
    await email.fill('x');
    await email.fill('');
    await password.fill('x');
    await password.fill('');
    await email.focus();
    await expect(page.getByText('Required')).toHaveCount(2);
    if (variant.strict) {
      await email.fill('9800000001');
      await expect(page.getByText('Invalid email')).toBeVisible();
    }

    await email.fill(demo.email);
    await password.fill(demo.password);
    await page.getByRole('checkbox', { name: 'Remember' }).check();
    await expect(page.getByText('Required')).toHaveCount(0);
    await continueButton.click();
    await expect(page).toHaveURL(/\/app$/);
  });
}

test('a wrong password shows the server’s message and stores nothing', async ({ page, request }) => {
  // The server words every credential failure the same; ask it for the sentence with an unknown
  // account, so this test does not spend the demo account's failed attempts.
  const probe = await request.post('/api/authentication/login', {
    data: { email: uniqueEmail('nobody'), password: 'wrong-password', remember: false },
  });
  expect(probe.status()).toBe(401);
  const { message } = (await probe.json()) as { message: string };

  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email or mobile' }).fill(demo.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText(message);
  await expect(page).toHaveURL(/\/login$/);
  expect(Object.keys(await storage(page))).not.toContain('accessToken');
});

test('sign-in stores the session keys and the three cookies for 7 days; the branch dialog sets the active branch', async ({
  page,
  context,
}) => {
  await signIn(page, demo.email, demo.password);
  const stored = await storage(page);
  for (const key of sessionKeys) expect(stored, key).toHaveProperty(key);
  expect(JSON.parse(stored.staffDetails ?? '')).toMatchObject({ staffName: expect.any(String) });
  expect(JSON.parse(stored.branches ?? '')).toHaveLength(3);
  expect(stored).not.toHaveProperty('activeBranch');

  const cookies = await context.cookies();
  const now = Date.now() / 1000;
  for (const name of sessionCookies) {
    const cookie = cookies.find((candidate) => candidate.name === name);
    expect(cookie, name).toBeDefined();
    expect(Math.abs((cookie?.expires ?? 0) - now - 7 * 24 * 3600)).toBeLessThan(3600);
  }

  const dialog = page.getByRole('dialog', { name: 'Please select a Branch to continue' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Required')).toBeVisible();
  await chooseBranch(page, 'Indiranagar');
  expect(await activeBranch(page)).toEqual({ id: expect.any(Number), name: 'Indiranagar' });
  await expect(dialog).toBeHidden();

  // The top bar's Active Branch dropdown switches the branch and reloads.
  const select = page.getByRole('combobox', { name: 'Active Branch' });
  await expect(select).toHaveText('Indiranagar');
  await select.click();
  await page.getByRole('option', { name: 'Jayanagar' }).click();
  await expect.poll(() => activeBranch(page)).toMatchObject({ name: 'Jayanagar' });
  await expect(page.getByRole('combobox', { name: 'Active Branch' })).toHaveText('Jayanagar');
});

test('the branch selection screen lists the branches and uses one', async ({ page }) => {
  await signIn(page, demo.email, demo.password);
  // /app/branches is the one screen without the branch dialog.
  await page.goto('/app/branches');
  await expect(page.getByRole('heading', { name: 'Branches' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Koramangala' })).toBeVisible();
  await page.getByRole('button', { name: 'Use this branch: Koramangala' }).click();
  await expect(page).toHaveURL(/\/app$/);
  expect(await activeBranch(page)).toMatchObject({ name: 'Koramangala' });
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('log out clears the stored session and lands on /', async ({ page, context }) => {
  await signIn(page, demo.email, demo.password);
  await chooseBranch(page, 'Koramangala');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  const stored = await storage(page);
  for (const key of [...sessionKeys, 'activeBranch']) expect(stored, key).not.toHaveProperty(key);
  const names = await cookieNames(context);
  for (const name of sessionCookies) expect(names).not.toContain(name);
  // The signed-in app is closed again.
  await page.goto('/app');
  await expect(page).toHaveURL(/\/login$/);
});

test('register a new organisation through the form', async ({ page }) => {
  const email = uniqueEmail('register');
  await page.goto('/register');
  await expect(page.getByRole('tab', { name: 'With Email' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  await page.getByRole('textbox', { name: 'Username' }).fill('Asha Rao');
  await page.getByRole('textbox', { name: 'Your Email' }).fill('not-an-address');
  await page.getByRole('textbox', { name: 'Your Password', exact: true }).fill('Secret@123');
  await page.getByRole('textbox', { name: 'Re-type Password', exact: true }).fill('Secret@124');
  await page.getByRole('textbox', { name: 'Username' }).focus();
  await expect(page.getByText('Invalid email')).toBeVisible();
  await expect(page.getByText('Passwords dont match')).toBeVisible();
  await page.getByRole('textbox', { name: 'Your Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Re-type Password', exact: true }).fill('Secret@123');
  await page.getByRole('textbox', { name: /Organisation name/ }).fill('Asha Reading Rooms');
  await page.getByRole('button', { name: 'Continue' }).click();
  // The terms are required in this variant.
  await expect(page.getByText('Required')).toBeVisible();
  await page.getByRole('checkbox', { name: /Terms/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/app$/);
  expect(JSON.parse((await storage(page)).branches ?? '')).toEqual([
    { id: expect.any(Number), name: 'Main' },
  ]);
  await chooseBranch(page, 'Main');

  // The same address may register another organisation: a refusal would tell anyone which emails
  // have accounts (issue 20). Sign-in tells the two accounts apart by their passwords.
  const again = await page.request.post('/api/authentication/register', {
    data: { username: 'Asha', email, password: 'Other@1234', passwordConfirm: 'Other@1234' },
  });
  expect(again.ok(), await again.text()).toBe(true);
  const second = await page.request.post('/api/authentication/login', {
    data: { email, password: 'Other@1234' },
  });
  expect((await second.json()).clientDetails.name).not.toBe('Asha Reading Rooms');
});

test('change password end to end, then sign in with the new one', async ({ page, request }) => {
  const email = uniqueEmail('password');
  const oldPassword = 'Old@Secret1';
  const newPassword = 'New@Secret2';
  await registerByApi(request, email, oldPassword);
  await signIn(page, email, oldPassword);
  await chooseBranch(page, 'Main');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await expect(dialog).toBeVisible();
  const stored = await storage(page);
  await expect(
    dialog.getByText(`Staff ID: ${JSON.parse(stored.staffDetails ?? '{}').staffId}`),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('All fields are required.');
  await dialog.getByRole('textbox', { name: 'Old Password', exact: true }).fill(oldPassword);
  await dialog.getByRole('textbox', { name: 'New Password', exact: true }).fill(newPassword);
  await dialog.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('Different@3');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('New Password and Confirm Password do not match.');
  await dialog.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(newPassword);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Password changed successfully.').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, email, newPassword, '/login-v2');
  await expect(page.getByRole('dialog', { name: 'Please select a Branch to continue' })).toBeVisible();
});

test('the reset-password request shows the confirmation', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText('We will send reset password link to Your Email')).toBeVisible();
  const email = page.getByRole('textbox', { name: 'Your Email' });
  await email.fill('nope');
  await email.blur();
  await expect(page.getByText('Invalid email')).toBeVisible();
  await email.fill(demo.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Email sent')).toBeVisible();
  await expect(
    page.getByText('If an account exists for this email, we have sent a reset password link to it.'),
  ).toBeVisible();
});

test('the lock screen checks the password with the server', async ({ page }) => {
  await page.goto('/lock-screen');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, demo.email, demo.password);
  await page.goto('/lock-screen');
  await expect(page.getByText('Hint: Type anything to unlock!')).toBeVisible();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demo.password);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page).toHaveURL(/\/app$/);
});

test('the sign-in page downloads one language and switches to German on demand, kept after reload', async ({
  page,
}) => {
  const localeChunks: string[] = [];
  page.on('request', (r) => {
    const name = new URL(r.url()).pathname.split('/').pop() ?? '';
    if (/^(en|de)-.*\.js$/.test(name)) localeChunks.push(name.slice(0, 2));
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  expect(localeChunks).toEqual(['en']);
  await page.getByRole('button', { name: 'DE' }).click();
  await expect(page.getByRole('button', { name: 'Weiter' })).toBeVisible();
  expect(localeChunks).toEqual(['en', 'de']);
  localeChunks.length = 0;
  await page.reload();
  await expect(page.getByRole('button', { name: 'Weiter' })).toBeVisible();
  expect(localeChunks).toEqual(['de']);
  await page.evaluate(() => localStorage.removeItem('locale'));
});
