import type { Refund } from '@app/contract/refunds';
import { column, type CsvTable } from '../../platform/csv.ts';
import { label, modeWords } from '../../platform/csvWords.ts';

export const refundCsv: CsvTable<Refund> = {
  columns: [
    column.text({ en: 'Refund', de: 'Erstattung', hi: 'रिफ़ंड' }, (r) => r.refundNumber),
    column.date(label.date, (r) => r.refundedAt),
    column.text(label.receipt, (r) => r.receiptNumber),
    column.text(label.member, (r) => r.memberName),
    column.text(label.mobile, (r) => r.memberMobile),
    column.money(label.amount, (r) => r.amount),
    column.text({ en: 'Reason', de: 'Grund', hi: 'कारण' }, (r) => r.reason),
    column.word(label.mode, (r) => r.mode, modeWords),
    column.text(label.account, (r) => r.bankAccountName),
    column.text(label.reference, (r) => r.reference),
    column.yesNo(
      { en: 'Membership ended', de: 'Mitgliedschaft beendet', hi: 'सदस्यता खत्म' },
      (r) => r.endedMembership,
    ),
    column.text(label.recordedBy, (r) => r.createdByName),
  ],
};
