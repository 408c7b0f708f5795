import { expect, test } from '@playwright/test';
import { authHeaders, signIn } from '../fixtures/session.ts';

// Issue 48, point 2: the owner switches Devanagari digits on in Settings; a Hindi screen then writes
// money and dates with them at once (the cookie the save rewrites), an English one does not, and a
// date input keeps Latin digits. The setting is switched off again through the API afterwards.

const devanagari = /[०-९]/;
const shots = process.env.E2E_SHOTS_DIR;

test('Devanagari digits on a Hindi screen, switched on in Settings', async ({ page }) => {
  test.setTimeout(120_000);
  const session = await signIn(page);
  try {
    await page.goto('/app/settings');
    const toggle = page.getByLabel('Devanagari digits in Hindi');
    // The settings form loads its form code first: slow on a busy machine.
    await expect(toggle).not.toBeChecked({ timeout: 30_000 });
    await expect(page.getByText('Hindi screens, the member page and documents in Hindi')).toBeVisible();
    await toggle.check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Data has been updated')).toBeVisible();
    const cookie = (await page.context().cookies()).find((c) => c.name === 'clientDetails');
    expect(JSON.parse(decodeURIComponent(cookie!.value)).devanagariDigits).toBe(true);
    if (shots) await page.screenshot({ path: `${shots}/settings-en.png`, fullPage: true });

    // English screen: Latin digits still.
    await page.goto('/app/payments');
    const grid = page.getByRole('grid');
    await expect(grid.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
    expect(devanagari.test(await grid.innerText())).toBe(false);

    await page.evaluate(() => localStorage.setItem('locale', 'hi'));
    await page.goto('/app/payments');
    await expect(grid.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
    // The amounts and dates of the table, e.g. ₹१,५००.०० and ०७/१२/२०२६.
    await expect(grid.getByText(/₹[०-९,]+\.[०-९]{2}/).first()).toBeVisible();
    await expect(grid.getByText(/[०-९]{2}\/[०-९]{2}\/[०-९]{4}/).first()).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/payments-hi.png` });

    await page.goto('/app/settings');
    await expect(page.getByRole('heading', { name: 'सेटिंग्स', level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel('हिंदी में देवनागरी अंक')).toBeChecked({ timeout: 30_000 });
    if (shots) await page.screenshot({ path: `${shots}/settings-hi.png` });
  } finally {
    const headers = authHeaders(session);
    const { currencyLocked: _locked, ...input } = await (
      await page.request.get('/api/settings/getSettings', { headers })
    ).json();
    const off = await page.request.put('/api/settings/updateSettings', {
      headers,
      data: { ...input, devanagariDigits: false },
    });
    expect(off.status(), await off.text()).toBe(200);
  }
});
