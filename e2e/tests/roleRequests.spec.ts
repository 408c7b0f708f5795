import { expect, test } from '@playwright/test';
import { storeSession, type DemoSession } from '../fixtures/session.ts';

// Issue 41, point 8: a receptionist opening Expenses or Staff fired requests that answered 403
// before the refusal page. The screens ask only what the role may read.
test('a receptionist opening Expenses or Staff sees the refusal page and no request is refused', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const response = await page.request.post('/api/authentication/login', {
    data: { email: 'reception@library.test', password: 'Demo@12345', remember: true },
  });
  expect(response.status(), await response.text()).toBe(200);
  await storeSession(page, (await response.json()) as DemoSession);
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
  });
  for (const path of ['/app/expenses', '/app/staff']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Permission denied' })).toBeVisible({ timeout: 30_000 });
  }
  // And what the role may open asks nothing it may not read either.
  await page.goto('/app/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(2_000);
  expect(refused).toEqual([]);
});
