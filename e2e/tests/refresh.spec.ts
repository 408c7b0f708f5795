import { expect, test } from '@playwright/test';
import { signIn } from '../fixtures/session.ts';

test('an access token that stops being valid mid-session is refreshed without the user noticing', async ({
  page,
}) => {
  const session = await signIn(page);
  // The server rejects this token exactly as it rejects an expired one (TOKEN_INVALID_OR_EXPIRED).
  const [header, payload] = session.accessToken.split('.');
  const expired = `${header}.${payload}.invalidsignature`;
  await page.addInitScript((token) => {
    if (!sessionStorage.getItem('e2e-expired-set')) {
      localStorage.setItem('accessToken', token);
      sessionStorage.setItem('e2e-expired-set', '1');
    }
  }, expired);

  const refreshCalls: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/api/authentication/refreshToken')) refreshCalls.push(r.status());
  });

  await page.goto('/app/feeTypes');
  await expect(page.getByRole('grid').getByText('Monthly Fee')).toBeVisible({ timeout: 30_000 });
  expect(refreshCalls).toEqual([200]);
  const stored = await page.evaluate(() => ({
    access: localStorage.getItem('accessToken'),
    refresh: localStorage.getItem('refreshToken'),
  }));
  expect(stored.access).not.toBe(expired);
  expect(stored.refresh).not.toBe(session.refreshToken);
  await expect(page).toHaveURL(/\/app\/feeTypes/);
});
