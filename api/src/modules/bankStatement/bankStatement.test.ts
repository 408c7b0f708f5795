import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { crc32 } from 'node:zlib';
import { payments, statementLines, upiClaims } from '../../db/schema.ts';
import { call, createOrg, startTestApp, type TestApp, type TestOrg } from '../../test/harness.ts';
import { addDays } from '../payments/quote.ts';
import { parseStatementAmount, parseStatementDate } from './formats.ts';

// Bank statements (issue 44, point 6): upload, match to claims and payments, decide the rest.
let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let branchId: number;
let structureId: number;
let accountId: number;
let mobile = 8_300_000_000;
let utrCounter = 500_000_000_000;
let address = 0;
const today = () => new Date().toISOString().slice(0, 10);
const nextUtr = () => String(++utrCounter);

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrg(t, { branchCount: 1 });
  other = await createOrg(t, { branchCount: 1 });
  branchId = org.branchIds[0]!;
  const fee = (await staff('POST', '/api/feeType/createFeeType', { name: 'Monthly Fee' })).json().id;
  structureId = (
    await staff('POST', '/api/feeStructure/createFeeStructure', {
      name: 'Monthly',
      durationDays: 30,
      lines: [{ feeTypeId: fee, amount: 90000 }],
    })
  ).json().id;
  accountId = await newAccount(org, 'study.hall@hdfc');
});
afterAll(() => t?.close());

let accountNumber = 7_000_100;
/** An account; only the first has a UPI id, so the member page quotes UPI payments into it. */
async function newAccount(who = org, upiId = '') {
  const res = await call(t, who.ownerToken, {
    method: 'POST',
    url: '/api/bankAccount/createBankAccount',
    branchId: who.branchIds[0]!,
    payload: {
      accountName: `Current ${++accountNumber}`,
      bankName: 'HDFC',
      accountNumber: String(accountNumber),
      upiId,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

function staff(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = org.ownerToken) {
  return call(t, token, { method, url, branchId, ...(payload && { payload }) });
}
const upload = (body: object, account = accountId, token = org.ownerToken) =>
  staff('POST', `/api/bankStatement/importStatement?bankAccountId=${account}`, body, token);
const lines = async (status: string, account = accountId) =>
  (
    await staff('GET', `/api/bankStatement/getLines?bankAccountId=${account}&status=${status}&pageSize=100`)
  ).json();
const lineCount = async (account: number) =>
  (
    await t.db.select({ n: count() }).from(statementLines).where(eq(statementLines.bankAccountId, account))
  )[0]!.n;

const plain = (...rows: string[]) => ['Date,Narration,Reference,Debit,Credit,Balance', ...rows].join('\n');

async function member() {
  const res = await staff('POST', '/api/user/createUser', {
    name: `Member ${++mobile}`,
    mobile: String(mobile),
    email: `m${mobile}@test.dev`,
    validFrom: addDays(today(), -25),
    validTill: addDays(today(), 4),
    feeStructureId: structureId,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().userId as number;
}

/** A member's pending UPI claim for their renewal (quoted on the UPI account, accountId). */
async function pendingClaim() {
  const userId = await member();
  const link = await staff('POST', `/api/portal/createLink?userId=${userId}`);
  const token = link.json().url.split('/m/')[1] as string;
  const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      remoteAddress: `10.9.0.${++address % 250}`,
      headers: { 'member-token': token },
      ...(payload && { payload }),
    });
  const summary = (await inject('GET', '/api/portal/getSummary')).json();
  const offer = summary.upi.offers.find(
    (o: { purpose: string; bankAccountId?: number }) => o.purpose === 'renewal',
  );
  const utr = nextUtr();
  const res = await inject('POST', '/api/portal/claimUpiPayment', {
    amount: offer.amount,
    utr,
    reference: offer.reference,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { userId, utr, amount: offer.amount as number, claimId: res.json().id as number };
}

/** A one-sheet XLSX workbook of these rows (strings inline), zipped without compression. */
function xlsx(rows: string[][]): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const col = (i: number) => String.fromCharCode(65 + i);
  const sheet =
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
    rows
      .map(
        (r, y) =>
          `<row r="${y + 1}">` +
          r
            .map((c, x) =>
              /^\d+(\.\d+)?$/.test(c)
                ? `<c r="${col(x)}${y + 1}"><v>${c}</v></c>`
                : `<c r="${col(x)}${y + 1}" t="inlineStr"><is><t>${esc(c)}</t></is></c>`,
            )
            .join('') +
          '</row>',
      )
      .join('') +
    '</sheetData></worksheet>';
  const files: [string, string][] = [
    [
      'xl/workbook.xml',
      '<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Statement" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ],
    [
      'xl/_rels/workbook.xml.rels',
      '<Relationships><Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ],
    ['xl/worksheets/sheet1.xml', sheet],
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of files) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]).toString('base64');
}

describe('reading a statement', () => {
  it('reads the dates and amounts banks write', () => {
    expect(parseStatementDate('07/12/2026')).toBe('2026-12-07');
    expect(parseStatementDate('07-12-2026')).toBe('2026-12-07');
    expect(parseStatementDate('07 Dec 2026')).toBe('2026-12-07');
    expect(parseStatementDate('7-Dec-26')).toBe('2026-12-07');
    expect(parseStatementDate('07/12/26')).toBe('2026-12-07');
    expect(parseStatementDate('31/02/2026')).toBeNull();
    expect(parseStatementDate('Opening Balance')).toBeNull();
    expect(parseStatementAmount('1,50,000.00')).toEqual({ minor: 15_000_000, negative: false });
    expect(parseStatementAmount('₹ 900.5')).toEqual({ minor: 90_050, negative: false });
    expect(parseStatementAmount('1,200.00 Dr')).toEqual({ minor: 120_000, negative: true });
    expect(parseStatementAmount('')).toEqual({ minor: 0, negative: false });
    expect(parseStatementAmount('abc')).toBeUndefined();
  });

  it('stores a plain CSV without any step, amounts in paise', async () => {
    const account = await newAccount();
    const res = await upload(
      {
        csv: plain(
          '01/12/2026,Opening balance,,,,10000.00',
          '02/12/2026,ATM cash,ATM001,500.00,,9500.00',
          '03-12-2026,NEFT from Asha,N12345,,1250.50,10750.50',
        ),
      },
      account,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ format: 'plain', read: 2, added: 2, skipped: 1, unmatched: 1 });
    const open = await lines('unmatched', account);
    expect(open.total).toBe(2);
    expect(open.items[0]).toMatchObject({
      day: '2026-12-03',
      narration: 'NEFT from Asha',
      reference: 'N12345',
      debit: 0,
      credit: 125_050,
      balance: 1_075_050,
      status: 'unmatched',
    });
    expect(open.items[1]).toMatchObject({ day: '2026-12-02', debit: 50_000, credit: 0 });
  });

  it("recognises HDFC's export by its headings, past the rows above the table", async () => {
    const account = await newAccount();
    const csv = [
      'HDFC BANK Ltd.,,,,,,',
      'Statement of account,,,,,,',
      'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
      '05/12/26,UPI-ASHA RAO-asha@okaxis-634500000001-PAYMENT,0000634500000001,05/12/26,,"1,500.00","11,500.00"',
      '06/12/26,NEFT DR-ELECTRICITY,N340000001,06/12/26,"2,000.00",,"9,500.00"',
      ',,,,,,',
      'STATEMENT SUMMARY :-,,,,,,',
    ].join('\n');
    const res = await upload({ csv }, account);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ format: 'hdfc', added: 2, skipped: 1 });
    const open = (await lines('unmatched', account)).items;
    expect(open.map((l: { credit: number; debit: number }) => [l.debit, l.credit])).toEqual([
      [200_000, 0],
      [0, 150_000],
    ]);
  });

  it("reads SBI's XLSX (dates as 07 Dec 2026) and a newest-first order", async () => {
    const account = await newAccount();
    const rows = [
      ['Account Name', 'Study Hall'],
      ['Txn Date', 'Value Date', 'Description', 'Ref No./Cheque No.', 'Debit', 'Credit', 'Balance'],
      ['08 Dec 2026', '08 Dec 2026', 'BY TRANSFER-UPI/CR/634599', 'TRANSFER FROM 634599', '', '700', '1700'],
      ['07 Dec 2026', '07 Dec 2026', 'BY TRANSFER-NEFT', 'NEFT1', '', '1000', '1000'],
    ];
    const res = await upload({ xlsxBase64: xlsx(rows) }, account);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ format: 'sbi', added: 2 });
    const stored = await t.db
      .select()
      .from(statementLines)
      .where(eq(statementLines.bankAccountId, account))
      .orderBy(statementLines.id);
    // Turned round: oldest first, so the day's last line is its closing balance.
    expect(stored.map((l) => [l.day, l.credit, l.balance])).toEqual([
      ['2026-12-07', 100_000, 100_000],
      ['2026-12-08', 70_000, 170_000],
    ]);
  });

  it('asks for a mapping of headings it does not know, and remembers it for the account', async () => {
    const account = await newAccount();
    const csv = [
      'Posted,Details,Ref,Money out,Money in,Running',
      '09.12.2026,Cash deposit,CD1,,300.00,300.00',
    ].join('\n');
    const asked = await upload({ csv }, account);
    expect(asked.statusCode).toBe(422);
    expect(asked.json()).toMatchObject({ reason: 'MAPPING_REQUIRED', code: 'STATEMENT_COLUMNS_UNKNOWN' });
    expect(asked.json().details.map((d: { params: { heading: string } }) => d.params.heading)).toEqual([
      'Posted',
      'Details',
      'Ref',
      'Money out',
      'Money in',
      'Running',
    ]);
    const wrong = await upload(
      { csv, mapping: { date: 'Posted', narration: 'Nope', credit: 'Money in' } },
      account,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0]).toMatchObject({ path: 'body.mapping.narration' });
    const mapping = {
      date: 'Posted',
      narration: 'Details',
      reference: 'Ref',
      debit: 'Money out',
      credit: 'Money in',
      balance: 'Running',
    };
    const mapped = await upload({ csv, mapping }, account);
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json()).toMatchObject({ format: 'mapped', added: 1 });
    // The next file of that account needs no step.
    const next = await upload(
      {
        csv: ['Posted,Details,Ref,Money out,Money in,Running', '10.12.2026,Fee,F1,50.00,,250.00'].join('\n'),
      },
      account,
    );
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json()).toMatchObject({ format: 'mapped', added: 1 });
  });
});

describe('matching', () => {
  it("confirms a pending claim whose UTR and amount a credit carries, as a clerk's confirm", async () => {
    const c = await pendingClaim();
    const res = await upload({
      csv: plain(
        `${today()},UPI/CR/${c.utr}/ASHA/SBIN/asha@oksbi,UPI-${c.utr},,${(c.amount / 100).toFixed(2)},99999.00`,
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ claimsConfirmed: 1, reconciled: 0, unmatched: 0 });
    const [claim] = await t.db.select().from(upiClaims).where(eq(upiClaims.id, c.claimId));
    expect(claim!.status).toBe('confirmed');
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, claim!.paymentId!));
    expect(payment).toMatchObject({
      userId: c.userId,
      received: c.amount,
      mode: 'upi',
      bankAccountId: accountId,
      reference: c.utr,
    });
    expect(payment!.receiptNumber).toBeTruthy();
    const matched = (await lines('matched')).items.find(
      (l: { matchedId: number }) => l.matchedId === payment!.id,
    );
    expect(matched).toMatchObject({
      matchedKind: 'payment',
      matchedBy: 'claim',
      matchedNumber: payment!.receiptNumber,
    });
    // The account's statement shows the payment reconciled, and the bank's balance beside the books'.
    const statement = (
      await staff('GET', `/api/bankAccount/getStatement?bankAccountId=${accountId}&pageSize=100`)
    ).json();
    expect(
      statement.items.find((m: { kind: string; id: number }) => m.kind === 'payment' && m.id === payment!.id),
    ).toMatchObject({ reconciled: true });
    expect(statement.bankBalance).toMatchObject({ day: today(), bank: 9_999_900 });
  });

  it('leaves a credit of another amount than the claim unmatched', async () => {
    const c = await pendingClaim();
    const res = await upload({ csv: plain(`${today()},UPI/CR/${c.utr},,,1.00,`) });
    expect(res.json()).toMatchObject({ claimsConfirmed: 0, unmatched: 1 });
    const [claim] = await t.db.select().from(upiClaims).where(eq(upiClaims.id, c.claimId));
    expect(claim!.status).toBe('pending');
  });

  it('reconciles a recorded payment into the account by its reference and amount', async () => {
    const userId = await member();
    const recorded = await staff('POST', '/api/payment/createPayment', {
      userId,
      feeStructureId: structureId,
      received: 90000,
      mode: 'bankTransfer',
      bankAccountId: accountId,
      reference: 'NEFT-HDFCN52026120712',
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const res = await upload({ csv: plain(`${today()},NEFT CR HDFCN52026120712 RAO,,,900.00,`) });
    expect(res.json()).toMatchObject({ reconciled: 1, unmatched: 0 });
    const matched = (await lines('matched')).items.find(
      (l: { matchedId: number }) => l.matchedId === recorded.json().id,
    );
    expect(matched).toMatchObject({ matchedBy: 'reference', matchedKind: 'payment' });
  });
});

describe('a line is used once', () => {
  it('the same file twice adds nothing; two identical lines of one file are two', async () => {
    const account = await newAccount();
    const csv = plain('11/12/2026,Cash deposit,,,100.00,', '11/12/2026,Cash deposit,,,100.00,');
    expect((await upload({ csv }, account)).json()).toMatchObject({ added: 2 });
    const again = (await upload({ csv }, account)).json();
    expect(again).toMatchObject({ read: 2, added: 0, alreadyImported: 2, unmatched: 0 });
    expect(await lineCount(account)).toBe(2);
  });

  it('two uploads of one file at once store its lines once', async () => {
    const account = await newAccount();
    const csv = plain('12/12/2026,A,R1,,10.00,', '12/12/2026,B,R2,,20.00,', '13/12/2026,C,R3,5.00,,');
    const answers = await Promise.all([upload({ csv }, account), upload({ csv }, account)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().added).sort()).toEqual([0, 3]);
    expect(await lineCount(account)).toBe(3);
  });

  it('sets a line aside with a reason, once', async () => {
    const account = await newAccount();
    await upload({ csv: plain('14/12/2026,Interest,,,3.00,') }, account);
    const [line] = (await lines('unmatched', account)).items;
    const url = `/api/bankStatement/setAside?lineId=${line.id}`;
    expect((await staff('PUT', url, { reason: '' })).statusCode).toBe(400);
    const res = await staff('PUT', url, { reason: 'Bank interest' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'set_aside', setAsideReason: 'Bank interest' });
    expect((await staff('PUT', url, { reason: 'again' })).statusCode).toBe(409);
    expect((await lines('set_aside', account)).total).toBe(1);
  });

  it("records an unmatched credit as a member's payment into the account, with its UTR", async () => {
    const userId = await member();
    const utr = nextUtr();
    await upload({ csv: plain(`${today()},UPI/CR/${utr}/NO CLAIM,${utr},,900.00,`) });
    const line = (await lines('unmatched')).items.find((l: { reference: string }) => l.reference === utr);
    const url = `/api/bankStatement/recordPayment?lineId=${line.id}`;
    const res = await staff('POST', url, { userId, feeStructureId: structureId, mode: 'upi' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ userId, received: 90000, bankAccountId: accountId, reference: utr });
    expect((await staff('POST', url, { userId, feeStructureId: structureId })).statusCode).toBe(409);
    const matched = (await lines('matched')).items.find((l: { id: number }) => l.id === line.id);
    expect(matched).toMatchObject({ matchedBy: 'recorded', matchedId: res.json().id });
    const debit = await upload({ csv: plain(`${today()},Charges,,5.00,,`) });
    expect(debit.statusCode).toBe(200);
    const charge = (await lines('unmatched')).items.find(
      (l: { narration: string }) => l.narration === 'Charges',
    );
    const refused = await staff('POST', `/api/bankStatement/recordPayment?lineId=${charge.id}`, { userId });
    expect(refused.statusCode).toBe(409);
  });

  it("refuses another organisation's account and lines", async () => {
    const theirs = await newAccount(other);
    expect((await upload({ csv: plain('15/12/2026,X,,,1.00,') }, theirs)).statusCode).toBe(404);
    const res = await call(t, other.ownerToken, {
      method: 'POST',
      url: `/api/bankStatement/importStatement?bankAccountId=${theirs}`,
      branchId: other.branchIds[0]!,
      payload: { csv: plain('15/12/2026,X,,,1.00,') },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [line] = await t.db
      .select()
      .from(statementLines)
      .where(and(eq(statementLines.bankAccountId, theirs)));
    expect((await staff('GET', `/api/bankStatement/getLines?bankAccountId=${theirs}`)).statusCode).toBe(404);
    expect(
      (await staff('PUT', `/api/bankStatement/setAside?lineId=${line!.id}`, { reason: 'x' })).statusCode,
    ).toBe(404);
  });
});
