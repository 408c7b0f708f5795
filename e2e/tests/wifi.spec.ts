import { createSocket } from 'node:dgram';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { authHeaders, signIn } from '../fixtures/session.ts';

/**
 * A stand-in router on 127.0.0.1: it records each RFC 5176 Disconnect-Request and answers
 * Disconnect-ACK (code 41) with the Response Authenticator MD5(code+id+length+request auth+secret).
 */
async function standInRouter(secret: () => string) {
  const socket = createSocket('udp4');
  const received: Buffer[] = [];
  socket.on('message', (msg, from) => {
    received.push(msg);
    const head = Buffer.from([41, msg[1]!, 0, 20]);
    const auth = createHash('md5')
      .update(Buffer.concat([head, msg.subarray(4, 20), Buffer.from(secret())]))
      .digest();
    socket.send(Buffer.concat([head, auth]), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { port: socket.address().port, received, close: () => socket.close() };
}

const settle = async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
};

test('add a router, see a session FreeRADIUS reports on the live list, disconnect it', async ({ page }) => {
  const session = await signIn(page);
  const headers = authHeaders(session);
  let secret = '';
  const router = await standInRouter(() => secret);
  try {
    await page.goto('/app/wifiRouters');
    await expect(page.getByRole('heading', { name: 'Routers', level: 1 })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Add Router' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Router' });
    await dialog.getByLabel(/^Address/).fill('300.1.1.1');
    await dialog.getByLabel(/^Name/).fill('Reading hall AP');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Enter an IPv4 address such as 192.168.88.1')).toBeVisible();
    await dialog.getByLabel(/^Address/).fill('127.0.0.1');
    await dialog.getByLabel(/^Disconnect port/).fill(String(router.port));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row', { name: /Reading hall AP/ });
    await expect(row).toBeVisible();
    const routers = await page.request.get('/api/wifiRouter/getWifiRouters?q=Reading', { headers });
    secret = (await routers.json()).items[0].secret as string;
    expect(secret).toHaveLength(32);
    await expect(row.getByText(secret)).toBeVisible();

    // A member with a package, online as FreeRADIUS's rest module reports it (HTTP Basic: the
    // router's address and its secret, the JSON body rlm_rest writes).
    const packages = await page.request.get('/api/package/getPackages?status=true', { headers });
    const packageId = (await packages.json()).items[0].id as number;
    const mobile = `97${String(Date.now()).slice(-8)}`;
    const created = await page.request.post('/api/user/createUser', {
      headers,
      data: {
        name: 'Wifi Walkthrough',
        mobile,
        validFrom: new Date().toISOString().slice(0, 10),
        validTill: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
        packageId,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const userId = (await created.json()).userId as number;
    const basic = `Basic ${Buffer.from(`127.0.0.1:${secret}`).toString('base64')}`;
    const value = (v: string | number) => ({
      type: typeof v === 'number' ? 'integer' : 'string',
      value: [v],
    });
    const accounting = await page.request.post('/api/radius/accounting', {
      headers: { authorization: basic },
      data: {
        'User-Name': value(mobile),
        'Acct-Status-Type': value('Start'),
        'Acct-Session-Id': value('walk-1'),
        'Framed-IP-Address': value('10.20.0.7'),
        'Acct-Output-Octets': value(123_456_789),
      },
    });
    expect(accounting.status()).toBe(204);

    await page.goto('/app/wifiSessions');
    await settle(page);
    const live = page.getByRole('row', { name: /Wifi Walkthrough/ });
    await expect(live).toBeVisible();
    await expect(live.getByText('123 MB')).toBeVisible();
    await live
      .getByRole('menuitem', { name: 'Disconnect' })
      .or(live.getByLabel('Disconnect'))
      .first()
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Disconnect this session?' });
    await expect(confirm).toContainText('Wifi Walkthrough will be signed off Reading hall AP now.');
    await confirm.getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByText('Wifi Walkthrough was disconnected.')).toBeVisible();
    expect(router.received).toHaveLength(1);
    expect(router.received[0]![0]).toBe(40);
    await expect(page.getByRole('row', { name: /Wifi Walkthrough/ })).toHaveCount(0);

    // The member's profile: sign-in, PIN, this period's use.
    await page.goto(`/app/UserProfile/${userId}`);
    const card = page.getByRole('region', { name: 'WiFi' });
    await expect(card).toContainText(mobile);
    await expect(card).toContainText('123 MB');
    const pinBefore = await card.locator('code').textContent();
    expect(pinBefore).toMatch(/^\d{6}$/);
    await card.getByRole('button', { name: 'Reset PIN' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Reset PIN' }).click();
    await expect(page.getByText(/^New WiFi PIN: \d{6}$/)).toBeVisible();

    if (process.env.WIFI_SHOTS) {
      test.setTimeout(400_000);
      const folder = '/tmp/wifi-shots';
      mkdirSync(folder, { recursive: true });
      await accountingStart(page, basic, mobile, 'walk-2');
      for (const width of [1280, 375]) {
        for (const mode of ['light', 'dark'] as const) {
          await page.setViewportSize({ width, height: 800 });
          await page.evaluate((type) => localStorage.setItem('uiSettings', JSON.stringify({ type })), mode);
          for (const [name, path] of [
            ['routers', '/app/wifiRouters'],
            ['sessions', '/app/wifiSessions'],
            ['packages', '/app/packages'],
            ['profile', `/app/UserProfile/${userId}`],
          ] as const) {
            await page.goto(path);
            if (name === 'profile') {
              // The card's usage bar is a progressbar too: wait for the card itself.
              const wifi = page.getByRole('region', { name: 'WiFi' });
              await expect(wifi.locator('code')).toBeVisible({ timeout: 30_000 });
              await wifi.scrollIntoViewIfNeeded();
            } else {
              await settle(page);
            }
            await page.screenshot({ path: `${folder}/${name}-${width}-${mode}.png` });
          }
        }
      }
    }
  } finally {
    router.close();
  }
});

async function accountingStart(page: Page, basic: string, mobile: string, id: string) {
  const value = (v: string | number) => ({ type: 'string', value: [String(v)] });
  await page.request.post('/api/radius/accounting', {
    headers: { authorization: basic },
    data: {
      'User-Name': value(mobile),
      'Acct-Status-Type': value('Start'),
      'Acct-Session-Id': value(id),
      'Acct-Output-Octets': value(55_000_000),
    },
  });
}
