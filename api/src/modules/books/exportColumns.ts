import type { BranchFigures, MovementKind } from '@app/contract/books';
import { column, type CsvTable, type Words } from '../../platform/csv.ts';
import { label } from '../../platform/csvWords.ts';

/** One statement line; the opening balance is a line of its own kind, before the movements. */
export type StatementLine = {
  day: string | null;
  kind: MovementKind | 'opening';
  number: string;
  description: string;
  /** + into the account, - out of it; null on the opening line. */
  amount: number | null;
  balance: number;
};

const kindWords: Record<StatementLine['kind'], Words> = {
  opening: { en: 'Opening balance', de: 'Anfangssaldo', hi: 'शुरुआती बैलेंस' },
  payment: { en: 'Payment', de: 'Zahlung', hi: 'भुगतान' },
  refund: { en: 'Refund', de: 'Erstattung', hi: 'रिफ़ंड' },
  expense: { en: 'Expense', de: 'Ausgabe', hi: 'खर्च' },
  transferIn: { en: 'Transfer in', de: 'Umbuchung ein', hi: 'ट्रांसफ़र आया' },
  transferOut: { en: 'Transfer out', de: 'Umbuchung aus', hi: 'ट्रांसफ़र गया' },
  dayClose: { en: 'Day close difference', de: 'Kassenabschluss-Differenz', hi: 'दिन बंद करने का अंतर' },
  dayReopen: {
    en: 'Day reopened: difference taken back',
    de: 'Tag wieder geöffnet: Differenz zurückgebucht',
    hi: 'दिन फिर खुला: अंतर वापस',
  },
};

export const statementCsv: CsvTable<StatementLine> = {
  columns: [
    column.date(label.date, (m) => m.day),
    column.word({ en: 'Kind', de: 'Bewegung', hi: 'लेन-देन' }, (m) => m.kind, kindWords),
    column.text({ en: 'Number', de: 'Nummer', hi: 'नंबर' }, (m) => m.number),
    column.text(label.description, (m) => m.description),
    column.money({ en: 'In', de: 'Eingang', hi: 'जमा' }, (m) =>
      m.amount !== null && m.amount > 0 ? m.amount : null,
    ),
    column.money({ en: 'Out', de: 'Ausgang', hi: 'निकासी' }, (m) =>
      m.amount !== null && m.amount < 0 ? -m.amount : null,
    ),
    column.money({ en: 'Balance', de: 'Saldo', hi: 'बैलेंस' }, (m) => m.balance),
  ],
};

/** One branch's figures for the period, or (branchName null) the totals line. */
export type BranchPaymentsLine = Omit<BranchFigures, 'branchId' | 'branchName'> & {
  branchName: string | null;
  from: string;
  to: string;
};

export const branchPaymentsCsv: CsvTable<BranchPaymentsLine> = {
  columns: [
    {
      label: label.branch,
      value: (b, s) => b.branchName ?? ({ en: 'Total', de: 'Summe', hi: 'कुल' } satisfies Words)[s.lang],
    },
    column.date({ en: 'From', de: 'Von', hi: 'कब से' }, (b) => b.from),
    column.date({ en: 'To', de: 'Bis', hi: 'कब तक' }, (b) => b.to),
    column.money({ en: 'Collections', de: 'Einnahmen', hi: 'वसूली' }, (b) => b.collections),
    column.money({ en: 'Refunds', de: 'Erstattungen', hi: 'रिफ़ंड' }, (b) => b.refunds),
    column.money({ en: 'Net', de: 'Netto', hi: 'शुद्ध' }, (b) => b.net),
    column.money({ en: 'Expenses', de: 'Ausgaben', hi: 'खर्च' }, (b) => b.expenses),
    column.money(
      { en: 'Net after expenses', de: 'Netto nach Ausgaben', hi: 'खर्च के बाद शुद्ध' },
      (b) => b.netAfterExpenses,
    ),
  ],
};
