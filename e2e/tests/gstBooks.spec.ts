import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { authHeaders, signIn } from '../fixtures/session.ts';

// The owner's books (issue 44): GST switched on for a branch makes a payment a Tax Invoice (its PDF
// read back as text and drawn as an image), the month's return and the Tally file download, and a
// bank statement of three credits confirms the one that carries a pending UPI claim's UTR, reconciles
// the one that carries a recorded payment's reference, and leaves the third unmatched.

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
/** A GSTIN with a valid check character (api/src/modules/gst tests). */
const gstin = '27AAPFU0939F1ZV';
const rupees = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

async function shoot(
  page: Page,
  shots: string,
  name: string,
  mode: 'light' | 'dark',
  width: number,
  ready: RegExp,
) {
  await page.setViewportSize({ width, height: width > 500 ? 800 : 740 });
  await page.evaluate((type) => localStorage.setItem('uiSettings', JSON.stringify({ type })), mode);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(ready).first()).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${shots}${name}-${width}-${mode}.png`, fullPage: true });
}

test('GST invoice, return, Tally and a bank statement that confirms a UPI claim', async ({ page }) => {
  test.setTimeout(240_000);
  const shots = `${test.info().outputDir}/`;
  mkdirSync(shots, { recursive: true });
  const session = await signIn(page);
  const headers = authHeaders(session);
  const branchId = session.branches[0]!.id;
  const api = {
    get: (url: string) => page.request.get(url, { headers }),
    post: (url: string, data: object) => page.request.post(url, { headers, data }),
    put: (url: string, data: object) => page.request.put(url, { headers, data }),
  };
  const gst = (registered: boolean) =>
    api.put(`/api/branch/updateGst?branchId=${branchId}`, {
      registered,
      gstin: registered ? gstin : null,
      legalName: registered ? 'Demo Reading Room LLP' : '',
      stateCode: '27',
      scheme: 'regular',
    });
  const switchedOn = await gst(true);
  expect(switchedOn.status(), await switchedOn.text()).toBe(200);
  try {
    const options = (await (await api.get('/api/payment/getPaymentOptions')).json()) as {
      feeStructures: { id: number }[];
    };
    const structureId = options.feeStructures[0]!.id;
    let n = 0;
    const member = async () => {
      const stamp = `${Date.now()}${++n}`;
      const res = await api.post('/api/user/createUser', {
        name: `Books Bhavna ${stamp}`,
        mobile: `67${stamp.slice(-8)}`,
        email: `books${stamp}@library.test`,
        validFrom: addDays(today(), -25),
        validTill: addDays(today(), 5),
        feeStructureId: structureId,
      });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { userId: number }).userId;
    };
    const quote = async (userId: number) =>
      (
        (await (
          await api.get(`/api/payment/getPaymentQuote?userId=${userId}&feeStructureId=${structureId}`)
        ).json()) as {
          total: number;
        }
      ).total;

    // A payment at the registered branch is a tax invoice: its PDF says so, with the GSTIN and the split.
    const payer = await member();
    const paid = await api.post('/api/payment/createPayment', {
      userId: payer,
      feeStructureId: structureId,
      received: await quote(payer),
      mode: 'cash',
    });
    expect(paid.status(), await paid.text()).toBe(201);
    const paymentId = ((await paid.json()) as { id: number }).id;
    const pdf = await api.get(`/api/payment/getReceiptPdf?paymentId=${paymentId}`);
    expect(pdf.status()).toBe(200);
    const pdfPath = `${shots}tax-invoice.pdf`;
    writeFileSync(pdfPath, await pdf.body());
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '80',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      pdfPath,
      `${shots}tax-invoice`,
    ]);
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-']).toString();
    expect(text).toMatch(/Tax Invoice/i);
    expect(text).toContain(gstin);
    expect(text).toMatch(/CGST/);
    expect(text).toMatch(/SGST/);

    // The month's return (figures and a template CSV) and the Tally file download.
    const month = today().slice(0, 7);
    const ret = await api.get(`/api/gst/getReturn?gstin=${gstin}&month=${month}`);
    expect(ret.status(), await ret.text()).toBe(200);
    const b2cs = await api.get(`/api/gst/getReturn?gstin=${gstin}&month=${month}&file=b2cs`);
    expect(b2cs.status()).toBe(200);
    expect((await b2cs.text()).split('\n').length).toBeGreaterThan(1);
    const tally = await api.get(`/api/tally/exportVouchers?from=${today()}&to=${today()}`);
    expect(tally.status()).toBe(200);
    const xml = await tally.text();
    expect(xml).toContain('<ENVELOPE>');
    expect(xml).toContain('<VOUCHER');

    // A pending UPI claim from a member's page.
    const claimer = await member();
    const link = await api.post(`/api/portal/createLink?userId=${claimer}`, {});
    expect(link.status(), await link.text()).toBe(201);
    const token = ((await link.json()) as { url: string }).url.split('/m/')[1]!;
    const memberHeaders = { 'member-token': token };
    const summary = (await (
      await page.request.get('/api/portal/getSummary', { headers: memberHeaders })
    ).json()) as {
      upi: { offers: { purpose: string; reference: string; amount: number }[] };
    };
    const offer = summary.upi.offers.find((o) => o.purpose === 'renewal')!;
    const utr = String(Date.now()).padStart(12, '8').slice(-12);
    const claimed = await page.request.post('/api/portal/claimUpiPayment', {
      headers: memberHeaders,
      data: { amount: offer.amount, utr, reference: offer.reference },
    });
    expect(claimed.status(), await claimed.text()).toBe(201);

    // The UPI account the page quoted, and a bank transfer into it recorded at the desk.
    const accounts = (await (await api.get('/api/bankAccount/getBankAccounts?pageSize=100')).json()) as {
      items: { id: number; upiId: string; kind: string }[];
    };
    const account = accounts.items.find((a) => a.kind === 'bank' && a.upiId !== '')!;
    const transferer = await member();
    const neft = `NEFTE2E${String(Date.now()).slice(-8)}`;
    const transferred = await api.post('/api/payment/createPayment', {
      userId: transferer,
      feeStructureId: structureId,
      received: await quote(transferer),
      mode: 'bankTransfer',
      bankAccountId: account.id,
      reference: neft,
    });
    expect(transferred.status(), await transferred.text()).toBe(201);
    const transferAmount = ((await transferred.json()) as { received: number }).received;

    // The statement: the claim's credit, the transfer's, and one nobody recorded.
    const [d, m, y] = [today().slice(8, 10), today().slice(5, 7), today().slice(0, 4)];
    const csv = [
      'Date,Narration,Reference,Debit,Credit,Balance',
      `${d}/${m}/${y},UPI/CR/${utr}/BOOKS BHAVNA/okaxis,UPI-${utr},,${rupees(offer.amount)},`,
      `${d}/${m}/${y},NEFT CR-${neft}-BOOKS BHAVNA,${neft},,${rupees(transferAmount)},`,
      `${d}/${m}/${y},IMPS/P2A/UNKNOWN SENDER,IMPS99${Date.now() % 1_000_000},,777.00,125000.00`,
    ].join('\n');
    await page.goto(`/app/bankAccounts/${account.id}/statement`);
    await page.getByRole('button', { name: 'Import statement' }).click();
    const dialog = page.getByRole('dialog', { name: /^Import statement/ });
    await dialog.getByTestId('statement-file').setInputFiles({
      name: 'statement.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    const result = dialog.getByTestId('statement-result');
    await expect(result).toContainText('3 lines read, 3 new.');
    await expect(result).toContainText('1 UPI claim confirmed');
    await expect(result).toContainText('1 movement reconciled');
    await expect(result).toContainText('1 credit unmatched');
    await page.screenshot({ path: `${shots}statement-import-1280-light.png` });

    // The claim became a payment with a receipt.
    const confirmed = (await (await api.get('/api/payment/getUpiClaims?status=confirmed')).json()) as {
      items: { utr: string; receiptNumber: string | null; paymentId: number | null }[];
    };
    const claim = confirmed.items.find((c) => c.utr === utr)!;
    expect(claim.paymentId).not.toBeNull();
    expect(claim.receiptNumber).toBeTruthy();

    // The same file again changes nothing.
    await dialog.getByTestId('statement-file').setInputFiles({
      name: 'statement.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await expect(result).toContainText('3 lines read, 0 new.');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The statement marks the reconciled movements (today's, on its last page); the lines page keeps
    // the stranger's credit.
    const statementPage = async (page: number) =>
      (await (
        await api.get(
          `/api/bankAccount/getStatement?bankAccountId=${account.id}&from=${today()}&pageSize=100&page=${page}`,
        )
      ).json()) as { total: number; items: { kind: string; id: number; reconciled: boolean }[] };
    const { total } = await statementPage(0);
    const statement = await statementPage(Math.max(0, Math.ceil(total / 100) - 1));
    const reconciled = statement.items.filter((i) => i.reconciled).map((i) => i.id);
    expect(reconciled).toContain(claim.paymentId);
    expect(reconciled).toContain(((await transferred.json()) as { id: number }).id);
    await page.getByRole('button', { name: /last page/i }).click();
    await expect(page.getByText('Reconciled').first()).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `${shots}statement-reconciled-1280-light.png`, fullPage: true });
    await page.goto(`/app/bankAccounts/${account.id}/lines`);
    await expect(page.getByText(/IMPS\/P2A/).first()).toBeVisible({ timeout: 30_000 });
    for (const mode of ['light', 'dark'] as const) {
      for (const width of [1280, 375]) await shoot(page, shots, 'statement-lines', mode, width, /IMPS\/P2A/);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/app/bankAccounts/${account.id}/lines?tab=matched`);
    await expect(page.getByText(new RegExp(`UPI-${utr}`)).first()).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `${shots}statement-lines-matched-1280-dark.png`, fullPage: true });

    // A file of headings no bank uses asks which column is which.
    await page.goto(`/app/bankAccounts/${account.id}/statement`);
    await page.getByRole('button', { name: 'Import statement' }).click();
    await dialog.getByTestId('statement-file').setInputFiles({
      name: 'other.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`Posted,Details,Ref,Money out,Money in,Running\n${d}.${m}.${y},Cash,C1,,1.00,\n`),
    });
    await expect(dialog.getByTestId('statement-mapping')).toBeVisible();
    // The screen is dark since the lines' last screenshot.
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await dialog.screenshot({ path: `${shots}statement-mapping-${width}-dark.png` });
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  } finally {
    // Later specs of the suite expect receipts, not tax invoices.
    await gst(false);
  }
});
