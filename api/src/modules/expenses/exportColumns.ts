import type { Expense } from '@app/contract/expenses';
import { column, type CsvTable } from '../../platform/csv.ts';
import { label, modeWords, moneyStatusWords } from '../../platform/csvWords.ts';

export const expenseCsv: CsvTable<Expense> = {
  columns: [
    column.date(label.date, (e) => e.paidAt),
    column.text({ en: 'Category', de: 'Kategorie', hi: 'श्रेणी' }, (e) => e.categoryName),
    column.text({ en: 'Payee', de: 'Bezahlt an', hi: 'किसे दिया' }, (e) => e.payee),
    column.money(label.amount, (e) => e.amount),
    column.word(label.mode, (e) => e.mode, modeWords),
    column.text(label.account, (e) => e.bankAccountName),
    column.text(label.reference, (e) => e.reference),
    column.text(label.note, (e) => e.note),
    column.text({ en: 'Bill', de: 'Beleg', hi: 'बिल' }, (e) => e.bill?.fileName),
    column.word(label.status, (e) => e.status, moneyStatusWords),
    column.text(label.voidReason, (e) => e.voidReason),
    column.text(label.recordedBy, (e) => e.createdByName),
  ],
};
