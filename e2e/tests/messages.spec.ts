import { createServer } from 'node:http';
import { expect, test } from '@playwright/test';
import { apiSignIn, authHeaders, signIn } from '../fixtures/session.ts';

// Reminders (issue 17), tried as a new user would: an SMS provider pointing at a local fake gateway,
// a member whose validity ends in 3 days, the message arriving once and its row on the Messages
// screen. The e2e server ticks every 2 s (global-setup.ts).

type Hit = { url: string; body: string; key: string | undefined };

async function fakeGateway() {
  const hits: Hit[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      hits.push({ url: req.url ?? '', body, key: req.headers['x-api-key'] as string | undefined });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, hits, close: () => new Promise((r) => server.close(r)) };
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('an SMS provider set up on screen delivers the 3-day reminder once, and the Messages screen shows it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const gateway = await fakeGateway();
  try {
    const session = await signIn(page);
    await page.goto('/app/messages?tab=settings');
    await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
    await page.getByRole('checkbox', { name: 'E-mail' }).uncheck();
    await page.getByRole('checkbox', { name: 'SMS' }).check();
    await page.locator('#sms-url').fill(`${gateway.url}/send?to={{to}}`);
    await page.locator('#sms-headers').fill('Content-Type: application/json\nX-Api-Key: e2e-secret-42');
    await page.locator('#sms-body').fill('{"to":"{{to}}","text":"{{text}}"}');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Data has been updated')).toBeVisible();
    // The key comes back masked.
    await expect(page.locator('#sms-headers')).toHaveValue('Content-Type: ••••on\nX-Api-Key: ••••42');

    const mobile = `9${String(Date.now()).slice(-9)}`;
    const created = await page.request.post('/api/user/createUser', {
      headers: authHeaders(session),
      data: { name: 'Reminder Reader', mobile, validFrom: inDays(-27), validTill: inDays(3) },
    });
    expect(created.status(), await created.text()).toBe(201);

    await expect
      .poll(() => gateway.hits.filter((h) => h.url === `/send?to=${mobile}`).length, { timeout: 30_000 })
      .toBe(1);
    const hit = gateway.hits.find((h) => h.url === `/send?to=${mobile}`)!;
    expect(hit.key).toBe('e2e-secret-42');
    expect(JSON.parse(hit.body).text).toContain('Hello Reminder Reader');

    await page.goto('/app/messages');
    await page.getByRole('searchbox').fill(mobile);
    const row = page.getByRole('row', { name: new RegExp(mobile) });
    await expect(row).toBeVisible();
    await expect(row.getByText('Sent')).toBeVisible();
    await expect(row.getByText('Validity ending')).toBeVisible();
    await expect(row.getByText('SMS')).toBeVisible();
    // Several ticks have run since: still one delivery.
    expect(gateway.hits.filter((h) => h.url === `/send?to=${mobile}`)).toHaveLength(1);
  } finally {
    // Later specs' payments should not queue SMS for a gateway that is gone: e-mail only again.
    const session = await apiSignIn(page.request);
    const current = await page.request.get('/api/message/getMessageSettings', {
      headers: authHeaders(session),
    });
    await page.request.put('/api/message/updateMessageSettings', {
      headers: authHeaders(session),
      data: { ...(await current.json()), channels: ['email'] },
    });
    await gateway.close();
  }
});
