import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema.ts';
import {
  call,
  createOrg,
  createStaff,
  csvOf,
  only,
  startTestApp,
  type TestApp,
  type TestOrg,
} from '../../test/harness.ts';

let t: TestApp;
let a: TestOrg;
let b: TestOrg;

type Category = { id: number; name: string };

const create = (token: string, payload: Record<string, unknown>) =>
  call(t, token, { method: 'POST', url: '/api/category/createCategory', payload });
const update = (token: string, id: number, payload: Record<string, unknown>) =>
  call(t, token, { method: 'PUT', url: `/api/category/updateCategory?categoryId=${id}`, payload });
const get = (token: string, id: number) =>
  call(t, token, { method: 'GET', url: `/api/category/getCategory?categoryId=${id}` });
const remove = (token: string, id: number) =>
  call(t, token, { method: 'DELETE', url: `/api/category/deleteCategory?categoryId=${id}` });
const list = (token: string, qs = '') =>
  call(t, token, { method: 'GET', url: `/api/category/getCategories${qs}` });
const names = (res: { json: () => { items: Category[] } }) => res.json().items.map((x) => x.name);

beforeAll(async () => {
  t = await startTestApp();
  a = await createOrg(t);
  b = await createOrg(t);
  const seed = [
    { name: 'Rent', description: 'Monthly premises rent' },
    { name: 'electricity', description: 'Power bill' },
    { name: 'Internet' },
    { name: 'Salaries' },
    { name: 'Housekeeping', status: false },
    { name: 'Stationery_100%' },
  ];
  for (const c of seed) expect((await create(a.ownerToken, c)).statusCode).toBe(201);
  expect((await create(b.ownerToken, { name: 'B category' })).statusCode).toBe(201);
});
afterAll(() => t.close());

describe('expense categories', () => {
  it('pages and sorts by name both ways', async () => {
    expect((await list(a.ownerToken)).json()).toMatchObject({ total: 6, page: 0, pageSize: 5 });
    expect((await list(a.ownerToken, '?page=1')).json().items).toHaveLength(1);
    const asc = names(await list(a.ownerToken, '?sort=name&pageSize=10'));
    expect(asc).toHaveLength(6);
    expect(names(await list(a.ownerToken, '?sort=-name&pageSize=10'))).toEqual([...asc].reverse());
    expect((await list(a.ownerToken, '?sort=description')).statusCode).toBe(400);
    expect((await list(a.ownerToken, '?pageSize=7')).statusCode).toBe(400);
  });

  it('searches name and description with literal wildcards, and filters by status', async () => {
    expect(names(await list(a.ownerToken, '?q=POWER'))).toEqual(['electricity']);
    expect(names(await list(a.ownerToken, '?q=_100'))).toEqual(['Stationery_100%']);
    expect(names(await list(a.ownerToken, '?q=%25'))).toEqual(['Stationery_100%']);
    expect(names(await list(a.ownerToken, '?status=false'))).toEqual(['Housekeeping']);
    expect((await list(a.ownerToken, '?status=true')).json().total).toBe(5);
  });

  it('creates, reads, updates and deletes, writing audit rows', async () => {
    const created = await create(a.ownerToken, { name: '  Repairs  ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Repairs', description: '', status: true });
    const id = created.json().id;
    expect((await get(a.ownerToken, id)).json().name).toBe('Repairs');
    const updated = await update(a.ownerToken, id, { name: 'Repairs & upkeep', status: false });
    expect(updated.json()).toMatchObject({ name: 'Repairs & upkeep', status: false });
    expect((await remove(a.ownerToken, id)).statusCode).toBe(204);
    expect((await get(a.ownerToken, id)).statusCode).toBe(404);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'category'), eq(auditLog.entityId, String(id))));
    expect(audit.map((r) => r.action).sort()).toEqual(['create', 'delete', 'update']);
    const upd = audit.find((r) => r.action === 'update')!;
    expect(upd.before).toMatchObject({ name: 'Repairs' });
    expect(upd.after).toMatchObject({ name: 'Repairs & upkeep' });
  });

  it('answers a duplicate name (any case) with 409', async () => {
    const res = await create(a.ownerToken, { name: 'RENT' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      reason: 'CONFLICT',
      message: 'A category with this name already exists.',
    });
    expect((await create(b.ownerToken, { name: 'Rent' })).statusCode).toBe(201);
  });

  it('refuses invalid fields with a detail per field', async () => {
    const res = await create(a.ownerToken, { name: ' ', description: 5, status: 'on' });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['body.description', 'body.name', 'body.status']);
  });

  it('exports the filtered rows as CSV', async () => {
    const res = await call(t, a.ownerToken, {
      method: 'GET',
      url: '/api/category/exportCategories?status=true&sort=-name',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="category-\d{4}-\d{2}-\d{2}\.csv"/);
    const { header, rows } = csvOf(res);
    expect(header).toEqual(['Name', 'Description', 'Active']);
    const exported = rows.map((r) => r.Name);
    expect(exported).toEqual(names(await list(a.ownerToken, '?status=true&sort=-name&pageSize=100')));
    expect(exported).toHaveLength(5);
    expect(exported).not.toContain('Housekeeping');
  });

  it('refuses each action without its permission', async () => {
    const nobody = await createStaff(t, a, only({ expenses: 'vaed' }));
    const viewer = await createStaff(t, a, only({ categories: 'v' }));
    const editor = await createStaff(t, a, only({ categories: 'e' }));
    const [rent] = (await list(a.ownerToken, '?q=Rent')).json().items;
    expect((await list(nobody.token)).statusCode).toBe(403);
    expect((await get(nobody.token, rent.id)).statusCode).toBe(403);
    expect((await list(viewer.token)).statusCode).toBe(200);
    expect((await create(viewer.token, { name: 'X' })).statusCode).toBe(403);
    expect((await update(viewer.token, rent.id, { name: 'Rent' })).statusCode).toBe(403);
    expect((await update(editor.token, rent.id, { name: 'Rent' })).statusCode).toBe(200);
    expect((await remove(editor.token, rent.id)).statusCode).toBe(403);
  });

  it('keeps organisations apart', async () => {
    const [rent] = (await list(a.ownerToken, '?q=Rent')).json().items;
    expect(names(await list(b.ownerToken, '?sort=name')).sort()).toEqual(['B category', 'Rent']);
    expect((await get(b.ownerToken, rent.id)).statusCode).toBe(404);
    expect((await update(b.ownerToken, rent.id, { name: 'Hacked' })).statusCode).toBe(404);
    expect((await remove(b.ownerToken, rent.id)).statusCode).toBe(404);
    expect((await get(a.ownerToken, rent.id)).json().name).toBe('Rent');
  });
});
