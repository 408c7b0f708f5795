import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { authHeaders, signIn } from '../fixtures/session.ts';
import type { DemoSession } from '../fixtures/session.ts';

/** One catalogue screen as the browser sees it, and what its add form needs. */
interface Screen {
  key: string;
  path: string;
  title: string;
  add: string;
  edit: string;
  /** The label of the field that names a row, and of its column. */
  nameLabel: RegExp;
  nameColumn: string;
  /** API list path and its sort field for the name column. */
  listPath: string;
  sortField: string;
  /** Fills the other required fields of the add form. */
  fillRest: (dialog: Locator, page: Page) => Promise<void>;
  /** Text the new row shows besides its name (units, money). */
  rowShows?: string;
  /** Makes one field invalid (after the name is filled) and names the field and its message. */
  invalid: (dialog: Locator, page: Page) => Promise<{ field: RegExp; message: string }>;
}

async function choose(page: Page, dialog: Locator, label: RegExp, option: string, nth = 0) {
  await dialog.getByRole('combobox', { name: label }).nth(nth).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const screens: Screen[] = [
  {
    key: 'packages',
    path: '/app/packages',
    title: 'Packages',
    add: 'Add Package',
    edit: 'Edit Package',
    nameLabel: /^Package name/,
    nameColumn: 'Package name',
    listPath: '/api/package/getPackages',
    sortField: 'packageName',
    fillRest: async (dialog) => {
      await dialog.getByLabel(/^Download speed/).fill('50');
      await dialog.getByLabel(/^Upload speed/).fill('12.5');
      await dialog.getByLabel(/^Data per period/).fill('0');
    },
    rowShows: '12.5 Mbps',
    invalid: async (dialog) => {
      await dialog.getByLabel(/^Download speed/).fill('0');
      await dialog.getByLabel(/^Upload speed/).fill('5');
      return { field: /^Download speed/, message: 'Must be more than 0' };
    },
  },
  {
    key: 'feeTypes',
    path: '/app/feeTypes',
    title: 'Fee Types',
    add: 'Add Fee Type',
    edit: 'Edit Fee Type',
    nameLabel: /^Name/,
    nameColumn: 'Name',
    listPath: '/api/feeType/getFeeTypes',
    sortField: 'name',
    fillRest: async (dialog) => {
      await dialog.getByLabel(/^Description/).fill('Charged once for the key card');
      await dialog.getByLabel('Refundable').check();
    },
    rowShows: 'Charged once for the key card',
    invalid: async (dialog) => {
      await dialog.getByLabel(/^Name/).fill('   ');
      await dialog.getByLabel(/^Description/).fill('No name yet');
      return { field: /^Name/, message: 'Required' };
    },
  },
  {
    key: 'feeStructures',
    path: '/app/feeStructures',
    title: 'Fee Structure',
    add: 'Add Fee Structure',
    edit: 'Edit Fee Structure',
    nameLabel: /^Name/,
    nameColumn: 'Name',
    listPath: '/api/feeStructure/getFeeStructures',
    sortField: 'name',
    fillRest: async (dialog, page) => {
      await choose(page, dialog, /^Fee type/, 'Monthly Fee');
      await dialog
        .getByLabel(/^Amount/)
        .first()
        .fill('1,500.50');
      await expect(dialog.getByTestId('fee-structure-total')).toHaveText('₹1,500.50');
      await dialog.getByRole('button', { name: 'Add fee' }).click();
      await choose(page, dialog, /^Fee type/, 'Locker', 1);
      await dialog
        .getByLabel(/^Amount/)
        .nth(1)
        .fill('250');
      // The total follows the lines as they are typed.
      await expect(dialog.getByTestId('fee-structure-total')).toHaveText('₹1,750.50');
      await dialog.getByLabel(/^Duration/).fill('30');
    },
    rowShows: '₹1,750.50',
    invalid: async (dialog) => {
      await dialog
        .getByLabel(/^Amount/)
        .first()
        .fill('100');
      return { field: /^Fee type/, message: 'Required' };
    },
  },
  {
    key: 'categories',
    path: '/app/categories',
    title: 'Categories',
    add: 'Add Category',
    edit: 'Edit Category',
    nameLabel: /^Name/,
    nameColumn: 'Name',
    listPath: '/api/category/getCategories',
    sortField: 'name',
    fillRest: async (dialog) => {
      await dialog.getByLabel(/^Description/).fill('Printer paper and toner');
    },
    rowShows: 'Printer paper and toner',
    invalid: async (dialog) => {
      await dialog.getByLabel(/^Name/).fill('');
      await dialog.getByLabel(/^Description/).fill('Nameless');
      return { field: /^Name/, message: 'Required' };
    },
  },
  {
    key: 'bankAccounts',
    path: '/app/bankAccounts',
    title: 'Bank Accounts',
    add: 'Add Bank Account',
    edit: 'Edit Bank Account',
    nameLabel: /^Account name/,
    nameColumn: 'Account name',
    listPath: '/api/bankAccount/getBankAccounts',
    sortField: 'accountName',
    fillRest: async (dialog) => {
      await dialog.getByLabel(/^Bank/).fill('Test Bank');
      await dialog.getByLabel(/^Account number/).fill('1234 5678 9012');
      await dialog.getByLabel(/^Opening balance/).fill('1,500.50');
    },
    rowShows: '₹1,500.50',
    invalid: async (dialog) => {
      await dialog.getByLabel(/^Bank/).fill('Test Bank');
      await dialog.getByLabel(/^Account number/).fill('ab');
      return { field: /^Account number/, message: 'Use 4 to 34 letters or digits' };
    },
  },
  {
    key: 'rooms',
    path: '/app/rooms',
    title: 'Rooms',
    add: 'Add Room',
    edit: 'Edit Room',
    nameLabel: /^Name/,
    nameColumn: 'Name',
    listPath: '/api/room/getRooms',
    sortField: 'name',
    fillRest: async (dialog) => {
      await dialog.getByLabel(/^Floor/).fill('2');
      await dialog.getByLabel(/^Capacity/).fill('12');
    },
    rowShows: '12 seats',
    invalid: async (dialog) => {
      await dialog.getByLabel(/^Capacity/).fill('0');
      return { field: /^Capacity/, message: 'At least 1' };
    },
  },
];

// Rows of either drawing of a table: the first page drawn before the Data Grid, or the grid.
const dataRows = (page: Page) => page.getByRole('grid').locator('[role="row"][data-id]');

async function nameCells(page: Page, sortField: string): Promise<string[]> {
  return page
    .getByRole('grid')
    .locator(`[role="row"][data-id] [data-field="${sortField}"]`)
    .allTextContents();
}

async function apiNames(page: Page, session: DemoSession, s: Screen, sort: string): Promise<string[]> {
  const response = await page.request.get(`${s.listPath}?page=0&pageSize=25&sort=${sort}`, {
    headers: authHeaders(session),
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { items: Record<string, unknown>[] };
  return body.items.map((item) => String(item[s.sortField]));
}

// Six steps against a real server in one browser flow; slower machines need more than the default.
test.describe.configure({ timeout: 150_000 });

for (const s of screens) {
  test(`${s.title}: add, edit, search, export, sort and delete`, async ({ page }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const session = await signIn(page);
    const name = `E2E ${s.key} ${Date.now().toString(36)}`;
    const edited = `${name} edited`;

    await page.goto(s.path);
    // The first visit loads the screen's code; allow for a busy machine.
    await expect(page.getByRole('heading', { level: 1, name: s.title })).toBeVisible({ timeout: 30_000 });
    await expect(dataRows(page).first()).toBeVisible();

    // A field the schema refuses keeps the form open with the message on that field.
    await page.getByRole('button', { name: s.add }).first().click();
    let dialog = page.getByRole('dialog', { name: s.add });
    await dialog.getByLabel(s.nameLabel).fill(name);
    const invalid = await s.invalid(dialog, page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    const field = dialog
      .getByRole('textbox', { name: invalid.field })
      .or(dialog.getByRole('combobox', { name: invalid.field }));
    await expect(field.first()).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText(invalid.message, { exact: true }).first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByText('Action canceled')).toBeVisible();
    await expect(dialog).toBeHidden();

    // Add: the new row is shown at the top of the first page.
    await page.getByRole('button', { name: s.add }).first().click();
    dialog = page.getByRole('dialog', { name: s.add });
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await dialog.getByLabel(s.nameLabel).fill(name);
    await s.fillRest(dialog, page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Data has been saved')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(dataRows(page).first()).toContainText(name);
    if (s.rowShows !== undefined) await expect(dataRows(page).first()).toContainText(s.rowShows);

    // Edit: the form opens with the row's values.
    await dataRows(page).filter({ hasText: name }).getByLabel('Edit').click();
    dialog = page.getByRole('dialog', { name: s.edit });
    await expect(dialog.getByLabel(s.nameLabel)).toHaveValue(name);
    await dialog.getByLabel(s.nameLabel).fill(edited);
    await dialog.getByLabel(s.nameLabel).press('Enter');
    await expect(page.getByText('Data has been updated')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(dataRows(page).filter({ hasText: edited })).toHaveCount(1);

    // Search, kept in the URL.
    await page.getByRole('searchbox', { name: 'Search' }).fill(edited);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(edited).replace(/%20/g, '\\+')}`));
    await expect(dataRows(page)).toHaveCount(1);
    await expect(dataRows(page).first()).toContainText(edited);
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(edited);
    await expect(dataRows(page)).toHaveCount(1);

    // CSV export of the current view.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`\\.csv$`));
    const csv = await readFile((await download.path())!, 'utf8');
    // A byte order mark, then the header in the screen's words (the grid's column title).
    expect(csv.startsWith('\uFEFF')).toBe(true);
    // trim() drops the byte order mark too.
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]!.split(',')).toContain(s.nameColumn);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(edited);

    // Sort by the name column: ascending, descending, as the server orders them.
    await page.goto(`${s.path}?pageSize=25`);
    await expect(dataRows(page).first()).toBeVisible();
    await page.getByRole('columnheader', { name: new RegExp(`^${s.nameColumn}`) }).click();
    await expect(page).toHaveURL(new RegExp(`sort=${s.sortField}(&|$)`));
    await expect
      .poll(() => nameCells(page, s.sortField))
      .toEqual(await apiNames(page, session, s, s.sortField));
    await page.getByRole('columnheader', { name: new RegExp(`^${s.nameColumn}`) }).click();
    await expect(page).toHaveURL(new RegExp(`sort=-${s.sortField}(&|$)`));
    await expect
      .poll(() => nameCells(page, s.sortField))
      .toEqual(await apiNames(page, session, s, `-${s.sortField}`));

    // Delete, after confirming.
    await dataRows(page).filter({ hasText: edited }).getByLabel('Delete').click();
    const question = page.getByRole('alertdialog');
    await expect(question).toContainText(edited);
    await question.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Item has been removed')).toBeVisible();
    await expect(dataRows(page).filter({ hasText: edited })).toHaveCount(0);

    expect(problems).toEqual([]);
  });
}
