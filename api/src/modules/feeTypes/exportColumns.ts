import type { FeeType } from '@app/contract/feeTypes';
import { column, type CsvTable } from '../../platform/csv.ts';
import { label } from '../../platform/csvWords.ts';

export const feeTypeCsv: CsvTable<FeeType> = {
  columns: [
    column.text(label.name, (f) => f.name),
    column.text(label.description, (f) => f.description),
    column.yesNo({ en: 'Refundable', de: 'Erstattungsfähig', hi: 'रिफ़ंड योग्य' }, (f) => f.refundable),
    column.yesNo(label.active, (f) => f.status),
  ],
};
