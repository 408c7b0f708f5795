import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signIn } from '../fixtures/session.ts';
import { blogArticlePath, demoPaths, frameOwnedDemoPaths } from '../../web/src/demo/catalogue.ts';

// Every demo route of the specification (section 2), from the demo's own route list.
const paths = [...demoPaths(), ...frameOwnedDemoPaths, blogArticlePath];
const notFoundText = 'Oops, Page Not Found :(';

/** Collects console errors and uncaught exceptions of the page. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  return problems;
}

for (const width of [1280, 375]) {
  test(`every demo route renders without a console error or a 404 at ${width} px`, async ({ page }) => {
    test.setTimeout(paths.length * 8_000 + 30_000);
    await page.setViewportSize({ width, height: 800 });
    const problems = watchProblems(page);
    await signIn(page);
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
      // The demo's own not-found page is meant to say so; it is the one demo route that may.
      if (path !== '/app/pages/not-found') await expect(page.getByText(notFoundText), path).toHaveCount(0);
      else await expect(page.getByText('Demo', { exact: true }).first()).toBeVisible();
      expect(problems, path).toEqual([]);
    }
  });
}

test('the landing page showcase links all open a real page', async ({ page }) => {
  const problems = watchProblems(page);
  await signIn(page);
  await page.goto('/landing');
  const links = page.locator('#showcase a');
  const targets = await links.evaluateAll((anchors) =>
    anchors.map((anchor) => (anchor as HTMLAnchorElement).pathname),
  );
  expect(targets).toEqual(
    expect.arrayContaining(['/app/pages/ecommerce', '/app/pages/contact', '/app/dashboard/cryptocurrency']),
  );
  for (const target of targets) {
    await page.goto(target);
    await expect(page.getByRole('heading', { level: 1 }).first(), target).toBeVisible();
    await expect(page.getByText(notFoundText), target).toHaveCount(0);
  }
  expect(problems).toEqual([]);
});

test('the demo menu group shows to a role without permissions for it, and the shop cart counts unique items', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/app/pages/ecommerce');
  const topMenu = page.getByRole('navigation', { name: 'Top menu' });
  await topMenu.getByRole('button', { name: 'Demo' }).click();
  await expect(
    page
      .getByRole('menuitem', { name: 'Cryptocurrency' })
      .or(page.getByRole('link', { name: 'Cryptocurrency' }))
      .first(),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Add to cart: Reading Lamp' }).click();
  await page.getByRole('button', { name: 'Add to cart: Reading Lamp' }).click();
  await page.getByRole('button', { name: 'Add to cart: Notebook Set' }).click();
  await page.getByRole('button', { name: 'Cart' }).click();
  await expect(page.getByTestId('cart-total')).toHaveText('$58.97');
  await expect(page.getByText('Total (3 items)')).toBeVisible();

  await page.goto('/app/dashboard/cryptocurrency');
  const market = page.getByRole('table', { name: 'USD Market' });
  await expect(market.getByRole('row')).toHaveCount(6);
  await page.getByRole('textbox', { name: 'Search Coin' }).fill('CO');
  // Bitcoin, Bytecoin, Icon, Litecoin: every match on one page.
  await expect(market.getByRole('row')).toHaveCount(5);
});
