import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signIn, storeSession } from '../fixtures/session.ts';
import type { DemoSession } from '../fixtures/session.ts';

/** The seeded receptionist: dashboard, users, inactive users, enquiries, payments and branches only. */
async function signInAsReceptionist(page: Page): Promise<void> {
  const response = await page.request.post('/api/authentication/login', {
    data: { email: 'reception@library.test', password: 'Demo@12345', remember: true },
  });
  expect(response.status(), await response.text()).toBe(200);
  await storeSession(page, (await response.json()) as DemoSession);
}

const topMenu = (page: Page) => page.getByRole('navigation', { name: 'Top menu' });

test('the owner sees every group; the receptionist only those the role allows', async ({ page }) => {
  await signIn(page);
  await page.goto('/app/dashboard');
  for (const group of ['Dashboard', 'Users', 'Fee Settings', 'Accounting', 'Staff Management']) {
    await expect(topMenu(page).getByRole('button', { name: group })).toBeVisible();
  }
  await expect(topMenu(page).getByRole('link', { name: 'Rooms' })).toBeVisible();

  await page.context().clearCookies();
  await signInAsReceptionist(page);
  await page.goto('/app/dashboard');
  await expect(topMenu(page).getByRole('button', { name: 'Users' })).toBeVisible();
  await expect(topMenu(page).getByRole('button', { name: 'Accounting' })).toBeVisible();
  await expect(topMenu(page).getByRole('button', { name: 'Fee Settings' })).toHaveCount(0);
  await expect(topMenu(page).getByRole('button', { name: 'Staff Management' })).toHaveCount(0);
  await expect(topMenu(page).getByRole('link', { name: 'Rooms' })).toHaveCount(0);

  // A product route the role may not open shows the permission-denied page inside the frame.
  await page.goto('/app/packages');
  await expect(page.getByRole('heading', { name: 'Permission denied' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to an allowed page' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});

test('Search UI offers at most 5 entries and Enter opens one', async ({ page }) => {
  await signIn(page);
  await page.goto('/app/dashboard');
  const search = page.getByRole('combobox', { name: 'Search UI' });
  await search.fill('e');
  await expect(page.getByRole('option')).toHaveCount(5);
  await search.fill('fee');
  await expect(page.getByRole('option')).toHaveCount(2);
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/app\/feeTypes$/);
  await expect(page.getByRole('heading', { name: 'Fee Types', level: 1 })).toBeVisible();
});

test('not-found, breadcrumbs, and screens of a later release', async ({ page }) => {
  await signIn(page);
  await page.goto('/app/no-such-screen');
  await expect(page.getByText('Oops, Page Not Found :(')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go To Dashboard' })).toBeVisible();

  await page.goto('/app');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('You are here:')).toHaveCount(0);

  await page.goto('/app/packages');
  const trail = page.getByRole('navigation', { name: 'Breadcrumbs' });
  await expect(trail).toHaveText('You are here: App / Packages');
  await trail.getByRole('link', { name: 'App' }).click();
  await expect(page).toHaveURL(/\/app$/);

  await page.goto('/app/refunds');
  await expect(page.getByRole('heading', { name: 'Refunds' })).toBeVisible();
  await expect(page.getByText('Coming with a later release')).toBeVisible();
});

test('palette list, dark mode and rtl apply and survive a reload', async ({ page }) => {
  await signIn(page);
  await page.goto('/app/dashboard');
  await page.getByRole('button', { name: 'Open settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('button', { name: 'Show All' }).click();
  await expect(settings.getByRole('button', { name: 'Hide Some' })).toBeVisible();
  await settings.getByRole('button', { name: 'Hide Some' }).click();
  await expect(settings.getByRole('button', { name: 'Show All' })).toBeVisible();
  await settings.getByRole('switch', { name: 'Right to left' }).check();
  await expect.poll(() => page.evaluate(() => document.dir)).toBe('rtl');
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  await page.getByRole('button', { name: 'Dark mode' }).click();
  await expect(page.getByRole('button', { name: 'Light mode' })).toBeVisible();
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const dark = await background();
  expect(dark).not.toBe('rgb(255, 255, 255)');

  await page.reload();
  await expect(page.getByRole('button', { name: 'Light mode' })).toBeVisible();
  expect(await page.evaluate(() => document.dir)).toBe('rtl');
  expect(await background()).toBe(dark);
});

test('below md the menu is a drawer that closes on navigation', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page);
  await page.goto('/app/dashboard');
  await expect(topMenu(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.locator('.MuiDrawer-paper');
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'Users' }).click();
  await drawer.getByRole('link', { name: 'Active Users', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/usersV2$/);
  await expect(drawer).toBeHidden();
});

test('screenshots for review', async ({ page }) => {
  test.skip(process.env.FRAME_SHOTS === undefined, 'set FRAME_SHOTS=1 to write /tmp/shots-frame');
  mkdirSync('/tmp/shots-frame', { recursive: true });
  await signIn(page);
  for (const width of [1280, 375]) {
    for (const mode of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.evaluate((type) => {
        localStorage.setItem('uiSettings', JSON.stringify({ type }));
      }, mode);
      for (const screen of ['dashboard', 'packages']) {
        await page.goto(`/app/${screen}`);
        await page.waitForTimeout(2500);
        await page.screenshot({ path: `/tmp/shots-frame/${screen}-${width}-${mode}.png` });
      }
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const [name, settings] of [
    ['left-open', { layout: 'left-sidebar' }],
    ['left-collapsed', { layout: 'left-sidebar', sidebarOpen: false }],
    ['right-open-rtl', { layout: 'right-sidebar', direction: 'rtl' }],
    ['mega', { layout: 'mega-menu' }],
  ] as const) {
    await page.evaluate((value) => localStorage.setItem('uiSettings', JSON.stringify(value)), settings);
    await page.goto('/app/feeTypes');
    await page.waitForTimeout(2500);
    if (name === 'mega') await page.getByRole('button', { name: 'Accounting' }).click();
    await page.screenshot({ path: `/tmp/shots-frame/layout-${name}.png` });
  }
});
