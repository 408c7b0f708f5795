import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, packages } from '../../db/schema.ts';
import {
  call,
  createOrg,
  csvOf,
  createStaff,
  only,
  startTestApp,
  type TestApp,
  type TestOrg,
} from '../../test/harness.ts';

let t: TestApp;
let a: TestOrg;
let b: TestOrg;

type Pkg = { id: number; packageName: string; uniqueName: string; [k: string]: unknown };

const create = (token: string, payload: Record<string, unknown>) =>
  call(t, token, { method: 'POST', url: '/api/package/createPackage', payload });
const list = (token: string, qs = '') =>
  call(t, token, { method: 'GET', url: `/api/package/getPackages${qs}` });
const names = (res: { json: () => { items: Pkg[] } }) => res.json().items.map((p) => p.packageName);

beforeAll(async () => {
  t = await startTestApp();
  a = await createOrg(t);
  b = await createOrg(t);
  const seed = [
    { packageName: 'Basic 10 Mbps', downloadSpeed: 10, uploadSpeed: 5 },
    { packageName: 'standard 25 Mbps', downloadSpeed: 25, uploadSpeed: 10, totalData: 200 },
    { packageName: 'Unlimited 50 Mbps', downloadSpeed: 50, uploadSpeed: 25 },
    { packageName: 'Lite 2.5', downloadSpeed: 2.5, uploadSpeed: 0.512, sessionTime: 120, totalData: 1.5 },
    { packageName: 'Old 100%', downloadSpeed: 1, uploadSpeed: 1, status: false },
    { packageName: 'Fibre 100', downloadSpeed: 100, uploadSpeed: 100 },
  ];
  for (const p of seed) expect((await create(a.ownerToken, p)).statusCode).toBe(201);
});
afterAll(() => t.close());

describe('packages', () => {
  it('pages, with the total', async () => {
    const first = (await list(a.ownerToken)).json();
    expect(first).toMatchObject({ total: 6, page: 0, pageSize: 5 });
    expect(first.items).toHaveLength(5);
    expect((await list(a.ownerToken, '?page=1')).json().items).toHaveLength(1);
  });

  it('sorts by downloadSpeed (numerically) and by packageName both ways', async () => {
    const bySpeed = (await list(a.ownerToken, '?sort=downloadSpeed&pageSize=10'))
      .json()
      .items.map((p: Pkg) => p.downloadSpeed);
    expect(bySpeed).toEqual([1, 2.5, 10, 25, 50, 100]);
    const desc = (await list(a.ownerToken, '?sort=-downloadSpeed&pageSize=10'))
      .json()
      .items.map((p: Pkg) => p.downloadSpeed);
    expect(desc).toEqual([100, 50, 25, 10, 2.5, 1]);
    const asc = names(await list(a.ownerToken, '?sort=packageName&pageSize=10'));
    expect(names(await list(a.ownerToken, '?sort=-packageName&pageSize=10'))).toEqual([...asc].reverse());
    expect((await list(a.ownerToken, '?sort=adminId')).statusCode).toBe(400);
  });

  it('searches packageName and uniqueName, case-insensitively, % literal', async () => {
    expect(names(await list(a.ownerToken, '?q=UNLIMITED'))).toEqual(['Unlimited 50 Mbps']);
    // Only the unique name holds 'standard-25'.
    expect(names(await list(a.ownerToken, '?q=standard-25'))).toEqual(['standard 25 Mbps']);
    expect(names(await list(a.ownerToken, '?q=100%25'))).toEqual(['Old 100%']);
  });

  it('filters by status', async () => {
    expect(names(await list(a.ownerToken, '?status=false'))).toEqual(['Old 100%']);
    expect((await list(a.ownerToken, '?status=true')).json().total).toBe(5);
    expect((await list(a.ownerToken, '?status=maybe')).statusCode).toBe(400);
  });

  it('keeps decimal speeds and data exact and answers every field', async () => {
    const [lite] = (await list(a.ownerToken, '?q=Lite')).json().items;
    expect(lite).toMatchObject({
      packageName: 'Lite 2.5',
      uniqueName: 'lite-2-5',
      adminId: a.ownerId,
      downloadSpeed: 2.5,
      uploadSpeed: 0.512,
      sessionTime: 120,
      totalData: 1.5,
      status: true,
    });
    const [row] = await t.db.select().from(packages).where(eq(packages.id, lite.id));
    expect(row).toMatchObject({ downloadKbps: 2500, uploadKbps: 512, totalDataMb: 1500 });
  });

  it('defaults sessionTime and totalData to 0 (unlimited) and status to on', async () => {
    const res = await create(a.ownerToken, { packageName: 'Defaults', downloadSpeed: 5, uploadSpeed: 5 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ sessionTime: 0, totalData: 0, devicesPerMember: 1, status: true });
  });

  it('generates the unique name from packageName and de-duplicates it with -2, -3', async () => {
    const p = { packageName: 'Night Owl 20 Mbps!', downloadSpeed: 20, uploadSpeed: 10 };
    const first = (await create(a.ownerToken, p)).json();
    const second = (await create(a.ownerToken, p)).json();
    const third = (await create(a.ownerToken, { ...p, packageName: 'night owl 20 mbps' })).json();
    expect([first.uniqueName, second.uniqueName, third.uniqueName]).toEqual([
      'night-owl-20-mbps',
      'night-owl-20-mbps-2',
      'night-owl-20-mbps-3',
    ]);
    // A freed suffix is reused before a higher one is invented.
    await call(t, a.ownerToken, {
      method: 'DELETE',
      url: `/api/package/deletePackage?packageId=${second.id}`,
    });
    expect((await create(a.ownerToken, p)).json().uniqueName).toBe('night-owl-20-mbps-2');
    // Nothing usable in the name: a fallback slug.
    expect((await create(a.ownerToken, { ...p, packageName: '★★★' })).json().uniqueName).toBe('package');
    // Accents are folded.
    expect((await create(a.ownerToken, { ...p, packageName: 'Café Süd' })).json().uniqueName).toBe(
      'cafe-sud',
    );
  });

  it('answers 409 when a unique name typed by a person is taken; other organisations may use it', async () => {
    const res = await create(a.ownerToken, {
      packageName: 'Anything',
      uniqueName: 'Basic-10-Mbps',
      downloadSpeed: 1,
      uploadSpeed: 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      reason: 'CONFLICT',
      message: 'A package with this unique name already exists.',
    });
    const other = await create(b.ownerToken, {
      packageName: 'Basic 10 Mbps',
      downloadSpeed: 1,
      uploadSpeed: 1,
    });
    expect(other.json().uniqueName).toBe('basic-10-mbps');
  });

  it('sets adminId from the caller on create only, never from the body', async () => {
    const editor = await createStaff(t, a, only({ packages: 'vae' }));
    const created = await create(editor.token, {
      packageName: 'Made by editor',
      downloadSpeed: 1,
      uploadSpeed: 1,
      adminId: a.ownerId,
    });
    expect(created.json().adminId).toBe(editor.staffId);
    const updated = await call(t, a.ownerToken, {
      method: 'PUT',
      url: `/api/package/updatePackage?packageId=${created.json().id}`,
      payload: { packageName: 'Edited by owner', downloadSpeed: 2, uploadSpeed: 2, adminId: 12345 },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ packageName: 'Edited by owner', adminId: editor.staffId });
  });

  it('updates, keeping the unique name when none is sent and changing it when one is', async () => {
    const created = (
      await create(a.ownerToken, { packageName: 'Upd Me', downloadSpeed: 3, uploadSpeed: 1 })
    ).json();
    const url = `/api/package/updatePackage?packageId=${created.id}`;
    const renamed = await call(t, a.ownerToken, {
      method: 'PUT',
      url,
      payload: { packageName: 'Updated Name', downloadSpeed: 4, uploadSpeed: 2, status: false },
    });
    expect(renamed.json()).toMatchObject({
      uniqueName: 'upd-me',
      packageName: 'Updated Name',
      downloadSpeed: 4,
      status: false,
    });
    const reslug = await call(t, a.ownerToken, {
      method: 'PUT',
      url,
      payload: { packageName: 'Updated Name', uniqueName: 'updated', downloadSpeed: 4, uploadSpeed: 2 },
    });
    expect(reslug.json().uniqueName).toBe('updated');
    const clash = await call(t, a.ownerToken, {
      method: 'PUT',
      url,
      payload: { packageName: 'x', uniqueName: 'fibre-100', downloadSpeed: 4, uploadSpeed: 2 },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('A package with this unique name already exists.');
  });

  it('refuses invalid fields with a detail per field', async () => {
    const res = await create(a.ownerToken, {
      packageName: '  ',
      uniqueName: 'Not a slug!',
      downloadSpeed: 0,
      uploadSpeed: 1.2345,
      sessionTime: -1,
      totalData: 'lots',
      devicesPerMember: 0,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toBe('VALIDATION_FAILED');
    const paths = res.json().details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'body.packageName',
        'body.uniqueName',
        'body.downloadSpeed',
        'body.uploadSpeed',
        'body.sessionTime',
        'body.totalData',
        'body.devicesPerMember',
      ]),
    );
    const missing = await create(a.ownerToken, { packageName: 'No speeds' });
    expect(missing.json().details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['body.downloadSpeed', 'body.uploadSpeed']),
    );
  });

  it('deletes a package with an audit row; refuses one used by a fee structure with the count', async () => {
    const gone = (
      await create(a.ownerToken, { packageName: 'Delete me', downloadSpeed: 1, uploadSpeed: 1 })
    ).json();
    const del = await call(t, a.ownerToken, {
      method: 'DELETE',
      url: `/api/package/deletePackage?packageId=${gone.id}`,
    });
    expect(del.statusCode).toBe(204);
    expect(
      (await call(t, a.ownerToken, { method: 'GET', url: `/api/package/getPackage?packageId=${gone.id}` }))
        .statusCode,
    ).toBe(404);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'package'), eq(auditLog.entityId, String(gone.id))));
    expect(audit.map((r) => r.action).sort()).toEqual(['create', 'delete']);

    const used = (await list(a.ownerToken, '?q=Fibre')).json().items[0];
    const feeType = (
      await call(t, a.ownerToken, {
        method: 'POST',
        url: '/api/feeType/createFeeType',
        payload: { name: 'WiFi fee' },
      })
    ).json();
    for (const name of ['With WiFi A', 'With WiFi B']) {
      const fs = await call(t, a.ownerToken, {
        method: 'POST',
        url: '/api/feeStructure/createFeeStructure',
        payload: {
          name,
          lines: [{ feeTypeId: feeType.id, amount: 50000 }],
          durationDays: 30,
          packageId: used.id,
        },
      });
      expect(fs.statusCode).toBe(201);
    }
    const refused = await call(t, a.ownerToken, {
      method: 'DELETE',
      url: `/api/package/deletePackage?packageId=${used.id}`,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ reason: 'CONFLICT', message: 'Used by 2 fee structure(s).' });
  });

  it('exports the filtered rows as CSV with readable headers, units and the creator by name', async () => {
    const res = await call(t, a.ownerToken, {
      method: 'GET',
      url: '/api/package/exportPackages?status=true&sort=-downloadSpeed',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const { header, rows } = csvOf(res);
    expect(header).toEqual([
      'Package name',
      'Unique name',
      'Download (Mbit/s)',
      'Upload (Mbit/s)',
      'Session time (min)',
      'Data per period (GB)',
      'Devices per member',
      'Active',
      'Created by',
    ]);
    const exported = rows.map((r) => r['Package name']);
    const expected = names(await list(a.ownerToken, '?status=true&sort=-downloadSpeed&pageSize=100'));
    expect(exported).toEqual(expected);
    expect(exported).not.toContain('Old 100%');
    expect(exported[0]).toBe('Fibre 100');
    const lite = rows.find((r) => r['Package name'] === 'Lite 2.5')!;
    expect(lite).toMatchObject({
      'Download (Mbit/s)': '2.5',
      'Upload (Mbit/s)': '0.512',
      'Session time (min)': '120',
      'Data per period (GB)': '1.5',
      Active: 'yes',
      'Created by': a.ownerName,
    });
  });

  it('exports in German for a German request', async () => {
    const res = await call(t, a.ownerToken, {
      method: 'GET',
      url: '/api/package/exportPackages?q=lite',
      headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' },
    });
    expect(res.headers['content-language']).toBe('de');
    const { header, rows } = csvOf(res);
    expect(header.slice(0, 3)).toEqual(['Paketname', 'Eindeutiger Name', 'Download (Mbit/s)']);
    expect(rows).toEqual([expect.objectContaining({ Paketname: 'Lite 2.5', Aktiv: 'ja' })]);
  });

  it('refuses each action without its permission', async () => {
    const nobody = await createStaff(t, a, only({}));
    const viewer = await createStaff(t, a, only({ packages: 'v' }));
    const adder = await createStaff(t, a, only({ packages: 'a' }));
    const id = (await list(a.ownerToken)).json().items[0].id;
    const body = { packageName: 'Perm', downloadSpeed: 1, uploadSpeed: 1 };
    expect((await list(nobody.token)).json().reason).toBe('FORBIDDEN');
    expect((await list(adder.token)).statusCode).toBe(403);
    expect((await list(viewer.token)).statusCode).toBe(200);
    expect(
      (await call(t, nobody.token, { method: 'GET', url: `/api/package/getPackage?packageId=${id}` }))
        .statusCode,
    ).toBe(403);
    expect((await create(viewer.token, body)).statusCode).toBe(403);
    expect((await create(adder.token, body)).statusCode).toBe(201);
    const put = (token: string) =>
      call(t, token, { method: 'PUT', url: `/api/package/updatePackage?packageId=${id}`, payload: body });
    expect((await put(viewer.token)).statusCode).toBe(403);
    expect((await put(adder.token)).statusCode).toBe(403);
    const del = (token: string) =>
      call(t, token, { method: 'DELETE', url: `/api/package/deletePackage?packageId=${id}` });
    expect((await del(viewer.token)).statusCode).toBe(403);
    expect(
      (await call(t, nobody.token, { method: 'GET', url: '/api/package/exportPackages' })).statusCode,
    ).toBe(403);
  });

  it('keeps organisations apart', async () => {
    const aPkg = (await list(a.ownerToken)).json().items[0];
    const bList = (await list(b.ownerToken, '?pageSize=100')).json();
    expect(bList.items.map((p: Pkg) => p.id)).not.toContain(aPkg.id);
    expect(bList.total).toBe(1);
    const get = await call(t, b.ownerToken, {
      method: 'GET',
      url: `/api/package/getPackage?packageId=${aPkg.id}`,
    });
    expect(get.statusCode).toBe(404);
    const put = await call(t, b.ownerToken, {
      method: 'PUT',
      url: `/api/package/updatePackage?packageId=${aPkg.id}`,
      payload: { packageName: 'Hacked', downloadSpeed: 1, uploadSpeed: 1 },
    });
    expect(put.statusCode).toBe(404);
    const del = await call(t, b.ownerToken, {
      method: 'DELETE',
      url: `/api/package/deletePackage?packageId=${aPkg.id}`,
    });
    expect(del.statusCode).toBe(404);
    const still = await call(t, a.ownerToken, {
      method: 'GET',
      url: `/api/package/getPackage?packageId=${aPkg.id}`,
    });
    expect(still.json().packageName).toBe(aPkg.packageName);
    const csv = await call(t, b.ownerToken, { method: 'GET', url: '/api/package/exportPackages' });
    expect(csvOf(csv).rows.map((r) => r['Package name'])).toEqual(bList.items.map((p: Pkg) => p.packageName));
  });
});
