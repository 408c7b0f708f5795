import type { BankAccount } from '@app/contract/bankAccounts';
import { column, type CsvTable } from '../../platform/csv.ts';
import { label } from '../../platform/csvWords.ts';

/** The account number as the record has it: masked for a caller who may not edit accounts. */
export const bankAccountCsv: CsvTable<BankAccount> = {
  nameIds: (rows) => ({ branches: rows.map((a) => a.branchId) }),
  columns: [
    column.text({ en: 'Account name', de: 'Kontoname' }, (a) => a.accountName),
    column.word({ en: 'Type', de: 'Art' }, (a) => a.kind, {
      bank: { en: 'Bank', de: 'Bank' },
      cash: { en: 'Cash', de: 'Bargeld' },
    }),
    column.text({ en: 'Bank', de: 'Bank' }, (a) => a.bankName),
    column.text({ en: 'Account number', de: 'Kontonummer' }, (a) => a.accountNumber),
    column.text({ en: 'IFSC / routing code', de: 'IFSC / Bankleitzahl' }, (a) => a.ifsc),
    column.text({ en: 'UPI ID', de: 'UPI-ID' }, (a) => a.upiId),
    column.text(label.branch, (a, names) => (a.branchId === null ? null : names.branches.get(a.branchId))),
    column.money({ en: 'Opening balance', de: 'Anfangssaldo' }, (a) => a.openingBalance),
    column.money({ en: 'Balance', de: 'Saldo' }, (a) => a.balance),
    column.yesNo(label.active, (a) => a.status),
  ],
};
