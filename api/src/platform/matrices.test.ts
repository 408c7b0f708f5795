// The permission and tenancy matrices (issue 20, point 2), over every /api route the server has:
// a new route is covered without editing this file.
// - Permissions: for each route that needs a module action, a role holding every permission except
//   that one is refused (403), and a role holding just that one is not refused for permission.
// - Tenancy: organisation B's owner calls every route with organisation A's ids (and A's branch in
//   the header): nothing of A comes back, and no row of A changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  fullPermissions,
  modulesImplyingRead,
  type ModuleName,
  type PermissionAction,
} from '@app/contract/modules';
import { call, createOrg, createStaff, startTestApp, type TestApp, type TestOrg } from '../test/harness.ts';
import { isoToday, moneyBranch, type MoneyBranch } from '../test/money.ts';
import { apiOperations, requestOf, urlOf, type ApiOperation } from '../test/openapi.ts';

let t: TestApp;
let operations: ApiOperation[];

beforeAll(async () => {
  t = await startTestApp();
  operations = await apiOperations(t.app);
});
afterAll(() => t.close());

const permissionRefused = 'You do not have permission to do this.';
const routeKey = (method: string, url: string) => `${method} ${url.replace(/:(\w+)/g, '{$1}')}`;

function send(token: string, o: ApiOperation, ids: Record<string, unknown>, branchId: number | null) {
  const { query, body } = requestOf(o, ids);
  return call(t, token, {
    method: o.method as 'GET',
    url: urlOf(o, query, ids[(o.op.parameters ?? []).find((p) => p.in === 'path')?.name ?? ''] ?? 1),
    branchId,
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

describe('the permission matrix', () => {
  it('refuses every route to a role lacking exactly its permission, and lets the permission through', async () => {
    const org = await createOrg(t, { branchCount: 1 });
    const byKey = new Map(operations.map((o) => [`${o.method} ${o.path}`, o]));
    const guarded = t.app.routeAccess.filter(
      (
        r,
      ): r is typeof r & {
        access: { module: ModuleName; action: PermissionAction; impliedRead?: boolean };
      } => typeof r.access === 'object',
    );
    expect(guarded.length).toBeGreaterThan(80);
    const tokens = new Map<string, { without: string; only: string }>();
    let checked = 0;
    for (const route of guarded) {
      const { module, action, impliedRead } = route.access;
      const key = `${module}.${action}${impliedRead ? '.implied' : ''}`;
      if (!tokens.has(key)) {
        // A read another module's permission implies is refused only when those are missing too.
        const implying: string[] = impliedRead ? modulesImplyingRead(module) : [];
        const without = fullPermissions().map((p) =>
          p.moduleUniqueName === module
            ? { ...p, [action]: false }
            : implying.includes(p.moduleUniqueName)
              ? { ...p, view: false, add: false, edit: false, delete: false }
              : p,
        );
        const only = fullPermissions().map((p) => ({
          ...p,
          view: p.moduleUniqueName === module && action === 'view',
          add: p.moduleUniqueName === module && action === 'add',
          edit: p.moduleUniqueName === module && action === 'edit',
          delete: p.moduleUniqueName === module && action === 'delete',
        }));
        tokens.set(key, {
          without: (await createStaff(t, org, without)).token,
          only: (await createStaff(t, org, only)).token,
        });
      }
      const o = byKey.get(routeKey(route.method, route.url));
      expect(o, `${route.method} ${route.url} is in the OpenAPI document`).toBeDefined();
      const { without, only } = tokens.get(key)!;
      const refused = await send(without, o!, {}, org.branchIds[0]!);
      expect(refused.statusCode, `${route.method} ${route.url} without ${key}: ${refused.body}`).toBe(403);
      expect(refused.json()).toMatchObject({ reason: 'FORBIDDEN', message: permissionRefused });
      const allowed = await send(only, o!, {}, org.branchIds[0]!);
      const json = String(allowed.headers['content-type']).includes('json');
      // Refused for the permission itself (a rule such as "the Owner role cannot be changed" may still say 403).
      const message = allowed.statusCode >= 400 && json ? allowed.json().message : 'ok';
      expect(message, `${route.method} ${route.url} with only ${key}`).not.toBe(permissionRefused);
      checked += 2;
    }
    console.log(`permission matrix: ${checked} requests over ${guarded.length} routes`);
  }, 300_000);
});

describe('the tenancy matrix', () => {
  let a: MoneyBranch;
  let b: TestOrg;
  const ids: Record<string, number> = {};
  const marker = `Tenant${Date.now()}`;

  beforeAll(async () => {
    a = await moneyBranch(t);
    b = await createOrg(t, { branchCount: 1 });
    const made = async (url: string, payload: object) => {
      const res = await a.send('POST', url, payload);
      expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(300);
      return res.json();
    };
    const p = await a.payment('cash');
    const refund = await made('/api/refund/createRefund', {
      paymentId: p.id,
      amount: 100,
      reason: marker,
      mode: 'cash',
    });
    const expense = await made('/api/expense/createExpense', {
      categoryId: a.categoryId,
      amount: 100,
      paidAt: isoToday(),
      mode: 'cash',
      payee: marker,
    });
    const room = await made('/api/room/createRoom', { name: `${marker} room`, capacity: 10 });
    const enquiry = await made('/api/enquiry/createEnquiry', {
      name: `${marker} enquiry`,
      mobile: '9000011111',
    });
    const pkg = await made('/api/package/createPackage', {
      packageName: `${marker} pkg`,
      downloadSpeed: 10,
      uploadSpeed: 10,
    });
    const [role] = (
      await t.db.execute<{ id: number }>(sql`select id from staff_roles where client_id = ${a.org.clientId}`)
    ).rows;
    Object.assign(ids, {
      userId: p.userId,
      paymentId: p.id,
      refundId: refund.id,
      expenseId: expense.id,
      roomId: room.id,
      enquiryId: enquiry.id,
      packageId: pkg.id,
      bankAccountId: a.bankAccountId,
      fromAccountId: a.cashAccountId,
      toAccountId: a.bankAccountId,
      categoryId: a.categoryId,
      feeStructureId: a.structureId,
      branchId: a.branchId,
      roleId: role!.id,
      staffId: a.org.ownerId,
      id: a.org.ownerId,
    });
    await t.db.execute(sql`update users set name = ${`${marker} member`} where id = ${p.userId}`);
  }, 120_000);

  /** Every row of A's organisation in the tables that hold its data, as one fingerprint. */
  const fingerprint = async () =>
    (
      await t.db.execute<{ f: string }>(sql`select md5(string_agg(x, '|' order by x)) as f from (
        select 'u' || row(u.*)::text as x from users u where client_id = ${a.org.clientId}
        union all select 'p' || row(p.*)::text from payments p where client_id = ${a.org.clientId}
        union all select 'r' || row(r.*)::text from refunds r where client_id = ${a.org.clientId}
        union all select 'e' || row(e.*)::text from expenses e where client_id = ${a.org.clientId}
        union all select 'b' || row(b.*)::text from bank_accounts b where client_id = ${a.org.clientId}
        union all select 's' || row(s.*)::text from staff s where client_id = ${a.org.clientId}
        union all select 'sr' || row(s.*)::text from staff_roles s where client_id = ${a.org.clientId}
        union all select 'br' || row(s.*)::text from branches s where client_id = ${a.org.clientId}
        union all select 'ro' || row(s.*)::text from rooms s where client_id = ${a.org.clientId}
        union all select 'en' || row(s.*)::text from enquiries s where client_id = ${a.org.clientId}
        union all select 'fs' || row(s.*)::text from fee_structures s where client_id = ${a.org.clientId}
        union all select 'ca' || row(s.*)::text from categories s where client_id = ${a.org.clientId}) rows`)
    ).rows[0]!.f;

  it("never shows or changes organisation A's rows to organisation B, whatever ids B sends", async () => {
    const before = await fingerprint();
    let sent = 0;
    const leaks: string[] = [];
    for (const o of operations) {
      if (o.path.startsWith('/api/authentication/') || o.path === '/api/receipt/verifyReceipt') continue;
      for (const branchId of [b.branchIds[0]!, a.branchId]) {
        const res = await send(b.ownerToken, o, ids, branchId);
        sent += 1;
        expect(res.statusCode, `${o.method} ${o.path}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        if (branchId === a.branchId && res.statusCode < 300) {
          // A's branch in B's header: only routes that ignore the branch may answer, and never with A's data.
          expect(res.body, `${o.method} ${o.path}`).not.toContain(marker);
        }
        if (res.body.includes(marker)) leaks.push(`${o.method} ${o.path} (branch ${branchId})`);
      }
    }
    expect(leaks).toEqual([]);
    expect(await fingerprint()).toBe(before);
    // The control: the same requests by A's own owner do find A's rows, so the check can see a leak.
    let seen = 0;
    for (const o of operations.filter((x) => x.method === 'GET')) {
      if ((await send(a.org.ownerToken, o, ids, a.branchId)).body.includes(marker)) seen += 1;
    }
    expect(seen).toBeGreaterThan(5);
    console.log(`tenancy matrix: ${sent} requests over ${operations.length} routes, 0 leaks, A unchanged`);
  }, 300_000);
});
