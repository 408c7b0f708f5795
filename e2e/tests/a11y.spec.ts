import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';
import { signIn } from '../fixtures/session.ts';

/** Stores frame settings before the app reads them (they are read once when the app loads). */
async function useSettings(page: Page, settings: Record<string, unknown>): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('uiSettings', JSON.stringify(value)), settings);
}

// Axe walks the whole page several times per test; on a busy machine that takes a while.
test.describe.configure({ timeout: 180_000 });

for (const mode of ['light', 'dark'] as const) {
  test(`sign-in page has no serious axe violation (${mode})`, async ({ page }) => {
    await page.goto('/api/health');
    await useSettings(page, { type: mode });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    await expectNoSeriousViolations(page, `/login ${mode}`);
  });

  test(`landing page has no serious axe violation (${mode})`, async ({ page }) => {
    await page.goto('/api/health');
    await useSettings(page, { type: mode });
    await page.goto('/landing');
    await expect(page.getByRole('link', { name: 'See Demo' }).first()).toBeVisible();
    await expectNoSeriousViolations(page, `/landing ${mode}`);
  });

  test(`the frame has no serious axe violation (${mode})`, async ({ page }) => {
    await signIn(page);
    await useSettings(page, { type: mode });
    await page.goto('/app/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page, `/app/dashboard ${mode}`);

    await page.goto('/app/packages');
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toBeVisible();
    await expectNoSeriousViolations(page, `/app/packages ${mode}`);

    await page.getByRole('button', { name: 'Open settings' }).click();
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
    await expectNoSeriousViolations(page, `settings drawer ${mode}`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeHidden();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoSeriousViolations(page, `account menu ${mode}`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();

    await page
      .getByRole('navigation', { name: 'Top menu' })
      .getByRole('button', { name: 'Accounting' })
      .click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoSeriousViolations(page, `top menu group ${mode}`);
  });

  test(`the frame at 375 px with the menu open has no serious axe violation (${mode})`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page);
    await useSettings(page, { type: mode });
    await page.goto('/app/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page, `/app/dashboard 375 ${mode}`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.locator('.MuiDrawer-paper');
    await drawer.getByRole('button', { name: 'Users' }).click();
    await expect(drawer.getByRole('link', { name: 'Active Users', exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, `menu drawer 375 ${mode}`);
  });
}
