// The statement files the import understands (issue 44, point 6; docs/operations.md, "Bank
// statements"): a plain CSV, the exports of five Indian banks recognised by their headings, and any
// other file through a mapping of its headings that staff give once per account.
import type { StatementMapping, StatementRole } from '@app/contract/bankStatement';

/** One way of naming the columns: the headings (normalised) that say which column is which. */
type Format = {
  name: string;
  /** Each role's heading(s); the first that the file has is taken. */
  columns: Partial<Record<StatementRole, string[]>>;
  /** One amount column with a Dr/Cr column beside it, instead of debit and credit columns. */
  amount?: { amount: string[]; side: string[] };
};

/** 'Withdrawal Amt.' -> 'withdrawalamt': case, spaces and punctuation do not tell banks apart. */
export const normaliseHeading = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

/*
 * Sources (looked up in December 2026; a bank changes its download without notice, so a file that
 * stops being recognised falls back to the mapping step rather than being misread):
 * - plain: the issue's own headings.
 * - SBI: "Txn Date, Value Date, Description, Ref No./Cheque No., Debit, Credit, Balance", dates as
 *   "15 Jan 2024" (convertstatement.online, "Indian bank statement formats compared"; the same list
 *   in asmitsharp/cashlens docs/bank-statement-format-research.md).
 * - HDFC: "Date, Narration, Chq./Ref.No., Value Dt, Withdrawal Amt., Deposit Amt., Closing Balance",
 *   dates dd/mm/yy (convertstatement.online, "How to read an HDFC bank statement" and the comparison).
 * - ICICI: "S No., Value Date, Transaction Date, Cheque Number, Transaction Remarks, Withdrawal
 *   Amount (INR ), Deposit Amount (INR ), Balance (INR )" (the net-banking XLS as read by
 *   vdinesht/tracker ICICIBankStatementRow). NOT CONFIRMED from a bank document: another source gives
 *   ICICI's Excel as "Transaction Date, Value Date, Description, Cheque Number, Amount, Balance"
 *   with negative debits, which is not recognised and goes through the mapping step.
 * - Axis: "Tran Date, CHQNO, PARTICULARS, DR, CR, BAL, SOL", dates dd-mm-yyyy
 *   (convertstatement.online comparison).
 * - Kotak: two layouts, NOT CONFIRMED from a bank document: "Sl. No., Transaction Date, Value Date,
 *   Description, Chq / Ref No., Debit, Credit, Balance" and the older "Sl. No., Date, Description,
 *   Chq / Ref number, Amount, Dr / Cr, Balance, Dr / Cr" (third-party parsers' descriptions:
 *   FFFSTANZA/SharaLedger docs/INDIAN_BANK_FORMATS.md and Kotak parsers with a Dr/Cr column).
 */
export const formats: Format[] = [
  {
    name: 'plain',
    columns: {
      date: ['date'],
      narration: ['narration'],
      reference: ['reference'],
      debit: ['debit'],
      credit: ['credit'],
      balance: ['balance'],
    },
  },
  {
    name: 'sbi',
    columns: {
      date: ['txndate'],
      narration: ['description'],
      reference: ['refnochequeno', 'refnochqno'],
      debit: ['debit'],
      credit: ['credit'],
      balance: ['balance'],
    },
  },
  {
    name: 'hdfc',
    columns: {
      date: ['date'],
      narration: ['narration'],
      reference: ['chqrefno'],
      debit: ['withdrawalamt'],
      credit: ['depositamt'],
      balance: ['closingbalance'],
    },
  },
  {
    name: 'icici',
    columns: {
      date: ['transactiondate', 'valuedate'],
      narration: ['transactionremarks'],
      reference: ['chequenumber'],
      debit: ['withdrawalamountinr', 'withdrawalamount'],
      credit: ['depositamountinr', 'depositamount'],
      balance: ['balanceinr', 'balance'],
    },
  },
  {
    name: 'axis',
    columns: {
      date: ['trandate'],
      narration: ['particulars'],
      reference: ['chqno'],
      debit: ['dr'],
      credit: ['cr'],
      balance: ['bal'],
    },
  },
  {
    name: 'kotak',
    columns: {
      date: ['transactiondate'],
      narration: ['description'],
      reference: ['chqrefno'],
      debit: ['debit'],
      credit: ['credit'],
      balance: ['balance'],
    },
  },
  {
    name: 'kotak',
    columns: {
      date: ['date'],
      narration: ['description'],
      reference: ['chqrefnumber', 'chqrefno'],
      balance: ['balance'],
    },
    amount: { amount: ['amount'], side: ['drcr'] },
  },
];

/** Where each role is among a row's cells; amount/side for a Dr/Cr layout. */
export type ColumnsAt = Partial<Record<StatementRole | 'amount' | 'side', number>>;

/** The format whose headings this row has, with where its columns are; null when none fits. */
export function recogniseHeadings(row: string[]): { name: string; at: ColumnsAt } | null {
  const cells = row.map(normaliseHeading);
  const find = (names: string[] | undefined) => {
    for (const n of names ?? []) {
      const i = cells.indexOf(n);
      if (i >= 0) return i;
    }
    return undefined;
  };
  for (const format of formats) {
    const at: ColumnsAt = {};
    let complete = true;
    for (const [role, names] of Object.entries(format.columns) as [StatementRole, string[]][]) {
      const i = find(names);
      if (i === undefined) complete = false;
      else at[role] = i;
    }
    if (format.amount) {
      at.amount = find(format.amount.amount);
      // The Dr/Cr that follows the amount (the balance has its own after it).
      const side = cells.findIndex((c, i) => i > (at.amount ?? -1) && format.amount!.side.includes(c));
      if (at.amount === undefined || side < 0) complete = false;
      else at.side = side;
    }
    if (complete) return { name: format.name, at };
  }
  return null;
}

/** Where a mapping's headings are in this row; null when the row lacks one of them. */
export function mappedColumns(row: string[], mapping: StatementMapping): ColumnsAt | null {
  const cells = row.map((c) => c.trim().toLowerCase());
  const at: ColumnsAt = {};
  for (const [role, heading] of Object.entries(mapping) as [StatementRole, string][]) {
    if (!heading) continue;
    const i = cells.indexOf(heading.trim().toLowerCase());
    if (i < 0) return null;
    at[role] = i;
  }
  return at;
}

const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** An Excel serial day (1900 system) to ISO: serial 25569 is 1970-01-01. */
const fromSerial = (serial: number) =>
  new Date(Math.round((serial - 25_569) * 86_400_000)).toISOString().slice(0, 10);

/**
 * A statement's date as ISO, or null: 07/12/2026, 07-12-2026, 07.12.2026, 07/12/26, 07 Dec 2026,
 * 07-Dec-2026, 07-Dec-26, 2026-12-07, an Excel serial day; a time after the date is ignored. Indian
 * banks write the day first, so 07/12/2026 is 7 December.
 */
export function parseStatementDate(text: string): string | null {
  const t = text.trim();
  let y: number, m: number, d: number;
  let match: RegExpExecArray | null;
  if ((match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T].*)?$/.exec(t))) {
    [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else if ((match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:\s.*)?$/.exec(t))) {
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else if ((match = /^(\d{1,2})[\s-]([A-Za-z]{3})[A-Za-z]*,?[\s-](\d{2}|\d{4})(?:\s.*)?$/.exec(t))) {
    const month = months.indexOf(match[2]!.toLowerCase());
    if (month < 0) return null;
    [d, m, y] = [Number(match[1]), month + 1, Number(match[3])];
  } else if (/^\d{5}(?:\.\d+)?$/.test(t)) {
    const serial = Number(t);
    return serial > 20_000 && serial < 80_000 ? fromSerial(Math.floor(serial)) : null;
  } else {
    return null;
  }
  if (y < 100) y += 2000;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * An amount in minor units: '1,50,000.00', '₹ 900', '900.5', '900.00 Cr', '(900.00)', '-900';
 * '' / '-' are 0. `negative` for a minus, brackets or 'Dr'. Undefined when the text is not an amount.
 */
export function parseStatementAmount(text: string): { minor: number; negative: boolean } | undefined {
  let t = text.trim().replace(/^(?:₹|rs\.?|inr)\s*/i, '');
  let negative = false;
  if (/\s*(?:dr|cr)\.?$/i.test(t)) {
    negative = /dr\.?$/i.test(t);
    t = t.replace(/\s*(?:dr|cr)\.?$/i, '');
  }
  if (/^\(.*\)$/.test(t)) {
    negative = true;
    t = t.slice(1, -1);
  }
  if (t.startsWith('-') && t.length > 1) {
    negative = true;
    t = t.slice(1);
  }
  t = t.replace(/[,\s]/g, '');
  if (t === '' || t === '-') return { minor: 0, negative: false };
  if (/^\d+(?:\.\d{1,2})?$/.test(t)) {
    const [whole, fraction = ''] = t.split('.');
    return { minor: Number(whole) * 100 + Number(fraction.padEnd(2, '0')), negative };
  }
  // A spreadsheet's float ('899.9999999999') is rounded to the paisa.
  if (/^\d+\.\d+$/.test(t)) return { minor: Math.round(Number(t) * 100), negative };
  return undefined;
}
