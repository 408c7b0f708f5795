import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { authHeaders, signIn } from '../fixtures/session.ts';
import {
  englishOnlyTexts,
  englishWords,
  latinWordsOf,
  localeTexts,
  watchDataWords,
} from '../fixtures/language.ts';

/*
 * Issue 48, point 4: every dialog the desk opens from its screens, in Hindi. Each one opened from its
 * button (add, edit, a row's action), its form sent once with a field left blank so the fields'
 * messages show, and its text read: no English word of the app's own texts (names, units and codes
 * the Hindi texts use as well, such as UPI, GSTIN, WiFi, PDF, may show; so may any word of the data).
 * Nothing is saved: every dialog is closed with Cancel (and Discard).
 */

const hi = localeTexts('hi');
/** The Hindi text of a key of the web's locale files. */
function h(key: string): string {
  const text = hi.get(key);
  if (text === undefined) throw new Error(`no Hindi text for ${key}`);
  return text;
}

const english = englishOnlyTexts('hi');
const latinWords = englishWords('hi');

/** The open dialogs (a confirmation may lie over a form). */
function dialogs(page: Page): Locator {
  return page.locator('[role="dialog"]:visible, [role="alertdialog"]:visible');
}

/** A dialog as it is opened from `path`: how to open it, and whether its form can be sent blank. */
interface DialogCase {
  name: string;
  path: string;
  /** Opens the dialog; the page is open at `path`. */
  open: (page: Page) => Promise<void>;
  /** The dialog's form sends: type a blank into its first empty text field and send it. */
  form?: boolean;
  /** Opened only when the demo data offers it (a row with that action); otherwise reported. */
  optional?: boolean;
}

const button = (page: Page, key: string) =>
  page.getByRole('button', { name: h(key), exact: true, disabled: false }).first();
const click = async (page: Page, key: string) => {
  await button(page, key).click({ timeout: 10_000 });
};

/** The add and edit dialogs of a screen built on ResourcePage. */
function resource(
  name: string,
  path: string,
  section: string,
  edit: 'edit' | 'optional edit' = 'edit',
): DialogCase[] {
  const cases: DialogCase[] = [
    { name: `${name}: add`, path, form: true, open: (page) => click(page, `${section}.add`) },
  ];
  cases.push({
    name: `${name}: edit`,
    path,
    optional: edit === 'optional edit',
    open: (page) => button(page, 'table.edit').click({ timeout: edit === 'edit' ? 10_000 : 5_000 }),
  });
  return cases;
}

function cases(ids: { userId: string; bankAccountId: string }): DialogCase[] {
  const profile = `/app/UserProfile/${ids.userId}`;
  return [
    ...resource('member', '/app/usersV2', 'members'),
    { name: 'member: deactivate', path: '/app/usersV2', open: (p) => click(p, 'members.deactivate') },
    { name: 'member: import', path: '/app/usersV2', open: (p) => click(p, 'memberImport.button') },
    ...resource('fee type', '/app/feeTypes', 'feeTypes'),
    ...resource('fee structure', '/app/feeStructures', 'feeStructures'),
    ...resource('package', '/app/packages', 'packages'),
    ...resource('room', '/app/rooms', 'rooms'),
    ...resource('category', '/app/categories', 'categories'),
    ...resource('bank account', '/app/bankAccounts', 'bankAccounts'),
    {
      name: 'bank account: transfer',
      path: '/app/bankAccounts',
      form: true,
      open: (p) => click(p, 'transfer.action'),
    },
    {
      name: 'bank account: import statement',
      path: '/app/bankAccounts',
      open: (p) => click(p, 'bankStatement.import'),
    },
    {
      name: 'statement lines: import statement',
      path: `/app/bankAccounts/${ids.bankAccountId}/lines`,
      open: (p) => click(p, 'bankStatement.import'),
    },
    {
      name: 'statement lines: record a line',
      path: `/app/bankAccounts/${ids.bankAccountId}/lines`,
      optional: true,
      form: true,
      open: (p) => click(p, 'bankStatement.recordAction'),
    },
    ...resource('enquiry', '/app/enquiries', 'enquiries'),
    {
      name: 'enquiry: convert',
      path: '/app/enquiries',
      form: true,
      open: (p) => click(p, 'enquiries.convert'),
    },
    ...resource('staff', '/app/staff', 'staff'),
    {
      name: 'staff: reset password',
      path: '/app/staff',
      form: true,
      open: (p) => click(p, 'staff.resetPassword'),
    },
    { name: 'staff: deactivate', path: '/app/staff', open: (p) => click(p, 'table.delete') },
    ...resource('staff role', '/app/staffRoles', 'staffRoles'),
    ...resource('WiFi router', '/app/wifiRouters', 'wifi.routers', 'optional edit'),
    { name: 'branch: add', path: '/app/branches', form: true, open: (p) => click(p, 'branches.add') },
    {
      name: 'branch: edit',
      path: '/app/branches',
      open: (p) =>
        p
          .getByRole('button', { name: new RegExp(`^${h('branches.edit')}: `) })
          .first()
          .click(),
    },
    {
      name: 'branch: GST',
      path: '/app/branches',
      open: (p) =>
        p
          .getByRole('button', { name: new RegExp(`^${h('branches.gst.edit')}: `) })
          .first()
          .click(),
    },
    {
      name: 'branch: GST return',
      path: '/app/branches',
      optional: true,
      open: (p) =>
        p
          .getByRole('button', { name: new RegExp(`^${h('branches.gstReturn.open')}: `) })
          .first()
          .click({ timeout: 5_000 }),
    },
    { name: 'expense: add', path: '/app/expenses', form: true, open: (p) => click(p, 'expenses.add') },
    {
      name: 'expense: void',
      path: '/app/expenses',
      form: true,
      open: (p) => click(p, 'payments.void.action'),
    },
    { name: 'payment: record', path: '/app/payments', open: (p) => click(p, 'payments.record') },
    {
      name: 'payment: void',
      path: '/app/payments',
      form: true,
      open: (p) => click(p, 'payments.void.action'),
    },
    { name: 'payment: refund', path: '/app/payments', form: true, open: (p) => click(p, 'refunds.action') },
    { name: 'payment: Tally export', path: '/app/payments', open: (p) => click(p, 'payments.tally.button') },
    {
      // Its one field, the cash counted, may be left empty: sent, it closes the day.
      name: 'cash book: close the day',
      path: '/app/payments',
      open: async (p) => {
        await p.getByRole('tab', { name: h('payments.tabs.cashBook') }).click();
        await click(p, 'cashBook.close');
      },
    },
    { name: 'refund: add', path: '/app/refunds', open: (p) => click(p, 'refunds.add') },
    { name: 'member page: edit', path: profile, open: (p) => click(p, 'memberProfile.edit') },
    { name: 'member page: record payment', path: profile, open: (p) => click(p, 'payments.record') },
    { name: 'member page: pause', path: profile, form: true, open: (p) => click(p, 'pauses.pause') },
    { name: 'member page: member link', path: profile, open: (p) => click(p, 'memberLink.action') },
    { name: 'member page: deactivate', path: profile, open: (p) => click(p, 'memberProfile.deactivate') },
    { name: 'member page: let in', path: profile, open: (p) => click(p, 'attendance.letIn.action') },
    {
      name: 'member page: reset WiFi PIN',
      path: profile,
      optional: true,
      open: (p) => button(p, 'wifi.profile.resetPin').click({ timeout: 5_000 }),
    },
    {
      name: 'devices: accept a device',
      path: '/app/devices',
      form: true,
      open: (p) => click(p, 'devices.add'),
    },
    { name: 'devices: add entrance screen', path: '/app/devices', open: (p) => click(p, 'kiosk.add') },
    { name: 'devices: check-in rules', path: '/app/devices', open: (p) => click(p, 'kiosk.rules.change') },
    {
      // Its fields are checked as they are typed; sent blank it says nothing more.
      name: 'account menu: change password',
      path: '/app/dashboard',
      open: async (p) => {
        await p.getByRole('button', { name: h('userMenu.open') }).click();
        await p.getByRole('menuitem', { name: h('userMenu.changePassword') }).click();
      },
    },
  ];
}

/** Opens `path` and waits until its data is in. */
async function openScreen(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('main').getByRole('heading').first(), path).toBeVisible({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main .MuiSkeleton-root')).toHaveCount(0, { timeout: 30_000 });
}

/**
 * Sends the dialog's form with its first text field (the name, the amount: a field it needs) holding
 * a blank, so the fields' messages show. Answers what came of it: the messages shown, or why not.
 */
async function sendBlank(dialog: Locator): Promise<'messages' | string> {
  const field = dialog
    .locator(
      'input:is([type="text"], :not([type]), [type="password"], [type="email"], [type="tel"]):not([role="combobox"]), textarea',
    )
    .filter({ visible: true })
    .and(dialog.locator(':not([readonly]):not([disabled]):not([aria-hidden="true"])'));
  const submit = dialog.locator('button[type="submit"]');
  const count = await field.count();
  if (count === 0) return 'no text field';
  // Blanks into the fields in turn until the form counts as changed (a blank in a field that
  // starts empty may not be a change: the amount, a search).
  for (let i = 0; i < count; i++) {
    await field.nth(i).fill('');
    await field.nth(i).pressSequentially(' ');
    if ((await submit.count()) > 0 && (await submit.first().isEnabled())) break;
  }
  if ((await submit.count()) === 0) return 'no submit button';
  if (!(await submit.first().isEnabled())) return 'submit stays disabled';
  await submit.first().click();
  try {
    await expect(dialog.locator('.Mui-error, [role="alert"]').first()).toBeVisible({ timeout: 5_000 });
    return 'messages';
  } catch {
    return (await dialog.isVisible()) ? 'no field message shown' : 'the form was saved';
  }
}

/** Closes every open dialog without saving: Cancel, then Discard when it asks. */
async function closeAll(page: Page) {
  for (let i = 0; i < 4 && (await dialogs(page).count()) > 0; i++) {
    const top = dialogs(page).last();
    const discard = top.getByRole('button', { name: h('resourceForm.discard'), exact: true });
    if (await discard.isVisible()) await discard.click();
    else await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
  }
}

test('every dialog in Hindi: no English word of the app, its field messages included', async ({ page }) => {
  test.setTimeout(900_000);
  const session = await signIn(page);
  await page.evaluate(() => localStorage.setItem('locale', 'hi'));
  const headers = authHeaders(session);
  const first = async (path: string, filter = '') => {
    const response = await page.request.get(`/api${path}?page=0&pageSize=5${filter}`, { headers });
    expect(response.status(), path).toBe(200);
    const { items } = (await response.json()) as { items: Record<string, unknown>[] };
    expect(items.length, `${path} has a row`).toBeGreaterThan(0);
    return items[0]!;
  };
  const ids = {
    userId: String((await first('/user/getUsers')).userId),
    bankAccountId: String((await first('/bankAccount/getBankAccounts', '&kind=bank')).id),
  };
  const data = watchDataWords(page);
  const found: Record<string, string[]> = {};
  const notReached: string[] = [];
  const failedToOpen: string[] = [];
  const notSent: string[] = [];
  let current = '';

  for (const c of cases(ids)) {
    await test.step(c.name, async () => {
      console.log(c.name);
      if (current !== c.path || (await dialogs(page).count()) > 0) {
        await openScreen(page, c.path);
        current = c.path;
      }
      try {
        await c.open(page);
        await expect(dialogs(page).first()).toBeVisible({ timeout: 10_000 });
      } catch (error) {
        (c.optional ? notReached : failedToOpen).push(`${c.name}: ${String(error).split('\n')[0]}`);
        current = '';
        return;
      }
      // The dialog's lists and its lazily loaded parts are in.
      await page.waitForLoadState('networkidle');
      await expect(dialogs(page).locator('.MuiSkeleton-root, [role="progressbar"]')).toHaveCount(0, {
        timeout: 15_000,
      });
      const read = async (when: string) => {
        await data.settled();
        const text = (await dialogs(page).allInnerTexts()).join('\n');
        const sentences = english.filter((sentence) => text.includes(sentence));
        const words = [...new Set(latinWordsOf(text).filter((w) => latinWords.has(w) && !data.words.has(w)))];
        if (sentences.length + words.length > 0) found[`${c.name} (${when})`] = [...sentences, ...words];
      };
      await read('opened');
      if (c.form) {
        const sent = await sendBlank(dialogs(page).last());
        if (sent === 'messages') await read('sent blank');
        else notSent.push(`${c.name}: ${sent}`);
      }
      await closeAll(page);
      if (!page.url().endsWith(c.path)) current = '';
    });
  }
  console.log(`English found: ${JSON.stringify(found, null, 1)}`);
  console.log(`dialogs not reached (no such row in the demo data): ${JSON.stringify(notReached, null, 1)}`);
  console.log(`forms that could not be sent blank: ${JSON.stringify(notSent)}`);
  expect(failedToOpen, 'dialogs that did not open').toEqual([]);
  expect(found, 'English words in Hindi dialogs').toEqual({});
  expect(notSent, 'forms that could not be sent blank').toEqual([]);
});

test('screenshots of dialogs at 375 px in Hindi', async ({ page }) => {
  // Checked in as docs/screenshots/dialog-<name>-375-hi.png; needs a Devanagari font on the system.
  test.skip(!process.env.DIALOG_SHOTS, 'only when DIALOG_SHOTS=1');
  test.setTimeout(300_000);
  const session = await signIn(page);
  await page.evaluate(() => localStorage.setItem('locale', 'hi'));
  await page.setViewportSize({ width: 375, height: 740 });
  const member = await page.request.get('/api/user/getUsers?page=0&pageSize=5', {
    headers: authHeaders(session),
  });
  const { items } = (await member.json()) as { items: { userId: number }[] };
  const shots: { name: string; path: string; open: (page: Page) => Promise<void>; blank?: boolean }[] = [
    { name: 'record-payment', path: '/app/payments', open: (p) => click(p, 'payments.record'), blank: true },
    {
      name: 'pause',
      path: `/app/UserProfile/${items[0]!.userId}`,
      open: (p) => click(p, 'pauses.pause'),
      blank: true,
    },
    { name: 'transfer', path: '/app/bankAccounts', open: (p) => click(p, 'transfer.action'), blank: true },
  ];
  for (const shot of shots) {
    await openScreen(page, shot.path);
    await shot.open(page);
    const dialog = dialogs(page).last();
    await expect(dialog).toBeVisible();
    await page.waitForLoadState('networkidle');
    if (shot.blank) await sendBlank(dialog);
    // Nothing of a title or button cut: each one's text fits its box (it wraps rather than clips).
    const clipped = await dialog.evaluate((root) =>
      [...root.querySelectorAll<HTMLElement>('h2, button, label')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== 'visible')
        .map((el) => el.textContent ?? ''),
    );
    expect(clipped, `${shot.name}: texts cut`).toEqual([]);
    await page.screenshot({ path: `../docs/screenshots/dialog-${shot.name}-375-hi.png` });
  }
});
