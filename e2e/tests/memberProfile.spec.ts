import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { authHeaders, signIn } from '../fixtures/session.ts';
import type { DemoSession } from '../fixtures/session.ts';

interface Member {
  userId: number;
  name: string;
  mobile: string;
  notes: string;
}

async function firstActiveMember(request: APIRequestContext, session: DemoSession, branchId?: number) {
  const response = await request.get('/api/user/getUsers?status=active&pageSize=5&sort=name', {
    headers: authHeaders(session, branchId),
  });
  expect(response.status(), await response.text()).toBe(200);
  const { items } = (await response.json()) as { items: Member[] };
  expect(items.length, 'the seed has active members').toBeGreaterThan(0);
  return items[0]!;
}

test('a member profile: open from the list, details, edit through the dialog, history', async ({ page }) => {
  test.setTimeout(120_000);
  const session = await signIn(page);
  const member = await firstActiveMember(page.request, session);

  // From the Active Users list: find the member by mobile and open the profile by the name.
  await page.goto('/app/users');
  await page.getByRole('searchbox').fill(member.mobile);
  await expect(page).toHaveURL(new RegExp(`q=${member.mobile}`));
  await page.getByRole('link', { name: member.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/app/UserProfile/${member.userId}$`));

  await expect(page.getByRole('heading', { level: 1, name: member.name })).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details).toContainText(member.mobile);
  await expect(page.getByRole('region', { name: 'Validity' })).toContainText('Valid till');
  await expect(page.getByRole('region', { name: 'Seat and package' })).toContainText('Entry and exit');
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toBeVisible();

  // Edit the notes through the member form; the profile and its history follow.
  const note = `E2E note ${Date.now().toString(36)}`;
  await details.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Member' });
  await dialog.getByLabel('Notes').fill(note);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(details).toContainText(note);
  const edit = history.getByRole('listitem').filter({ hasText: 'Edited' }).first();
  await expect(edit).toContainText(`by ${session.staffDetails.staffName}`);
  await expect(edit).toContainText(`Notes: ${note}`);
  // Readable values, never the raw record.
  await expect(history).not.toContainText('updatedAt');
  await expect(history).not.toContainText('{');
});

test('an unknown id, and a member of another branch, show the not-found page', async ({ page }) => {
  const session = await signIn(page);
  await page.goto('/app/UserProfile/987654321');
  await expect(page.getByText('Oops, Page Not Found :(')).toBeVisible();

  const otherBranch = session.branches[1];
  test.skip(otherBranch === undefined, 'the demo organisation has one branch');
  const foreign = await firstActiveMember(page.request, session, otherBranch!.id);
  await page.goto(`/app/UserProfile/${foreign.userId}`);
  await expect(page.getByText('Oops, Page Not Found :(')).toBeVisible();
  await expect(page.getByRole('heading', { name: foreign.name })).toHaveCount(0);
});
