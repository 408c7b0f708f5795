import type { Category } from '@app/contract/categories';
import { column, type CsvTable } from '../../platform/csv.ts';
import { label } from '../../platform/csvWords.ts';

export const categoryCsv: CsvTable<Category> = {
  columns: [
    column.text(label.name, (c) => c.name),
    column.text(label.description, (c) => c.description),
    column.yesNo(label.active, (c) => c.status),
  ],
};
