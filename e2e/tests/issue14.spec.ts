import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { authHeaders, storeSession, type DemoSession } from '../fixtures/session.ts';

/** Front-desk staff of the demo organisation: members, enquiries and payments, no catalogues. */
async function signInAsReception(page: Page): Promise<DemoSession> {
  const response = await page.request.post('/api/authentication/login', {
    data: { email: 'reception@library.test', password: 'Demo@12345', remember: true },
  });
  expect(response.status(), await response.text()).toBe(200);
  const session = (await response.json()) as DemoSession;
  await storeSession(page, session);
  return session;
}

test('issue 14: front desk chooses fee structures and packages on Add Member, and the profile names the room', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Front desk reads the members and, by implication, their rooms (contract impliedReads).
  const desk = await signInAsReception(page);
  const members = await page.request.get('/api/user/getUsers?pageSize=100', { headers: authHeaders(desk) });
  const seated = ((await members.json()).items as { userId: number; roomId: number | null }[]).find(
    (m) => m.roomId !== null,
  );
  expect(seated, 'the demo data has a member with a seat').toBeDefined();
  const room = await page.request.get(`/api/room/getRoom?roomId=${seated!.roomId}`, {
    headers: authHeaders(desk),
  });
  expect(room.status()).toBe(200);
  const roomName = ((await room.json()) as { name: string }).name;
  const refusals: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 403) refusals.push(r.url());
  });
  await page.goto('/app/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Active Users' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Add Member' }).click();
  const dialog = page.getByRole('dialog');
  const structures = dialog.getByRole('combobox', { name: /^Fee structure/ });
  await structures.click();
  await expect(page.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await dialog.getByRole('combobox', { name: /^WiFi package/ }).click();
  await expect(page.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await dialog.getByRole('combobox', { name: /^Room/ }).click();
  await expect(page.getByRole('option').nth(1)).toBeVisible();
  await page.screenshot({ path: '/tmp/b1/reception-add-member.png' });
  await page.keyboard.press('Escape');

  await page.goto(`/app/UserProfile/${seated!.userId}`);
  await expect(page.getByText(new RegExp(`${roomName}`)).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Room #\d+|Fee structure #\d+/)).toHaveCount(0);
  expect(refusals).toEqual([]);
});
