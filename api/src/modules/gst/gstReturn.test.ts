import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { GstReturn, TaxDocument } from '@app/contract/gst';
import { users } from '../../db/schema.ts';
import { parseCsv } from '../../platform/csvParse.ts';
import {
  call,
  createOrg,
  createStaff,
  only,
  startTestApp,
  type TestApp,
  type TestOrg,
} from '../../test/harness.ts';
import { gstReturnHeadings } from './gstReturn.ts';

// The month's return figures (issue 44, point 4): every figure against the payments, refunds and
// voids of the month and GSTIN, and the offline tool's CSV files.

const gstin = '27AAPFU0939F1ZV';
const otherGstin = '29AAGCB7383J1Z4';
const memberGstin = '29AABCT1332L1ZA';

let t: TestApp;
let org: TestOrg;
let a: number;
let b: number;
let c: number;
let structure: number;
let mobile = 9_600_000_000;
const today = new Date().toISOString().slice(0, 10);
const month = today.slice(0, 7);

const send = (method: 'GET' | 'POST' | 'PUT', url: string, branchId: number, payload?: object) =>
  call(t, org.ownerToken, { method, url, branchId, ...(payload && { payload }) });

async function pay(branchId: number, opts: { memberGstin?: string } = {}) {
  const member = await send('POST', '/api/user/createUser', branchId, {
    name: `Member ${mobile}`,
    mobile: String(++mobile),
    validFrom: today,
    validTill: today,
  });
  expect(member.statusCode, member.body).toBe(201);
  const userId = member.json().userId;
  if (opts.memberGstin) await t.db.update(users).set({ gstin: opts.memberGstin }).where(eq(users.id, userId));
  const res = await send('POST', '/api/payment/createPayment', branchId, {
    userId,
    feeStructureId: structure,
    received: 118000,
    mode: 'cash',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

async function refund(branchId: number, paymentId: number, amount: number) {
  const res = await send('POST', '/api/refund/createRefund', branchId, {
    paymentId,
    amount,
    reason: 'Left',
    mode: 'cash',
  });
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrg(t, { branchCount: 3 });
  [a, b, c] = org.branchIds as [number, number, number];
  const seat = (await send('POST', '/api/feeType/createFeeType', a, { name: 'Seat', sac: '997212' })).json()
    .id;
  const locker = (
    await send('POST', '/api/feeType/createFeeType', a, { name: 'Locker', sac: '999799', gstRate: 12 })
  ).json().id;
  structure = (
    await send('POST', '/api/feeStructure/createFeeStructure', a, {
      name: 'Monthly',
      durationDays: 30,
      lines: [
        { feeTypeId: seat, amount: 99999 },
        { feeTypeId: locker, amount: 18001 },
      ],
    })
  ).json().id;
  // A and B share one GSTIN (same state); C has its own.
  for (const [branchId, id, state] of [
    [a, gstin, '27'],
    [b, gstin, '27'],
    [c, otherGstin, '29'],
  ] as const) {
    const res = await send('PUT', `/api/branch/updateGst?branchId=${branchId}`, branchId, {
      registered: true,
      gstin: id,
      legalName: 'Reading Room LLP',
      stateCode: state,
      scheme: 'regular',
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const b2c = [await pay(a), await pay(a), await pay(a), await pay(b), await pay(b)];
  const b2b = [await pay(a, { memberGstin }), await pay(b, { memberGstin })];
  await pay(c);
  await refund(a, b2c[0]!, 50000);
  await refund(b, b2c[3]!, 117999);
  await refund(a, b2b[0]!, 33333);
  const voided = await send('PUT', `/api/payment/voidPayment?paymentId=${b2c[1]}`, a, {
    reason: 'Wrong member',
  });
  expect(voided.statusCode, voided.body).toBe(200);
  const voidedB2b = await send('PUT', `/api/payment/voidPayment?paymentId=${b2b[1]}`, b, { reason: 'Twice' });
  expect(voidedB2b.statusCode, voidedB2b.body).toBe(200);
});
afterAll(() => t.close());

const getReturn = async (g = gstin) => {
  const res = await call(t, org.ownerToken, {
    method: 'GET',
    url: `/api/gst/getReturn?gstin=${g}&month=${month}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as GstReturn;
};

/** The month's payments, refunds and voids of branches A and B, as their lists give them. */
async function lists() {
  let payments: { id: number; total: number; status: string }[] = [];
  let refunds: { amount: number; paymentId: number }[] = [];
  const documents: TaxDocument[] = [];
  for (const branchId of [a, b]) {
    const p = (
      await send('GET', `/api/payment/getPayments?from=${today}&to=${today}&pageSize=100`, branchId)
    ).json().items as { id: number; total: number; status: string }[];
    payments = payments.concat(p);
    refunds = refunds.concat(
      (await send('GET', `/api/refund/getRefunds?pageSize=100`, branchId)).json().items as {
        amount: number;
        paymentId: number;
      }[],
    );
    for (const { id } of p) {
      documents.push(
        ...(await send('GET', `/api/gst/getTaxDocuments?paymentId=${id}`, branchId)).json().items,
      );
    }
  }
  return { payments, refunds, documents };
}

const gross = (r: { taxable: number; igst: number; cgst: number; sgst: number }) =>
  r.taxable + r.igst + r.cgst + r.sgst;
const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((s, r) => s + f(r), 0);

describe('GSTR-1 figures of a GSTIN and month', () => {
  it('every figure equals the sums of the month’s payments, refunds and voids under the GSTIN', async () => {
    const ret = await getReturn();
    const { payments, refunds, documents } = await lists();
    expect(payments).toHaveLength(7);
    const invoiced = sum(payments, (p) => p.total);
    const credited =
      sum(refunds, (r) => r.amount) +
      sum(
        payments.filter((p) => p.status === 'voided'),
        (p) => p.total,
      );
    expect(credited).toBe(50000 + 117999 + 33333 + 2 * 118000);

    // B2B: one row per invoice and rate; the member's state is the place of supply, so IGST.
    expect(ret.b2b).toHaveLength(4);
    expect(new Set(ret.b2b.map((r) => r.number)).size).toBe(2);
    expect(ret.b2b.every((r) => r.placeOfSupply === '29' && r.cgst === 0 && r.igst > 0)).toBe(true);
    expect(ret.b2b.every((r) => r.recipientGstin === memberGstin)).toBe(true);
    const b2bGross = sum(ret.b2b, gross);
    expect(b2bGross).toBe(2 * 118000);
    // CDNR: the B2B member's refund and void.
    expect(sum(ret.cdnr, gross)).toBe(33333 + 118000);
    expect(new Set(ret.cdnr.map((r) => r.number)).size).toBe(2);
    // B2CS: the other invoices less their credit notes, by place of supply and rate.
    expect(ret.b2cs.map((r) => [r.placeOfSupply, r.rate])).toEqual([
      ['27', 12],
      ['27', 18],
    ]);
    expect(sum(ret.b2cs, gross)).toBe(5 * 118000 - (50000 + 117999 + 118000));
    expect(ret.b2cs.every((r) => r.igst === 0 && r.cgst === r.sgst)).toBe(true);
    expect(ret.cdnur).toEqual([]);
    // Together: what was invoiced less what was credited.
    expect(b2bGross + sum(ret.b2cs, gross) - sum(ret.cdnr, gross)).toBe(invoiced - credited);
    // HSN: by SAC and rate, net of every credit note.
    expect(ret.hsn.map((r) => [r.sac, r.rate])).toEqual([
      ['997212', 18],
      ['999799', 12],
    ]);
    expect(sum(ret.hsn, (r) => r.value)).toBe(invoiced - credited);
    expect(sum(ret.hsn, gross)).toBe(invoiced - credited);
    // The tax of each section is the tax of its documents' lines.
    const lines = (kind: string) => documents.filter((d) => d.kind === kind);
    const tax = (d: TaxDocument[]) => sum(d, (x) => x.igst + x.cgst + x.sgst);
    expect(sum(ret.hsn, (r) => r.igst + r.cgst + r.sgst)).toBe(
      tax(lines('invoice')) - tax(lines('creditNote')),
    );

    // Documents issued: the lists' invoices and credit notes, first and last number, none cancelled.
    const numbers = (kind: string) =>
      lines(kind)
        .map((d) => d.number)
        .sort();
    expect(ret.docs).toEqual([
      {
        nature: 'Invoices for outward supply',
        from: numbers('invoice')[0],
        to: numbers('invoice').at(-1),
        total: 7,
        cancelled: 0,
      },
      {
        nature: 'Credit Note',
        from: numbers('creditNote')[0],
        to: numbers('creditNote').at(-1),
        total: 5,
        cancelled: 0,
      },
    ]);
  });

  it("keeps another GSTIN's documents apart", async () => {
    const ret = await getReturn(otherGstin);
    expect(ret.docs).toEqual([
      {
        nature: 'Invoices for outward supply',
        from: expect.stringMatching(/00001$/),
        to: expect.any(String),
        total: 1,
        cancelled: 0,
      },
    ]);
    expect(sum(ret.b2cs, gross)).toBe(118000);
    expect(ret.b2cs.map((r) => r.placeOfSupply)).toEqual(['29', '29']);
  });

  it('downloads each section as the offline tool’s CSV with its headings', async () => {
    const ret = await getReturn();
    for (const file of ['b2b', 'b2cs', 'cdnr', 'cdnur', 'hsn', 'docs'] as const) {
      const res = await call(t, org.ownerToken, {
        method: 'GET',
        url: `/api/gst/getReturn?gstin=${gstin}&month=${month}&file=${file}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      const [head, ...rows] = parseCsv(res.body)
        .map((r) => r.cells)
        .filter((cells) => cells.some((v) => v !== ''));
      expect(head).toEqual(gstReturnHeadings[file]);
      expect(rows).toHaveLength(file === 'cdnur' ? 0 : (ret[file] as unknown[]).length);
      if (file === 'b2cs') {
        expect(rows[1]).toEqual([
          'OE',
          '27-Maharashtra',
          '',
          '18',
          (ret.b2cs[1]!.taxable / 100).toFixed(2),
          '0.00',
          '',
        ]);
      }
      if (file === 'b2b') {
        const [y, m, d] = today.split('-');
        const mon = new Date(`${today}T00:00:00Z`).toLocaleString('en', { month: 'short', timeZone: 'UTC' });
        expect(rows[0]!.slice(0, 7)).toEqual([
          memberGstin,
          expect.any(String),
          ret.b2b[0]!.number,
          `${d}-${mon}-${y}`,
          '1180.00',
          '29-Karnataka',
          'N',
        ]);
        expect(m).toBe(month.slice(5));
      }
    }
  });

  it('refuses a GSTIN with a wrong check character, and a caller who cannot read every branch under it', async () => {
    const bad = await call(t, org.ownerToken, {
      method: 'GET',
      url: `/api/gst/getReturn?gstin=27AAPFU0939F1ZW&month=${month}`,
    });
    expect(bad.statusCode).toBe(400);
    const clerk = await createStaff(t, org, only({ payments: 'v' }), { branchIds: [a] });
    const res = await call(t, clerk.token, {
      method: 'GET',
      url: `/api/gst/getReturn?gstin=${gstin}&month=${month}`,
    });
    expect(res.statusCode).toBe(403);
    // Another organisation sees nothing under the same GSTIN.
    const other = await createOrg(t, { branchCount: 1 });
    const empty = await call(t, other.ownerToken, {
      method: 'GET',
      url: `/api/gst/getReturn?gstin=${gstin}&month=${month}`,
    });
    expect(empty.json()).toMatchObject({ b2b: [], b2cs: [], cdnr: [], hsn: [], docs: [] });
  });
});
