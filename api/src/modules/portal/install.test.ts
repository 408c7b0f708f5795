// A member's page on the home screen (issue 45, point 2): a manifest per link in the organisation's
// name and member-page colour that starts at the member's own page, its icon, and neither for a dead
// link; their addresses carry the token, so they are kept by nobody and masked in the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { clients } from '../../db/schema.ts';
import { call, createOrg, startTestApp, type TestApp, type TestOrg } from '../../test/harness.ts';
import { addDays } from '../payments/quote.ts';

let t: TestApp;
let org: TestOrg;
let mobile = 8_400_000_000;
const logLines: string[] = [];
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp({ logLevel: 'info' });
  const streamSym = Object.getOwnPropertySymbols(t.app.log).find((s) => String(s) === 'Symbol(pino.stream)')!;
  const stream = (t.app.log as unknown as Record<symbol, { write: (s: string) => void }>)[streamSym]!;
  stream.write = (line: string) => void logLines.push(line);
  org = await createOrg(t, { branchCount: 1, name: 'Saraswati Library & Study' });
  await t.db.update(clients).set({ memberPalette: 'goldTheme' }).where(eq(clients.id, org.clientId));
});
afterAll(() => t?.close());

const staff = (method: 'POST' | 'PUT', url: string, payload?: object) =>
  call(t, org.ownerToken, { method, url, branchId: org.branchIds[0]!, ...(payload && { payload }) });

async function link() {
  const user = await staff('POST', '/api/user/createUser', {
    name: `Member ${++mobile}`,
    mobile: String(mobile),
    validFrom: addDays(today(), -5),
    validTill: addDays(today(), 20),
  });
  expect(user.statusCode, user.body).toBe(201);
  const userId = user.json().userId as number;
  const made = await staff('POST', `/api/portal/createLink?userId=${userId}`);
  return { userId, token: made.json().url.split('/m/')[1] as string };
}

describe("a member page's manifest", () => {
  it("names the organisation, takes its member-page colour and starts at the member's own page", async () => {
    const { token } = await link();
    const res = await t.app.inject({ method: 'GET', url: `/m/${token}/manifest.webmanifest` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.json()).toEqual({
      id: `/m/${token}`,
      name: 'Saraswati Library & Study',
      short_name: 'Saraswati Li',
      start_url: `/m/${token}`,
      scope: `/m/${token}`,
      display: 'standalone',
      theme_color: '#FF9100',
      background_color: '#ffffff',
      icons: [
        { src: `/m/${token}/icon.svg`, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        { src: `/m/${token}/icon.svg`, sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
      ],
    });
    const icon = await t.app.inject({ method: 'GET', url: `/m/${token}/icon.svg` });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    expect(icon.body).toContain('fill="#FF9100"');
    expect(icon.body).toContain('>S</text>');
  });

  it('answers 404 for an unknown, malformed or revoked link, and logs no token', async () => {
    const { userId, token } = await link();
    await staff('PUT', `/api/portal/revokeLink?userId=${userId}`);
    for (const dead of [token, 'B'.repeat(32), 'short']) {
      for (const file of ['manifest.webmanifest', 'icon.svg']) {
        const res = await t.app.inject({ method: 'GET', url: `/m/${dead}/${file}` });
        expect(res.statusCode, `${dead}/${file}`).toBe(404);
      }
    }
    const log = logLines.join('');
    expect(log).toContain('/m/[link]/manifest.webmanifest');
    expect(log).not.toContain(token);
  });
});
