import type { Branch } from '@app/contract/branches';
import { column, type CsvTable } from '../../platform/csv.ts';
import { label } from '../../platform/csvWords.ts';

export const branchCsv: CsvTable<Branch> = {
  columns: [
    column.text(label.name, (b) => b.name),
    column.text(label.address, (b) => b.address),
    column.text({ en: 'Phone', de: 'Telefon', hi: 'फ़ोन' }, (b) => b.phone),
    column.text({ en: 'Time zone', de: 'Zeitzone', hi: 'समय क्षेत्र' }, (b) => b.timezone),
    column.word(label.status, (b) => b.status, {
      active: { en: 'Active', de: 'Aktiv', hi: 'सक्रिय' },
      inactive: { en: 'Inactive', de: 'Inaktiv', hi: 'निष्क्रिय' },
    }),
  ],
};
