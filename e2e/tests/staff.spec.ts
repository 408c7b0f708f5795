import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { signIn } from '../fixtures/session.ts';

/** The grid's data rows (the header row left out). */
function dataRows(page: Page): Locator {
  return page
    .getByRole('grid')
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') });
}

test('staff roles and staff: grid, add, edit, reset password, sign in, deactivate, role in use', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const session = await signIn(page);
  const branch = session.branches[0]!;
  const tag = Date.now().toString(36);
  const roleName = `E2E Desk ${tag}`;
  const staffName = `E2E Staff ${tag}`;
  const email = `e2e.staff.${tag}@library.test`;

  // A role with a few permissions, chosen in the grid.
  await page.goto('/app/staffRoles');
  await expect(page.getByRole('heading', { name: 'Staff Roles' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Role' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Role' });
  await dialog.getByLabel(/^Role name/).fill(roleName);
  await dialog.getByLabel(/^Description/).fill('Packages and a look at staff');
  await dialog.getByRole('checkbox', { name: 'All permissions for Packages' }).check();
  await dialog.getByRole('checkbox', { name: 'Staff: View' }).check();
  await dialog.getByRole('checkbox', { name: 'Fee Types: View' }).check();
  await expect(dialog.getByRole('checkbox', { name: 'View for every module' })).toHaveAttribute(
    'data-indeterminate',
    'true',
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Data has been saved')).toBeVisible();
  await expect(dataRows(page).filter({ hasText: roleName })).toBeVisible();

  // A staff member with that role, on every branch.
  await page.goto('/app/staff');
  await page.getByRole('button', { name: 'Add Staff' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Staff Member' });
  await dialog.getByLabel(/^Name/).fill(staffName);
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByRole('combobox', { name: /^Role/ }).click();
  await page.getByRole('option', { name: roleName, exact: true }).click();
  await dialog.getByLabel(/^Password/).fill('First@12345');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Data has been saved')).toBeVisible();
  const row = dataRows(page).filter({ hasText: email });
  await expect(row).toContainText(roleName);
  await expect(row).toContainText('All branches');

  // Edit: a mobile number and one branch instead of all.
  await row.getByLabel('Edit').click();
  dialog = page.getByRole('dialog', { name: 'Edit Staff Member' });
  await expect(dialog.getByLabel(/^Password/)).toHaveCount(0);
  await dialog.getByLabel(/^Mobile/).fill('+91 98765 43210');
  await dialog.getByRole('switch', { name: 'All branches' }).uncheck();
  await dialog.getByRole('combobox', { name: /^Branches/ }).click();
  await page.getByRole('option', { name: branch.name, exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Data has been updated')).toBeVisible();
  await expect(row).toContainText('+91 98765 43210');
  await expect(row).toContainText(branch.name);

  // Reset the password.
  await row.getByLabel('Reset password').click();
  dialog = page.getByRole('dialog', { name: 'Reset Password' });
  await dialog.getByLabel(/^New password/).fill('Second@12345');
  await dialog.getByLabel(/^Confirm password/).fill('Second@12345');
  await dialog.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText(`The password of ${staffName} has been reset`)).toBeVisible();

  // They sign in with the new password and hold exactly the role's permissions and branch.
  const old = await page.request.post('/api/authentication/login', {
    data: { email, password: 'First@12345', remember: false },
  });
  expect(old.status()).toBe(401);
  const login = await page.request.post('/api/authentication/login', {
    data: { email, password: 'Second@12345', remember: false },
  });
  expect(login.status(), await login.text()).toBe(200);
  const signedIn = (await login.json()) as {
    permissions: { moduleUniqueName: string; view: boolean; add: boolean; edit: boolean; delete: boolean }[];
    branches: { id: number }[];
  };
  const granted = Object.fromEntries(
    signedIn.permissions.map(({ moduleUniqueName, ...rest }) => [moduleUniqueName, rest]),
  );
  expect(granted.packages).toEqual({ view: true, add: true, edit: true, delete: true });
  expect(granted.staff).toEqual({ view: true, add: false, edit: false, delete: false });
  expect(granted.feeTypes).toEqual({ view: true, add: false, edit: false, delete: false });
  const others = signedIn.permissions.filter(
    (p) => !['packages', 'staff', 'feeTypes'].includes(p.moduleUniqueName),
  );
  expect(others.every((p) => !p.view && !p.add && !p.edit && !p.delete)).toBe(true);
  expect(signedIn.branches.map((b) => b.id)).toEqual([branch.id]);

  // Deactivate, after a question that says so.
  await row.getByLabel('Delete').click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('Deleting deactivates');
  await question.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Item has been removed')).toBeVisible();
  await expect(row).toHaveCount(0);
  const showInactive = page.getByRole('switch', { name: 'Show inactive' });
  await showInactive.click();
  await expect(showInactive).toBeChecked();
  await expect(page).toHaveURL(/includeInactive=true/);
  await expect(row).toContainText('Inactive');
  const refused = await page.request.post('/api/authentication/login', {
    data: { email, password: 'Second@12345', remember: false },
  });
  expect(refused.ok()).toBe(false);

  // The role is still held (by an inactive member): it cannot be deleted.
  await page.goto('/app/staffRoles');
  // The row says why before anyone tries: the server's refusal, shown on the disabled action.
  const roleRow = dataRows(page).filter({ hasText: roleName });
  await expect(roleRow).toContainText('1');
  const deleteRole = roleRow.getByLabel('Delete');
  await expect(deleteRole).toBeDisabled();
  await expect(deleteRole).toHaveAttribute('title', 'Used by 1 staff member(s)');
});

test('the staff list exports as CSV in the language on screen', async ({ page }) => {
  await signIn(page);
  await page.evaluate(() => localStorage.setItem('locale', 'de'));
  await page.goto('/app/staff');
  await expect(dataRows(page).filter({ hasText: 'demo@library.test' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV exportieren' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^staff-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFFName,E-Mail,Mobilnummer,Rolle,Filialen,Aktiv\r\n')).toBe(true);
  const owner = csv.split('\r\n').find((line) => line.includes('demo@library.test'));
  expect(owner).toMatch(/,ja$/);
  expect(csv).not.toMatch(/argon2/);
});
