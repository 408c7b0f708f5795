import type { BankAccount } from '@app/contract/bankAccounts';
import { column, type CsvTable } from '../../platform/csv.ts';
import { label } from '../../platform/csvWords.ts';

/** The account number as the record has it: masked for a caller who may not edit accounts. */
export const bankAccountCsv: CsvTable<BankAccount> = {
  nameIds: (rows) => ({ branches: rows.map((a) => a.branchId) }),
  columns: [
    column.text({ en: 'Account name', de: 'Kontoname', hi: 'खाते का नाम' }, (a) => a.accountName),
    column.word({ en: 'Type', de: 'Art', hi: 'प्रकार' }, (a) => a.kind, {
      bank: { en: 'Bank', de: 'Bank', hi: 'बैंक' },
      cash: { en: 'Cash', de: 'Bargeld', hi: 'नकद' },
    }),
    column.text({ en: 'Bank', de: 'Bank', hi: 'बैंक' }, (a) => a.bankName),
    column.text({ en: 'Account number', de: 'Kontonummer', hi: 'खाता संख्या' }, (a) => a.accountNumber),
    column.text(
      { en: 'IFSC / routing code', de: 'IFSC / Bankleitzahl', hi: 'IFSC / रूटिंग कोड' },
      (a) => a.ifsc,
    ),
    column.text({ en: 'UPI ID', de: 'UPI-ID', hi: 'UPI ID' }, (a) => a.upiId),
    column.text(label.branch, (a, names) => (a.branchId === null ? null : names.branches.get(a.branchId))),
    column.money({ en: 'Opening balance', de: 'Anfangssaldo', hi: 'शुरुआती बैलेंस' }, (a) => a.openingBalance),
    column.money({ en: 'Balance', de: 'Saldo', hi: 'बैलेंस' }, (a) => a.balance),
    column.yesNo(label.active, (a) => a.status),
  ],
};
