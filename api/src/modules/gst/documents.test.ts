import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import { gstRates, splitInclusive, spread, type TaxDocument } from '@app/contract/gst';
import { clients, documentCounters, payments, taxDocuments, users } from '../../db/schema.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { call, createOrg, startTestApp, type TestApp, type TestOrg } from '../../test/harness.ts';
import { issueForPayment, nextInSeries } from './issue.ts';

// Tax invoices, bills of supply and credit notes (issue 44, points 2 and 3).

const gstin = '27AAPFU0939F1ZV';
const numberForm = /^[A-Za-z0-9/-]{1,16}$/;

function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();
}

describe('splitting a tax-inclusive amount (property)', () => {
  it('taxable value + tax is the line exactly, CGST = SGST, and the tax is the exact one to the paisa', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_000 }),
        fc.constantFrom(...gstRates),
        fc.constantFrom('intra' as const, 'inter' as const),
        (amount, rate, supply) => {
          const s = splitInclusive(amount, rate, supply);
          expect(s.taxable + s.cgst + s.sgst + s.igst).toBe(amount);
          expect(s.taxable).toBeGreaterThanOrEqual(0);
          const exact = (amount * rate) / (100 + rate);
          if (supply === 'intra') {
            expect(s.cgst).toBe(s.sgst);
            expect(s.igst).toBe(0);
            // Each half is rounded: the whole tax is within one paisa of the exact tax.
            expect(Math.abs(s.cgst - exact / 2)).toBeLessThanOrEqual(0.5);
          } else {
            expect(s.cgst + s.sgst).toBe(0);
            expect(Math.abs(s.igst - exact)).toBeLessThanOrEqual(0.5);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('a credit spread over lines adds up to the credit, each part at most its line', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 6 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lines, share) => {
          const total = lines.reduce((a, b) => a + b, 0);
          const credit = Math.floor(total * share);
          const parts = spread(credit, lines);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(credit);
          parts.forEach((p, i) => expect(p).toBeLessThanOrEqual(lines[i]!));
        },
      ),
    );
  });

  it('rounds half up per half (₹900 at 18 %: 68.64 each, taxable 762.72)', () => {
    expect(splitInclusive(90000, 18, 'intra')).toEqual({ taxable: 76272, cgst: 6864, sgst: 6864, igst: 0 });
    expect(splitInclusive(90000, 18, 'inter')).toEqual({ taxable: 76271, cgst: 0, sgst: 0, igst: 13729 });
    expect(splitInclusive(10000, 12, 'intra')).toEqual({ taxable: 8928, cgst: 536, sgst: 536, igst: 0 });
  });
});

describe('GST documents of payments, refunds and voids', () => {
  let t: TestApp;
  let org: TestOrg;
  let branchId: number;
  let billBranchId: number;
  let structureId: number;
  let mobile = 9_700_000_000;
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await startTestApp({ publicUrl: 'https://library.example' });
    org = await createOrg(t, { branchCount: 2, name: 'Reading Room Co' });
    [branchId, billBranchId] = org.branchIds as [number, number];
    await t.db
      .update(clients)
      .set({ receiptAddress: 'FC Road, Pune', currency: 'INR', locale: 'en-IN' })
      .where(eq(clients.id, org.clientId));
    const post = (url: string, payload: object) =>
      call(t, org.ownerToken, { method: 'POST', url, payload, branchId });
    const seat = (await post('/api/feeType/createFeeType', { name: 'Seat', sac: '997212' })).json().id;
    const locker = (
      await post('/api/feeType/createFeeType', { name: 'Locker', sac: '997212', gstRate: 12 })
    ).json().id;
    const structure = await post('/api/feeStructure/createFeeStructure', {
      name: 'Monthly',
      durationDays: 30,
      lines: [
        { feeTypeId: seat, amount: 90000 },
        { feeTypeId: locker, amount: 10000 },
      ],
    });
    expect(structure.statusCode, structure.body).toBe(201);
    structureId = structure.json().id;
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, b = branchId) =>
    call(t, org.ownerToken, { method, url, ...(payload && { payload }), branchId: b });

  async function pay(b = branchId, received = 100000) {
    const member = await send(
      'POST',
      '/api/user/createUser',
      { name: `Member ${mobile}`, mobile: String(++mobile), validFrom: today, validTill: today },
      b,
    );
    expect(member.statusCode, member.body).toBe(201);
    const res = await send(
      'POST',
      '/api/payment/createPayment',
      { userId: member.json().userId, feeStructureId: structureId, received, mode: 'cash' },
      b,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; receiptNumber: string; verifyPath: string; userId: number };
  }
  const receipt = async (paymentId: number, b = branchId) =>
    (await send('GET', `/api/payment/getReceipt?paymentId=${paymentId}`, undefined, b)).json() as {
      taxDocument?: TaxDocument;
    };
  const check = async (verifyPath: string) => {
    const token = verifyPath.slice(3);
    return (
      await call(t, undefined, { method: 'GET', url: `/api/receipt/verifyReceipt?token=${token}` })
    ).json();
  };
  const updateGst = (b: number, body: object) =>
    send('PUT', `/api/branch/updateGst?branchId=${b}`, { stateCode: '27', scheme: 'regular', ...body });

  let before: { id: number; verifyPath: string };
  let invoiced: { id: number; verifyPath: string };
  let invoice: TaxDocument;
  const fy = (() => {
    const y = Number(today.slice(0, 4));
    const start = Number(today.slice(5, 7)) >= 4 ? y : y - 1;
    return `${String(start).slice(2)}-${String((start + 1) % 100).padStart(2, '0')}`;
  })();

  it('a payment before GST was switched on prints a receipt, and keeps it afterwards', async () => {
    before = await pay();
    expect((await receipt(before.id)).taxDocument).toBeUndefined();
    expect((await check(before.verifyPath)).taxDocument).toBeUndefined();
  });

  it('a registered branch (regular scheme) issues a tax invoice: CGST + SGST in the state, totals that add up', async () => {
    expect(
      (await updateGst(branchId, { registered: true, gstin, legalName: 'Reading Room LLP' })).statusCode,
    ).toBe(200);
    invoiced = await pay();
    invoice = (await receipt(invoiced.id)).taxDocument!;
    expect(invoice).toMatchObject({
      kind: 'invoice',
      number: `INV/${fy}/00001`,
      issuedAt: today,
      supplier: { name: 'Reading Room LLP', gstin, stateCode: '27' },
      recipient: { gstin: null },
      placeOfSupply: '27',
      supply: 'intra',
      against: null,
    });
    expect(invoice.number.length).toBeLessThanOrEqual(16);
    expect(invoice.lines).toEqual([
      {
        description: 'Seat',
        sac: '997212',
        rate: 18,
        amount: 90000,
        taxable: 76272,
        cgst: 6864,
        sgst: 6864,
        igst: 0,
      },
      {
        description: 'Locker',
        sac: '997212',
        rate: 12,
        amount: 10000,
        taxable: 8928,
        cgst: 536,
        sgst: 536,
        igst: 0,
      },
    ]);
    expect(invoice).toMatchObject({ taxable: 85200, cgst: 7400, sgst: 7400, igst: 0, total: 100000 });
    // The receipt printed before GST was on is unchanged.
    expect((await receipt(before.id)).taxDocument).toBeUndefined();
    // The public check says which document it is, with its number.
    expect((await check(invoiced.verifyPath)).taxDocument).toEqual({
      kind: 'invoice',
      number: invoice.number,
    });
  });

  it("prints Rule 46's particulars on the A4 page and the 80 mm slip", async () => {
    for (const format of ['a4', 'thermal']) {
      const res = await send(
        'GET',
        `/api/payment/getReceiptPdf?paymentId=${invoiced.id}&format=${format}&lang=en`,
      );
      expect(res.statusCode).toBe(200);
      const text = pdfText(res.rawPayload).replace(/\s+/g, ' ');
      for (const s of [
        'TAX INVOICE',
        invoice.number,
        `GSTIN: ${gstin}`,
        'Reading Room LLP',
        'Place of supply: Maharashtra (27)',
        '997212',
        'CGST',
        'SGST',
        '74.00',
        'Tax payable on reverse charge: No',
        'Authorised signatory',
        'Rupees One Thousand Only',
      ]) {
        expect(text, `${format}: ${s}`).toContain(s);
      }
    }
  });

  it('a member with a GSTIN of another state gets a B2B invoice with IGST', async () => {
    const p = await pay(branchId, 100000);
    // Only the next payment: set the member's GSTIN (a wrong one refused at the field), then pay again.
    await t.db.update(users).set({ address: 'MG Road, Bengaluru' }).where(eq(users.id, p.userId));
    const wrong = await send('PUT', `/api/gst/updateMemberGstin?userId=${p.userId}`, {
      gstin: '29AAGCB7383J1Z5',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0]).toMatchObject({ path: 'body.gstin', code: 'GSTIN_CHECK_CHARACTER' });
    const set = await send('PUT', `/api/gst/updateMemberGstin?userId=${p.userId}`, {
      gstin: '29aagcb7383j1z4',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ userId: p.userId, gstin: '29AAGCB7383J1Z4' });
    expect((await send('GET', `/api/gst/getMemberGstin?userId=${p.userId}`)).json().gstin).toBe(
      '29AAGCB7383J1Z4',
    );
    const res = await send('POST', '/api/payment/createPayment', {
      userId: p.userId,
      feeStructureId: structureId,
      received: 100000,
      mode: 'cash',
    });
    expect(res.statusCode, res.body).toBe(201);
    const doc = (await receipt(res.json().id)).taxDocument!;
    expect(doc).toMatchObject({
      kind: 'invoice',
      recipient: { gstin: '29AAGCB7383J1Z4', stateCode: '29', address: 'MG Road, Bengaluru' },
      placeOfSupply: '29',
      supply: 'inter',
      cgst: 0,
      sgst: 0,
      igst: 13729 + 1071,
      total: 100000,
    });
    const text = pdfText(
      (await send('GET', `/api/payment/getReceiptPdf?paymentId=${res.json().id}&format=a4&lang=en`))
        .rawPayload,
    );
    expect(text).toContain('IGST');
    expect(text).toContain('29AAGCB7383J1Z4');
  });

  it('numbers 20 payments at once consecutively, with no gap and no number twice', async () => {
    const last = async () =>
      (
        await t.db
          .select({ last: documentCounters.last })
          .from(documentCounters)
          .where(
            and(eq(documentCounters.clientId, org.clientId), eq(documentCounters.series, `invoice:${gstin}`)),
          )
      )[0]!.last;
    const start = await last();
    const made = await Promise.all(Array.from({ length: 20 }, () => pay()));
    const docs = await t.db
      .select({ number: taxDocuments.number, seq: taxDocuments.seq, paymentId: taxDocuments.paymentId })
      .from(taxDocuments)
      .where(and(eq(taxDocuments.clientId, org.clientId), eq(taxDocuments.kind, 'invoice')));
    const ours = docs.filter((d) => made.some((m) => m.id === d.paymentId));
    expect(ours).toHaveLength(20);
    expect(ours.map((d) => d.seq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => start + 1 + i),
    );
    // Every invoice of the series, from 1 to the counter, exactly once.
    expect(docs.map((d) => d.seq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: start + 20 }, (_, i) => i + 1),
    );
    for (const d of ours) {
      expect(d.number).toMatch(numberForm);
      expect(d.number).toBe(`INV/${fy}/${String(d.seq).padStart(5, '0')}`);
    }
  });

  it('starts each series again on 1 April, and a rolled back document gives its number back', async () => {
    const [row] = await t.db.select().from(payments).where(eq(payments.id, invoiced.id));
    const ctx = { clientId: org.clientId, branchId, staffId: org.ownerId } as StaffContext;
    const issued: string[] = [];
    await t.db
      .transaction(async (tx) => {
        for (const day of ['2031-03-31', '2031-04-01', '2031-04-02']) {
          const doc = await issueForPayment(tx, ctx, { ...row!, paidOn: day });
          issued.push(doc!.number);
        }
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(issued[0]).toMatch(/^INV\/30-31\/\d{5}$/);
    expect(issued.slice(1)).toEqual(['INV/31-32/00001', 'INV/31-32/00002']);
    // Rolled back: the next number of 2031-32 is 1 again.
    await t.db
      .transaction(async (tx) => {
        expect(await nextInSeries(tx, org.clientId, `invoice:${gstin}`, '2031-04-01')).toEqual({
          fy: '2031-32',
          seq: 1,
        });
        throw new Error('roll back');
      })
      .catch((e: Error) => expect(e.message).toBe('roll back'));
  });

  it("a new member's first period charged as owing is invoiced then, and paying those dues issues no second invoice", async () => {
    const created = await send('POST', '/api/user/createUser', {
      name: 'Owing Member',
      mobile: String(++mobile),
      validFrom: today,
      validTill: today,
      feeStructureId: structureId,
      firstPeriod: 'owing',
    });
    expect(created.statusCode, created.body).toBe(201);
    const userId = created.json().userId;
    const list = (await send('GET', `/api/payment/getPayments?q=${mobile}&pageSize=10`)).json().items as {
      id: number;
      kind: string;
    }[];
    const charge = list.find((p) => p.kind === 'openingCharge')!;
    const docs = (await send('GET', `/api/gst/getTaxDocuments?paymentId=${charge.id}`)).json()
      .items as TaxDocument[];
    expect(docs).toMatchObject([{ kind: 'invoice', total: 100000, supply: 'intra' }]);
    const dues = await send('POST', '/api/payment/createPayment', {
      userId,
      feeStructureId: null,
      duesSettled: 100000,
      received: 100000,
      mode: 'cash',
    });
    expect(dues.statusCode, dues.body).toBe(201);
    expect((await receipt(dues.json().id)).taxDocument).toBeUndefined();
  });

  it('a refund issues a credit note naming the invoice, with the tax reversed in proportion', async () => {
    const res = await send('POST', '/api/refund/createRefund', {
      paymentId: invoiced.id,
      amount: 50000,
      reason: 'Left early',
      mode: 'cash',
    });
    expect(res.statusCode, res.body).toBe(201);
    const refundId = res.json().id;
    const printed = (await send('GET', `/api/refund/getRefundReceipt?refundId=${refundId}`)).json();
    const note = printed.creditNote as TaxDocument;
    expect(note).toMatchObject({
      kind: 'creditNote',
      number: `CN/${fy}/00001`,
      issuedAt: today,
      against: { number: invoice.number, issuedAt: invoice.issuedAt },
      reason: 'refund',
      supplier: { gstin },
      supply: 'intra',
      total: 50000,
    });
    // Half the invoice: each line half, its tax split at the line's own rate.
    expect(note.lines).toEqual([
      {
        description: 'Seat',
        sac: '997212',
        rate: 18,
        amount: 45000,
        taxable: 38136,
        cgst: 3432,
        sgst: 3432,
        igst: 0,
      },
      {
        description: 'Locker',
        sac: '997212',
        rate: 12,
        amount: 5000,
        taxable: 4464,
        cgst: 268,
        sgst: 268,
        igst: 0,
      },
    ]);
    expect(note.taxable + note.cgst + note.sgst).toBe(50000);
    const pdf = pdfText(
      (await send('GET', `/api/refund/getRefundReceiptPdf?refundId=${refundId}&format=a4&lang=en`))
        .rawPayload,
    );
    expect(pdf).toContain('CREDIT NOTE');
    expect(pdf).toContain(note.number);
    expect(pdf).toContain(invoice.number);
    // The rest refunded: a second note for what is left, never more than the invoice.
    const rest = await send('POST', '/api/refund/createRefund', {
      paymentId: invoiced.id,
      amount: 50000,
      reason: 'Rest',
      mode: 'cash',
    });
    expect(rest.statusCode, rest.body).toBe(201);
    const docs = (await send('GET', `/api/gst/getTaxDocuments?paymentId=${invoiced.id}`)).json()
      .items as TaxDocument[];
    expect(docs.map((d) => [d.kind, d.number, d.total])).toEqual([
      ['invoice', invoice.number, 100000],
      ['creditNote', `CN/${fy}/00001`, 50000],
      ['creditNote', `CN/${fy}/00002`, 50000],
    ]);
  });

  it('the note that credits the rest nets the invoice to zero, tax included, whatever the parts rounded to', async () => {
    const p = await pay();
    const inv = (await receipt(p.id)).taxDocument!;
    // 777.77 then 222.23: split in proportion on their own, the two notes' CGST would add up to 74.01.
    for (const amount of [77777, 22223]) {
      const res = await send('POST', '/api/refund/createRefund', {
        paymentId: p.id,
        amount,
        reason: 'Left',
        mode: 'cash',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const [, first, last] = (await send('GET', `/api/gst/getTaxDocuments?paymentId=${p.id}`)).json()
      .items as TaxDocument[];
    for (const key of ['taxable', 'cgst', 'sgst', 'igst', 'total'] as const) {
      expect(first![key] + last![key], key).toBe(inv[key]);
    }
    for (const line of last!.lines) expect(line.taxable + line.cgst + line.sgst).toBe(line.amount);
  });

  it('a void issues a credit note of the whole invoice, printable on its own', async () => {
    const p = await pay();
    const inv = (await receipt(p.id)).taxDocument!;
    const res = await send('PUT', `/api/payment/voidPayment?paymentId=${p.id}`, { reason: 'Wrong member' });
    expect(res.statusCode, res.body).toBe(200);
    const docs = (await send('GET', `/api/gst/getTaxDocuments?paymentId=${p.id}`)).json()
      .items as TaxDocument[];
    expect(docs).toHaveLength(2);
    const note = docs[1]!;
    expect(note).toMatchObject({
      kind: 'creditNote',
      number: `CN/${fy}/00005`,
      reason: 'void',
      against: { number: inv.number },
      taxable: inv.taxable,
      cgst: inv.cgst,
      sgst: inv.sgst,
      total: inv.total,
    });
    const printed = await send('GET', `/api/gst/getTaxDocument?taxDocumentId=${note.id}`);
    expect(printed.statusCode, printed.body).toBe(200);
    expect(printed.json().branch.name).toBeTruthy();
    for (const format of ['a4', 'thermal']) {
      const pdf = await send(
        'GET',
        `/api/gst/getTaxDocumentPdf?taxDocumentId=${note.id}&format=${format}&lang=de`,
      );
      expect(pdf.statusCode).toBe(200);
      const text = pdfText(pdf.rawPayload);
      expect(text).toContain('GUTSCHRIFT');
      expect(text).toContain(inv.number);
    }
    // Another organisation sees none of it.
    const other = await createOrg(t, { branchCount: 1 });
    const foreign = await call(t, other.ownerToken, {
      method: 'GET',
      url: `/api/gst/getTaxDocument?taxDocumentId=${note.id}`,
      branchId: other.branchIds[0]!,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('an unregistered branch issues a bill of supply without tax, and its refund no credit note', async () => {
    expect(
      (await updateGst(billBranchId, { registered: false, gstin: null, legalName: '' })).statusCode,
    ).toBe(200);
    const p = await pay(billBranchId);
    const doc = (await receipt(p.id, billBranchId)).taxDocument!;
    expect(doc).toMatchObject({
      kind: 'billOfSupply',
      number: `BOS/${fy}/00001`,
      supply: null,
      supplier: { gstin: null },
      taxable: 100000,
      cgst: 0,
      sgst: 0,
      igst: 0,
      total: 100000,
    });
    const text = pdfText(
      (
        await send(
          'GET',
          `/api/payment/getReceiptPdf?paymentId=${p.id}&format=thermal`,
          undefined,
          billBranchId,
        )
      ).rawPayload,
    );
    expect(text).toContain('BILL OF SUPPLY');
    expect(text).not.toContain('CGST');
    const refund = await send(
      'POST',
      '/api/refund/createRefund',
      { paymentId: p.id, amount: 10000, reason: 'Locker back', mode: 'cash' },
      billBranchId,
    );
    expect(refund.statusCode, refund.body).toBe(201);
    const docs = (
      await send('GET', `/api/gst/getTaxDocuments?paymentId=${p.id}`, undefined, billBranchId)
    ).json().items;
    expect(docs).toHaveLength(1);
  });
});
