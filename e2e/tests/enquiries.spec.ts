import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { authHeaders, signIn } from '../fixtures/session.ts';

/** The grid's data rows (the header row left out). */
function dataRows(page: Page): Locator {
  return page
    .getByRole('grid')
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') });
}

async function chooseFilter(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('enquiries: add, filter by status, convert to a member who then exists; the enquiry turns read-only', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const session = await signIn(page);
  const tag = Date.now().toString(36);
  const name = `E2E Enquirer ${tag}`;
  // Unique per run: the member made from it must not meet an earlier run's mobile.
  const mobile = `9${String(Date.now()).slice(-9)}`;
  const email = `e2e.enquiry.${tag}@library.test`;
  const plan = 'Monthly – Day Shift';

  await page.goto('/app/enquiries');
  // The first visit loads the screen's code; a busy machine may take a while.
  await expect(page.getByRole('heading', { name: 'Enquiries' })).toBeVisible({ timeout: 30_000 });

  // Add: status choices leave out Converted, which only converting sets.
  await page.getByRole('button', { name: 'Add Enquiry' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Enquiry' });
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel(/^Mobile/).fill(mobile);
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByRole('combobox', { name: 'Source' }).click();
  await page.getByRole('option', { name: 'Phone', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Interested in' }).click();
  await page.getByRole('option', { name: plan, exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await expect(page.getByRole('option')).toHaveText(['New', 'Contacted', 'Follow-up', 'Lost']);
  await page.getByRole('option', { name: 'Follow-up', exact: true }).click();
  await dialog.getByLabel(/^Notes/).fill('Wants a morning seat');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Data has been saved')).toBeVisible();
  let row = dataRows(page).filter({ hasText: name });
  await expect(row).toContainText('Follow-up');
  await expect(row).toContainText('Phone');
  await expect(row).toContainText(plan);

  // Filter by status: the list route narrows, every row shown has that status.
  await chooseFilter(page, 'Status', 'Follow-up');
  await expect(page).toHaveURL(/status=followUp/);
  await expect(row).toBeVisible();
  const statusCells = dataRows(page).locator('[data-field="status"]');
  await expect(statusCells.filter({ hasNotText: 'Follow-up' })).toHaveCount(0);
  await expect(statusCells.first()).toBeVisible();
  await chooseFilter(page, 'Status', 'Lost');
  await expect(page).toHaveURL(/status=lost/);
  await expect(row).toHaveCount(0);
  await chooseFilter(page, 'Status', 'All');
  await expect(page).not.toHaveURL(/status=/);

  // Convert: the member form opens filled from the enquiry; Save makes the member.
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  row = dataRows(page).filter({ hasText: name });
  await expect(dataRows(page)).toHaveCount(1);
  await row.getByRole('button', { name: 'Convert to member' }).click();
  dialog = page.getByRole('dialog', { name: `Convert ${name} to a member` });
  await expect(dialog.getByLabel(/^Name/)).toHaveValue(name);
  await expect(dialog.getByLabel(/^Mobile/)).toHaveValue(mobile);
  await expect(dialog.getByLabel(/^Email/)).toHaveValue(email);
  await expect(dialog.getByRole('combobox', { name: /^Fee structure/ })).toHaveValue(plan);
  await expect(dialog.getByLabel(/^Notes/)).toHaveValue('Wants a morning seat');
  // Filled from the enquiry, the form can be saved as it stands.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${name} is now a member.`)).toBeVisible();

  // The enquiry is converted and read-only: no Edit, Delete or Convert, a link to the member.
  await expect(row).toContainText('Converted');
  await expect(row.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Convert to member' })).toHaveCount(0);

  // The member exists in this branch, linked to the enquiry, and the API refuses edits of it.
  const headers = authHeaders(session);
  const members = await page.request.get(`/api/user/getUsers?q=${mobile}`, { headers });
  expect(members.status()).toBe(200);
  const { items } = (await members.json()) as {
    items: { userId: number; name: string; enquiryId: number }[];
  };
  expect(items).toHaveLength(1);
  expect(items[0]!.name).toBe(name);
  const enquiries = await page.request.get(`/api/enquiry/getEnquiries?q=${mobile}`, { headers });
  const [enquiry] = ((await enquiries.json()) as { items: { id: number; convertedUserId: number }[] }).items;
  expect(enquiry!.convertedUserId).toBe(items[0]!.userId);
  expect(items[0]!.enquiryId).toBe(enquiry!.id);
  const edit = await page.request.put(`/api/enquiry/updateEnquiry?enquiryId=${enquiry!.id}`, {
    headers,
    data: { name, mobile, status: 'lost' },
  });
  expect(edit.status()).toBe(409);

  // The row's link opens the member's profile.
  await row.getByRole('link', { name: `Open the member made from ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/app/UserProfile/${items[0]!.userId}$`));
});
