import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { authHeaders, signIn } from '../fixtures/session.ts';

// A time range is a left-to-right isolate (U+2066 ... U+2069), so right to left keeps its order.
const ltr = (range: string) => `\u2066${range}\u2069`;

/** A mobile number no seeded member has: 9 + the last nine digits of the clock. */
const uniqueMobile = () => `9${String(Date.now()).slice(-9)}`;

async function chooseRoom(page: Page, dialog: Locator, room: string) {
  await dialog.getByRole('combobox', { name: /^Room/ }).click();
  await page.getByRole('option', { name: new RegExp(`^${room} \\(`) }).click();
}

async function setWindow(dialog: Locator, entry: string, exit: string) {
  await dialog.getByLabel('Entry time').fill(entry);
  await dialog.getByLabel('Exit time').fill(exit);
}

const seat = (dialog: Locator, n: number) => dialog.getByRole('radio', { name: new RegExp(`^Seat ${n},`) });

test('members: add with a seat, the seat is taken for an overlapping window, deactivate, reactivate', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const session = await signIn(page);
  const stamp = Date.now().toString(36);
  // A room of its own, so the seats are only this test's.
  const roomName = `E2E Room ${stamp}`;
  const room = await page.request.post('/api/room/createRoom', {
    headers: authHeaders(session),
    data: { name: roomName, floor: 'E2E', capacity: 6, status: true },
  });
  expect(room.status(), await room.text()).toBe(201);

  const name = `E2E Member ${stamp}`;
  const mobile = uniqueMobile();

  // Add a member with seat 3, 08:00–14:00.
  await page.goto('/app/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Active Users' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Add Member' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Member' });
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel(/^Mobile/).fill(mobile);
  await dialog.getByLabel(/^Valid till/).fill('2099-12-31');
  await setWindow(dialog, '08:00', '14:00');
  await chooseRoom(page, dialog, roomName);
  await expect(seat(dialog, 3)).toHaveAttribute('aria-label', 'Seat 3, free');
  await seat(dialog, 3).click();
  await expect(seat(dialog, 3)).toHaveAttribute('aria-checked', 'true');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Data has been saved')).toBeVisible();
  const added = page.getByRole('row').filter({ hasText: name });
  await expect(added).toContainText(`${roomName} · 3`);
  await expect(added).toContainText('08:00–14:00');

  // A second member overlapping 10:00–16:00 in the same room: seat 3 is taken, by the first.
  await page.getByRole('button', { name: 'Add Member' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Member' });
  await setWindow(dialog, '10:00', '16:00');
  await chooseRoom(page, dialog, roomName);
  await expect(seat(dialog, 3)).toHaveAttribute('aria-disabled', 'true');
  await expect(seat(dialog, 3)).toHaveAttribute(
    'aria-label',
    `Seat 3, taken by ${name} (${ltr('08:00–14:00')})`,
  );
  await expect(seat(dialog, 4)).toHaveAttribute('aria-disabled', 'false');
  // A taken seat stays focusable (it is only aria-disabled) and says who holds it.
  await seat(dialog, 3).focus();
  await page.keyboard.press('Space');
  await expect(seat(dialog, 3)).toHaveAttribute('aria-checked', 'false');
  await expect(dialog.getByText(`Seat 3, taken by ${name} (${ltr('08:00–14:00')})`)).toBeVisible();
  // An afternoon window that starts when the first ends: the seat is free (shared).
  await setWindow(dialog, '14:00', '20:00');
  await expect(seat(dialog, 3)).toHaveAttribute('aria-disabled', 'false');
  await expect(seat(dialog, 3)).toHaveAttribute(
    'aria-label',
    `Seat 3, free at this time (also held by ${name} (${ltr('08:00–14:00')}))`,
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();

  // Deactivate after confirming; the member leaves the active list.
  await page.getByRole('searchbox').fill(mobile);
  await expect(page).toHaveURL(new RegExp(`q=${mobile}`));
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: 'Deactivate' }).click();
  const question = page.getByRole('alertdialog', { name: 'Deactivate member?' });
  await question.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText(`${name} was deactivated`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);

  // Inactive Users lists them as deactivated; Reactivate brings them back.
  await page.goto('/app/inactive_users');
  await expect(page.getByRole('heading', { level: 1, name: 'Inactive Users' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('searchbox').fill(mobile);
  await expect(page).toHaveURL(new RegExp(`q=${mobile}`));
  const inactive = page.getByRole('row').filter({ hasText: name });
  await expect(inactive).toContainText('Deactivated');
  await inactive.getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByText(`${name} is active again`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);

  const check = await page.request.get(`/api/user/getUsers?status=active&q=${mobile}`, {
    headers: authHeaders(session),
  });
  const { items } = (await check.json()) as { items: { name: string; seatNumber: number | null }[] };
  expect(items).toEqual([expect.objectContaining({ name, seatNumber: 3 })]);
});
