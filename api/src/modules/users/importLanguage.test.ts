// Issue 48, point 3: the members import reads each member's language (a code or the language's
// name), a row that names none gets the organisation's, and the export writes the column back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { clients, users } from '../../db/schema.ts';
import { call, createOrg, startTestApp, type TestApp, type TestOrg } from '../../test/harness.ts';

let t: TestApp;
let org: TestOrg;

const today = new Date().toISOString().slice(0, 10);
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  call(t, org.ownerToken, { method: 'POST', url, payload, branchId: org.branchIds[0], headers });

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrg(t, { branchCount: 1 });
  await t.db.update(clients).set({ locale: 'hi-IN' }).where(eq(clients.id, org.clientId));
});
afterAll(() => t?.close());

const languageOf = async (mobile: string) =>
  (await t.db.select({ language: users.language }).from(users).where(eq(users.mobile, mobile)))[0]?.language;

describe('the members import', () => {
  it('reads the language column as a code or a name, and gives a row without one the organisation’s', async () => {
    const csv = [
      'Name,Mobile,Valid from,Valid till,Language',
      `Anil Code,9480000001,${today},${today},de`,
      `Bina English,9480000002,${today},${today},English`,
      `Chetan Hindi,9480000003,${today},${today},हिन्दी`,
      `Divya Deutsch,9480000004,${today},${today},Deutsch`,
      `Esha Empty,9480000005,${today},${today},`,
      `Farah Wrong,9480000006,${today},${today},Klingon`,
    ].join('\n');
    const preview = await post('/api/user/previewImport', { csv });
    expect(preview.statusCode, preview.body).toBe(200);
    const rows = preview.json().rows as { line: number; errors: { field: string }[] }[];
    expect(rows.map((r) => r.errors.map((e) => e.field))).toEqual([[], [], [], [], [], ['Language']]);

    const done = await post('/api/user/importUsers', { csv });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ imported: 5, skipped: 1 });
    expect(await languageOf('9480000001')).toBe('de');
    expect(await languageOf('9480000002')).toBe('en');
    expect(await languageOf('9480000003')).toBe('hi');
    expect(await languageOf('9480000004')).toBe('de');
    expect(await languageOf('9480000005')).toBe('hi');
    expect(await languageOf('9480000006')).toBeUndefined();
  });

  it('takes a file without the column: every member gets the organisation’s language', async () => {
    const csv = `name,mobile,validFrom,validTill\nGita Plain,9480000011,${today},${today}\n`;
    const done = await post('/api/user/importUsers', { csv });
    expect(done.statusCode, done.body).toBe(200);
    expect(await languageOf('9480000011')).toBe('hi');
  });

  it('is written back by the export as the language’s own name, and the template has the column', async () => {
    const res = await call(t, org.ownerToken, {
      method: 'GET',
      url: '/api/user/exportUsers?sort=name',
      branchId: org.branchIds[0],
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    const header = lines[0]!.split(',');
    const at = header.indexOf('Language');
    expect(at).toBeGreaterThan(-1);
    const byName = Object.fromEntries(lines.slice(1).map((l) => [l.split(',')[1], l.split(',')[at]]));
    expect(byName).toMatchObject({
      'Anil Code': 'Deutsch',
      'Bina English': 'English',
      'Chetan Hindi': 'हिन्दी',
      'Esha Empty': 'हिन्दी',
    });
    const template = await call(t, org.ownerToken, {
      method: 'GET',
      url: '/api/user/importTemplate',
      branchId: org.branchIds[0],
      headers: { 'accept-language': 'de' },
    });
    expect(template.statusCode, template.body).toBe(200);
    expect(template.body.split(/\r\n/)[0]).toContain('Sprache');
  });
});
