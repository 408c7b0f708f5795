import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { localTime, SimulatedDevice } from '../../api/scripts/deviceSimulator.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';
import { authHeaders, signIn } from '../fixtures/session.ts';

// Door access in the browser (issue 15): a simulated device calls the real server, staff accept it,
// a member is enrolled on it, punches in, and the visit shows on Attendance and on the profile.

test('accept a pending device, enrol a member, see the punch on Attendance and on the profile', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const session = await signIn(page);
  const headers = authHeaders(session);
  const device = new SimulatedDevice(
    process.env.E2E_BASE_URL!,
    `E2E${Date.now().toString(36).toUpperCase()}`,
  );
  expect((await device.handshake()).status).toBe(200);

  // The device waits as pending until accepted by its serial number.
  await page.goto('/app/devices');
  await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
  await page.getByRole('button', { name: 'Accept a device' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Accept a device' });
  await dialog.getByLabel('Serial number').fill(device.serialNumber);
  await dialog.getByLabel('Name').fill('Main door');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: device.serialNumber });
  await expect(row).toContainText('Main door');
  await expect(row).toContainText('Online');

  // A member enrolled on it: one command waits until the device polls and confirms it.
  const devices = await page.request.get('/api/device/getDevices?pageSize=100', { headers });
  const deviceId = ((await devices.json()).items as { id: number; serialNumber: string }[]).find(
    (d) => d.serialNumber === device.serialNumber,
  )!.id;
  const today = localTime(new Date(), session.clientDetails.timezone).slice(0, 10);
  const name = `Door Member ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/user/createUser', {
    headers,
    data: {
      name,
      mobile: `9${String(Date.now()).slice(-9)}`,
      validFrom: today,
      // A year on by days: the same day next year does not exist from 29 February (refused, 400).
      validTill: new Date(Date.parse(`${today}T00:00:00Z`) + 364 * 86_400_000).toISOString().slice(0, 10),
      addedToBiometricMachine: true,
      biometricMachineId: deviceId,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const userId = (await created.json()).userId as number;
  // (The demo members already on machine id 1 were queued when the device was accepted.)
  await page.reload();
  await expect(row).toContainText(/\d+ to send/);
  const commands = await device.sync();
  expect(commands.filter((c) => c.includes(`DATA UPDATE USERINFO PIN=${userId}\t`))).toHaveLength(1);
  await page.reload();
  await expect(row).toContainText('Up to date');
  await expectNoSeriousViolations(page, '/app/devices');

  // The member punches in at the door; the device uploads the record.
  expect(device.punch(userId, localTime(new Date(), session.clientDetails.timezone))).toBe(true);
  expect((await device.upload()).text).toBe('OK: 1');

  await page.goto('/app/attendance');
  await expect(page.getByRole('heading', { level: 1, name: 'Attendance' })).toBeVisible();
  const visit = page.getByRole('row').filter({ hasText: name });
  await expect(visit).toContainText('Inside');
  await expect(visit).toContainText('Main door');
  await expect(page.getByTestId('attendance-inside')).not.toHaveText('0');
  await expectNoSeriousViolations(page, '/app/attendance');

  await visit.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/app/UserProfile/${userId}$`));
  const section = page.getByRole('region', { name: /Attendance/ });
  await expect(section.getByTestId('member-attendance')).toContainText('Main door');
  await expect(section).toContainText('Inside');

  if (process.env.DOORS_SHOTS) await screenshots(page, userId);
});

async function screenshots(page: Page, userId: number) {
  const folder = '/tmp/doors-shots';
  mkdirSync(folder, { recursive: true });
  for (const width of [1280, 375]) {
    for (const mode of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.evaluate((type) => localStorage.setItem('uiSettings', JSON.stringify({ type })), mode);
      for (const [name, path] of [
        ['devices', '/app/devices'],
        ['attendance', '/app/attendance'],
        ['profile', `/app/UserProfile/${userId}`],
        ['dashboard', '/app/dashboard'],
      ]) {
        await page.goto(path!);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
        // The dashboard's occupancy bars are progress bars too: wait for its figures instead.
        if (name === 'dashboard')
          await expect(page.getByTestId('stat-inside')).toBeVisible({ timeout: 30_000 });
        else await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
        await page.screenshot({
          path: `${folder}/${name}-${width}-${mode}.png`,
          fullPage: name === 'profile',
        });
      }
    }
  }
}
