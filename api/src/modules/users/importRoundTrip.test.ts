// The members CSV round trip (issue 41, point 4): a file exported from Users, in English, German or
// Hindi (issue 48), imports back as it is into an organisation with the same rooms, packages and fee structures, and
// an import's problems name the columns as the export spells them, never the API's field names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrg, csvOf, startTestApp, type TestApp, type TestOrg } from '../../test/harness.ts';

let t: TestApp;
let source: TestOrg;

const addDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const today = new Date().toISOString().slice(0, 10);

async function ok(res: ReturnType<typeof call>, status = 200) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r.json();
}
const post = (org: TestOrg, url: string, payload: object, headers: Record<string, string> = {}) =>
  call(t, org.ownerToken, { method: 'POST', url, payload, branchId: org.branchIds[0], headers });

/** An organisation with the catalogue the members name: a room, a WiFi package and a fee structure. */
async function orgWithCatalogue() {
  const org = await createOrg(t, { branchCount: 1 });
  await ok(post(org, '/api/room/createRoom', { name: 'Reading Room 1', capacity: 24 }), 201);
  await ok(
    post(org, '/api/package/createPackage', { packageName: 'WiFi', downloadSpeed: 10, uploadSpeed: 5 }),
    201,
  );
  const feeType = (await ok(post(org, '/api/feeType/createFeeType', { name: 'Monthly' }), 201)).id;
  await ok(
    post(org, '/api/feeStructure/createFeeStructure', {
      name: 'Day',
      lines: [{ feeTypeId: feeType, amount: 100000 }],
      durationDays: 30,
    }),
    201,
  );
  return org;
}

const exported = async (org: TestOrg, lang: string) => {
  const res = await call(t, org.ownerToken, {
    method: 'GET',
    url: '/api/user/exportUsers?sort=name',
    branchId: org.branchIds[0],
    headers: { 'accept-language': lang },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-language']).toBe(lang);
  return res;
};

/** The columns the system keeps (a new member gets its own number, and starts owing nothing). */
const kept = {
  en: ['Member no.', 'Dues', 'Dues since'],
  de: ['Mitgliedsnummer', 'Rückstände', 'Rückstände seit'],
  hi: ['सदस्य संख्या', 'बकाया', 'बकाया कब से'],
};
const ignored = {
  en: ['Member no.', 'Active', 'Inactive reason', 'Dues', 'Dues since'],
  de: ['Mitgliedsnummer', 'Aktiv', 'Grund der Inaktivität', 'Rückstände', 'Rückstände seit'],
  hi: ['सदस्य संख्या', 'सक्रिय', 'निष्क्रिय होने का कारण', 'बकाया', 'बकाया कब से'],
};
const withoutKept = (rows: Record<string, string>[], lang: keyof typeof kept) =>
  rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !kept[lang].includes(k))));

beforeAll(async () => {
  t = await startTestApp();
  source = await orgWithCatalogue();
  const rooms = (
    await call(t, source.ownerToken, {
      method: 'GET',
      url: '/api/room/getRooms?pageSize=10',
      branchId: source.branchIds[0],
    })
  ).json().items as { id: number }[];
  const lookUp = async (url: string) =>
    (
      (await call(t, source.ownerToken, { method: 'GET', url, branchId: source.branchIds[0] })).json()
        .items as { id: number }[]
    )[0]!.id;
  const packageId = await lookUp('/api/package/getPackages?pageSize=10');
  const feeStructureId = await lookUp('/api/feeStructure/getFeeStructures?pageSize=10');
  const members = [
    {
      name: 'Rao, Meena',
      mobile: '+919812300001',
      email: 'meena@example.com',
      validFrom: addDays(today, -10),
      validTill: addDays(today, 20),
      roomId: rooms[0]!.id,
      seatNumber: 5,
      entryTime: '08:00:00',
      exitTime: '14:30:00',
      packageId,
      feeStructureId,
      addedToBiometricMachine: true,
      biometricMachineId: 41,
      address: '12 MG Road, "Block B", Bengaluru',
      notes: '=not a formula',
      joinedOn: addDays(today, -400),
    },
    {
      name: 'Night Owl',
      mobile: '9812300002',
      validFrom: today,
      validTill: addDays(today, 30),
      roomId: rooms[0]!.id,
      seatNumber: 5,
      entryTime: '20:00:00',
      exitTime: '06:00:00',
      nextDayExit: true,
    },
    { name: 'Plain Member', mobile: '9812300003', validFrom: today, validTill: addDays(today, 1) },
  ];
  for (const m of members) await ok(post(source, '/api/user/createUser', m), 201);
});
afterAll(() => t.close());

describe('the members CSV round trip', () => {
  for (const lang of ['en', 'de', 'hi'] as const) {
    it(`imports a file exported in ${lang} as it is: no errors, the same members`, async () => {
      const file = await exported(source, lang);
      const before = csvOf(file);
      expect(before.rows).toHaveLength(3);
      const target = await orgWithCatalogue();
      // The file exactly as it was downloaded (byte order mark included).
      const csv = file.rawPayload.toString('utf8');
      const preview = await ok(post(target, '/api/user/previewImport', { csv }, { 'accept-language': lang }));
      expect(preview.rows.flatMap((r: { errors: unknown[] }) => r.errors)).toEqual([]);
      expect(preview).toMatchObject({ validCount: 3, errorCount: 0 });
      expect(preview.ignoredColumns).toEqual(ignored[lang]);
      const done = await ok(post(target, '/api/user/importUsers', { csv }, { 'accept-language': lang }));
      expect(done).toEqual({ imported: 3, skipped: 0, errors: [] });
      const after = csvOf(await exported(target, lang));
      expect(after.header).toEqual(before.header);
      expect(withoutKept(after.rows, lang)).toEqual(withoutKept(before.rows, lang));
    });
  }

  it('names a row problem by the column as the export spells it, in the file or the request language', async () => {
    const file = csvOf(await exported(source, 'de'));
    const target = await orgWithCatalogue();
    const at = (h: string) => file.header.indexOf(h);
    const meena = file.rows.find((r) => r.Name === 'Rao, Meena')!;
    const bad = file.header.map((h) => meena[h]!);
    bad[at('Gültig bis')] = addDays(today, -30);
    bad[at('Austritt am Folgetag')] = 'vielleicht';
    bad[at('Raum')] = 'Dachboden';
    const csv = [file.header, bad]
      .map((cells) => cells.map((c) => `"${c.replaceAll('"', '""')}"`).join(','))
      .join('\n');
    const preview = await ok(post(target, '/api/user/previewImport', { csv }, { 'accept-language': 'de' }));
    expect(preview.rows[0].errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'Austritt am Folgetag',
      'Gültig bis',
      'Raum',
    ]);
    expect(preview.rows[0].errors).toContainEqual(
      expect.objectContaining({ field: 'Austritt am Folgetag', code: 'IMPORT_USE_BOOLEAN' }),
    );

    // A file with the API's names (the earlier template) hears of its columns as the export names
    // them, in the request's language; so do the columns a file lacks.
    const keyed = `name,mobile,validFrom,validTill,nextDayExit\nA,9812300009,${today},${addDays(today, -1)},maybe\n`;
    const en = await ok(post(target, '/api/user/previewImport', { csv: keyed }));
    expect(en.rows[0].errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'Exit next day',
      'Valid till',
    ]);
    const missing = await post(
      target,
      '/api/user/previewImport',
      { csv: 'Name,E-Mail\nA,a@b.co\n' },
      {
        'accept-language': 'de',
      },
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([
      expect.objectContaining({
        code: 'IMPORT_MISSING_COLUMNS',
        params: { columns: 'Mobilnummer, Gültig ab, Gültig bis' },
      }),
    ]);
    const twice = await post(target, '/api/user/previewImport', {
      csv: 'name,Name,mobile,validFrom,validTill\n',
    });
    expect(twice.json().details).toEqual([
      expect.objectContaining({ code: 'IMPORT_REPEATED_COLUMNS', params: { columns: 'Name' } }),
    ]);
  });

  it('serves a template with the export headings in the screen language, yes/no and HH:MM', async () => {
    const template = async (lang: string) =>
      (
        await call(t, source.ownerToken, {
          method: 'GET',
          url: '/api/user/importTemplate',
          branchId: source.branchIds[0],
          headers: { 'accept-language': lang },
        })
      ).body
        .trim()
        .split('\r\n');
    const [head, example] = await template('en');
    expect(
      head!.startsWith('Name,Mobile,Email,Valid from,Valid till,Entry time,Exit time,Exit next day'),
    ).toBe(true);
    expect(example).toContain(',08:00,14:00,no,');
    const [kopf, beispiel] = await template('de');
    expect(kopf!.startsWith('Name,Mobilnummer,E-Mail,Gültig ab,Gültig bis')).toBe(true);
    expect(beispiel).toContain(',nein,');
    const [shirsh, udaharan] = await template('hi');
    expect(shirsh!.startsWith('नाम,मोबाइल,ई-मेल,वैध कब से,वैध कब तक,प्रवेश समय,निकास समय,निकास अगले दिन')).toBe(
      true,
    );
    expect(udaharan).toContain(',08:00,14:00,नहीं,');
    // With the byte order mark, so Excel reads the Devanagari as UTF-8.
    const raw = await call(t, source.ownerToken, {
      method: 'GET',
      url: '/api/user/importTemplate',
      branchId: source.branchIds[0],
      headers: { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' },
    });
    expect(raw.headers['content-language']).toBe('hi');
    expect([...raw.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('reads a Hindi file’s yes/no back, and its headings in either Unicode form of a nukta letter', async () => {
    const file = csvOf(await exported(source, 'hi'));
    // The export wrote Hindi yes/no: हाँ for the night member's exit next day, नहीं for the others.
    const byName = (n: string) => file.rows.find((r) => r['नाम'] === n)!;
    expect(byName('Night Owl')['निकास अगले दिन']).toBe('हाँ');
    expect(byName('Plain Member')['निकास अगले दिन']).toBe('नहीं');
    expect(byName('Rao, Meena')['बायोमेट्रिक मशीन में जोड़ा गया']).toBe('हाँ');
    // A file typed by hand: ड़ as one code point (U+095C; the export writes ड + nukta, U+0921 U+093C,
    // its normal form), हां without the candrabindu.
    const precomposed = 'जुड़ने की तारीख'.normalize('NFC').replace('\u0921\u093C', '\u095C');
    expect(precomposed).not.toBe('जुड़ने की तारीख'.normalize('NFC'));
    const csv =
      `नाम,मोबाइल,वैध कब से,वैध कब तक,प्रवेश समय,निकास समय,निकास अगले दिन,${precomposed}\n` +
      `Hindi Typed,9812300077,${today},${addDays(today, 30)},20:00,06:00,हां,${addDays(today, -3)}\n`;
    const target = await orgWithCatalogue();
    const preview = await ok(post(target, '/api/user/previewImport', { csv }, { 'accept-language': 'hi' }));
    expect(preview.rows[0].errors).toEqual([]);
    await ok(post(target, '/api/user/importUsers', { csv }, { 'accept-language': 'hi' }));
    const back = csvOf(await exported(target, 'hi')).rows[0]!;
    expect(back).toMatchObject({
      नाम: 'Hindi Typed',
      'निकास अगले दिन': 'हाँ',
      'जुड़ने की तारीख': addDays(today, -3),
    });
  });
});
