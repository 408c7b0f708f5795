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
  opening: { en: 'Opening balance', de: 'Anfangssaldo' },
  payment: { en: 'Payment', de: 'Zahlung' },
  refund: { en: 'Refund', de: 'Erstattung' },
  expense: { en: 'Expense', de: 'Ausgabe' },
  transferIn: { en: 'Transfer in', de: 'Umbuchung ein' },
  transferOut: { en: 'Transfer out', de: 'Umbuchung aus' },
  dayClose: { en: 'Day close difference', de: 'Kassenabschluss-Differenz' },
  dayReopen: {
    en: 'Day reopened: difference taken back',
    de: 'Tag wieder geöffnet: Differenz zurückgebucht',
  },
};

export const statementCsv: CsvTable<StatementLine> = {
  columns: [
    column.date(label.date, (m) => m.day),
    column.word({ en: 'Kind', de: 'Bewegung' }, (m) => m.kind, kindWords),
    column.text({ en: 'Number', de: 'Nummer' }, (m) => m.number),
    column.text(label.description, (m) => m.description),
    column.money({ en: 'In', de: 'Eingang' }, (m) => (m.amount !== null && m.amount > 0 ? m.amount : null)),
    column.money({ en: 'Out', de: 'Ausgang' }, (m) => (m.amount !== null && m.amount < 0 ? -m.amount : null)),
    column.money({ en: 'Balance', de: 'Saldo' }, (m) => m.balance),
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
      value: (b, s) => b.branchName ?? ({ en: 'Total', de: 'Summe' } satisfies Words)[s.lang],
    },
    column.date({ en: 'From', de: 'Von' }, (b) => b.from),
    column.date({ en: 'To', de: 'Bis' }, (b) => b.to),
    column.money({ en: 'Collections', de: 'Einnahmen' }, (b) => b.collections),
    column.money({ en: 'Refunds', de: 'Erstattungen' }, (b) => b.refunds),
    column.money({ en: 'Net', de: 'Netto' }, (b) => b.net),
    column.money({ en: 'Expenses', de: 'Ausgaben' }, (b) => b.expenses),
    column.money({ en: 'Net after expenses', de: 'Netto nach Ausgaben' }, (b) => b.netAfterExpenses),
  ],
};
