// Tally Prime's XML import format (issue 44, point 5): an ENVELOPE whose IMPORTDATA carries the
// ledger masters the vouchers name, then the vouchers. Pure: the same ledgers and vouchers always
// give the same bytes (no timestamps, no generated ids).
//
// Tally's sign convention in ALLLEDGERENTRIES.LIST: a debit is ISDEEMEDPOSITIVE Yes with a negative
// AMOUNT, a credit ISDEEMEDPOSITIVE No with a positive AMOUNT; amounts in rupees with two decimals,
// DATE as YYYYMMDD.

/** Tally's predefined groups the ledgers go under. */
export type TallyGroup =
  'Bank Accounts' | 'Cash-in-Hand' | 'Sales Accounts' | 'Duties & Taxes' | 'Indirect Expenses';

export type TallyLedger = { name: string; parent: TallyGroup };

/** One entry: `amount` in minor units (paise), a debit or a credit. */
export type TallyEntry = { ledger: string; side: 'debit' | 'credit'; amount: number };

export type TallyVoucher = {
  type: 'Receipt' | 'Payment' | 'Credit Note' | 'Contra';
  number: string;
  /** YYYY-MM-DD. */
  date: string;
  /** The ledger Tally shows as the party (the bank or cash ledger here: there are no debtors). */
  party: string;
  narration: string;
  cancelled: boolean;
  entries: TallyEntry[];
};

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text or attribute value with XML's five entities escaped and characters XML 1.0 forbids dropped. */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/[&<>"']/g, (c) => entities[c]!)
  );
}

/** Minor units as rupees with two decimals, by integer arithmetic: 123456 → "1234.56", -5 → "-0.05". */
export function rupees(minor: number): string {
  const abs = Math.abs(minor);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return minor < 0 ? `-${text}` : text;
}

const tag = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;
const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

function ledgerXml(l: TallyLedger): string {
  return [
    `  <TALLYMESSAGE xmlns:UDF="TallyUDF">`,
    `   <LEDGER NAME="${escapeXml(l.name)}">`,
    `    <NAME.LIST>${tag('NAME', l.name)}</NAME.LIST>`,
    `    ${tag('PARENT', l.parent)}`,
    `    ${tag('ISBILLWISEON', 'No')}`,
    `   </LEDGER>`,
    `  </TALLYMESSAGE>`,
  ].join('\n');
}

function voucherXml(v: TallyVoucher): string {
  const entries = v.entries.map((e) =>
    [
      `    <ALLLEDGERENTRIES.LIST>`,
      `     ${tag('LEDGERNAME', e.ledger)}`,
      `     ${tag('ISDEEMEDPOSITIVE', yesNo(e.side === 'debit'))}`,
      `     ${tag('AMOUNT', rupees(e.side === 'debit' ? -e.amount : e.amount))}`,
      `    </ALLLEDGERENTRIES.LIST>`,
    ].join('\n'),
  );
  return [
    `  <TALLYMESSAGE xmlns:UDF="TallyUDF">`,
    `   <VOUCHER VCHTYPE="${escapeXml(v.type)}" ACTION="Create">`,
    `    ${tag('DATE', v.date.replace(/-/g, ''))}`,
    `    ${tag('VOUCHERTYPENAME', v.type)}`,
    `    ${tag('VOUCHERNUMBER', v.number)}`,
    `    ${tag('PARTYLEDGERNAME', v.party)}`,
    `    ${tag('NARRATION', v.narration)}`,
    `    ${tag('ISCANCELLED', yesNo(v.cancelled))}`,
    ...entries,
    `   </VOUCHER>`,
    `  </TALLYMESSAGE>`,
  ].join('\n');
}

/**
 * The import file. One IMPORTDATA with REPORTNAME Vouchers: Tally creates the LEDGER masters in its
 * TALLYMESSAGEs before the vouchers that follow them, so an empty company takes the file as it is.
 */
export function tallyXml(ledgers: TallyLedger[], vouchers: TallyVoucher[]): string {
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<ENVELOPE>`,
    ` <HEADER>`,
    `  <TALLYREQUEST>Import Data</TALLYREQUEST>`,
    ` </HEADER>`,
    ` <BODY>`,
    `  <IMPORTDATA>`,
    `   <REQUESTDESC>`,
    `    <REPORTNAME>Vouchers</REPORTNAME>`,
    `   </REQUESTDESC>`,
    `   <REQUESTDATA>`,
    ...ledgers.map(ledgerXml),
    ...vouchers.map(voucherXml),
    `   </REQUESTDATA>`,
    `  </IMPORTDATA>`,
    ` </BODY>`,
    `</ENVELOPE>`,
    ``,
  ].join('\n');
}
