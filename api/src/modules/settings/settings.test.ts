import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, payments } from '../../db/schema.ts';
import {
  call,
  createOrg,
  createStaff,
  only,
  startTestApp,
  type TestApp,
  type TestOrg,
} from '../../test/harness.ts';

// Organisation settings (issue 11, point 1).
let t: TestApp;
let org: TestOrg;
beforeAll(async () => {
  t = await startTestApp();
  org = await createOrg(t, { branchCount: 1 });
});
afterAll(() => t.close());

const get = (token = org.ownerToken) => call(t, token, { method: 'GET', url: '/api/settings/getSettings' });
const put = (payload: object, token = org.ownerToken) =>
  call(t, token, { method: 'PUT', url: '/api/settings/updateSettings', payload });
const valid = {
  name: 'Quiet Corner',
  currency: 'EUR',
  locale: 'de-DE',
  timezone: 'Europe/Berlin',
  fyStartMonth: 1,
  receiptPrefix: 'QC',
  paymentDisabled: false,
  receiptAddress: 'Hauptstraße 1, Berlin',
  taxId: 'DE123456789',
  wifiWithinWindow: true,
};

describe('organisation settings', () => {
  it('are read and saved by the owner, with an audit row', async () => {
    expect((await get()).json()).toMatchObject({ currency: 'INR', currencyLocked: false });
    const res = await put(valid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ...valid, currencyLocked: false });
    expect((await get()).json()).toMatchObject(valid);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientId, org.clientId), eq(auditLog.entity, 'settings')));
    expect(audit.map((a) => a.action)).toEqual(['update']);
  });

  it("keep the member page's palette (issue 37): one of UI.md's 17, left as it is when not sent", async () => {
    expect((await get()).json().memberPalette).toBe('purpleTheme');
    const res = await put({ ...valid, memberPalette: 'cyanTheme' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().memberPalette).toBe('cyanTheme');
    expect((await put(valid)).json().memberPalette).toBe('cyanTheme');
    const refused = await put({ ...valid, memberPalette: 'neonTheme' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.map((d: { path: string }) => d.path)).toEqual(['body.memberPalette']);
    expect((await get()).json().memberPalette).toBe('cyanTheme');
  });

  it("show the template's demo screens to owners only, until an owner hides them (issue 41, point 8)", async () => {
    const menu = (token: string) => call(t, token, { method: 'GET', url: '/api/settings/getMenu' });
    // Every role saw the DEMO menu; a role with every permission but not the Owner role does not.
    const everything = await createStaff(t, org, only({ settings: 'vaed', payments: 'vaed', users: 'vaed' }));
    expect((await menu(org.ownerToken)).json()).toEqual({ demoMenu: true });
    expect((await menu(everything.token)).json()).toEqual({ demoMenu: false });
    expect((await get()).json().demoMenu).toBe(true);
    const hidden = await put({ ...valid, demoMenu: false });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().demoMenu).toBe(false);
    expect((await menu(org.ownerToken)).json()).toEqual({ demoMenu: false });
    // Left out, the setting stays as it is.
    expect((await put(valid)).json().demoMenu).toBe(false);
    expect((await put({ ...valid, demoMenu: true })).json().demoMenu).toBe(true);
    expect((await menu(org.ownerToken)).json()).toEqual({ demoMenu: true });
  });

  it('need the settings permission', async () => {
    const manager = await createStaff(t, org, only({ payments: 'vaed', branches: 'vaed' }));
    expect((await get(manager.token)).statusCode).toBe(403);
    expect((await put(valid, manager.token)).statusCode).toBe(403);
  });

  it('refuse unknown currencies, locales, prefixes and time zones the database lacks, naming the field', async () => {
    const paths = async (payload: object) =>
      ((await put(payload)).json().details ?? []).map((d: { path: string }) => d.path);
    expect(await paths({ ...valid, currency: 'XYZ1' })).toEqual(['body.currency']);
    expect(await paths({ ...valid, receiptPrefix: 'dl-1' })).toEqual(['body.receiptPrefix']);
    expect(await paths({ ...valid, fyStartMonth: 13 })).toEqual(['body.fyStartMonth']);
    expect(await paths({ ...valid, timezone: 'Mars/Olympus' })).toEqual(['body.timezone']);
    expect(await paths({ ...valid, timezone: 'US/Pacific-New' })).toEqual(['body.timezone']);
  });

  it('lock the currency once payments exist', async () => {
    await t.db.insert(payments).values({
      clientId: org.clientId,
      branchId: org.branchIds[0]!,
      userId: (
        await call(t, org.ownerToken, {
          method: 'POST',
          url: '/api/user/createUser',
          payload: { name: 'Locked', mobile: '9876512345', validFrom: '2026-01-01', validTill: '2026-01-31' },
          branchId: org.branchIds[0],
        })
      ).json().userId,
      receiptNumber: 'QC-B1-2026-1',
      fy: '2026',
      seq: 1,
      lines: [],
      total: 100,
      received: 100,
      mode: 'cash',
      paidOn: '2026-01-01',
      createdBy: org.ownerId,
      verifyToken: 'lock-test-token-0000000',
    });
    expect((await get()).json().currencyLocked).toBe(true);
    const res = await put({ ...valid, currency: 'USD' });
    expect(res.statusCode).toBe(409);
    expect((await put({ ...valid, name: 'Renamed' })).statusCode).toBe(200);
  });
});
