import { expect, test } from '@playwright/test';
import { signIn } from '../fixtures/session.ts';

test('the app opens in Chromium under the server’s Content-Security-Policy', async ({ page, request }) => {
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));

  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);

  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(page).toHaveTitle(/Library/);

  // Signed out, /app sends to sign-in; signed in, the not-found button leads into the app.
  await page.goto('/app/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page);

  await page.goto('/no/such/page');
  await expect(page.getByText('Oops, Page Not Found :(')).toBeVisible();
  await page
    .getByRole('link', { name: 'Go To Dashboard' })
    .or(page.getByRole('button', { name: 'Go To Dashboard' }))
    .click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);

  // A CSP violation or a crash shows up as a console error.
  expect(problems).toEqual([]);
});
