import type { Payment } from '@app/contract/payments';
import { column, decimalMoney, type CsvTable } from '../../platform/csv.ts';
import { label, modeWords, moneyStatusWords } from '../../platform/csvWords.ts';

/** The payment record carries its names already (member, structure, account, staff). */
export const paymentCsv: CsvTable<Payment> = {
  columns: [
    column.text(label.receipt, (p) => p.receiptNumber),
    column.date(label.date, (p) => p.paidAt),
    column.text(label.member, (p) => p.memberName),
    column.text(label.mobile, (p) => p.memberMobile),
    column.text(label.feeStructure, (p) => p.feeStructureName),
    {
      label: { en: 'Lines', de: 'Posten', hi: 'शुल्क' },
      value: (p, s) => p.lines.map((l) => `${l.name} ${decimalMoney(l.amount, s.digits)}`).join('; '),
    },
    column.money({ en: 'Previous dues', de: 'Frühere Rückstände', hi: 'पिछला बकाया' }, (p) => p.duesSettled),
    column.money({ en: 'Late fine', de: 'Säumnisgebühr', hi: 'विलंब शुल्क' }, (p) => p.lateFine),
    column.money({ en: 'Discount', de: 'Rabatt', hi: 'छूट' }, (p) => p.discount),
    column.money({ en: 'Total', de: 'Gesamt', hi: 'कुल' }, (p) => p.total),
    column.money({ en: 'Received', de: 'Erhalten', hi: 'प्राप्त' }, (p) => p.received),
    // What the payment left owing then, and what of it is still owed now (dues.ts).
    column.money({ en: 'Left owing', de: 'Offen gelassen', hi: 'भुगतान के बाद बकाया' }, (p) => p.leftOwing),
    column.money({ en: 'Due', de: 'Offen', hi: 'बकाया' }, (p) => p.due),
    column.word(label.mode, (p) => p.mode, modeWords),
    column.text(label.account, (p) => p.bankAccountName),
    column.text(label.reference, (p) => p.reference),
    column.date(label.validFrom, (p) => p.coversFrom),
    column.date(label.validTill, (p) => p.coversTill),
    column.word(label.status, (p) => p.status, moneyStatusWords),
    column.text(label.recordedBy, (p) => p.createdByName),
    column.text(label.voidReason, (p) => p.voidReason),
  ],
};
