import type { Room } from '@app/contract/rooms';
import { column, type CsvTable } from '../../platform/csv.ts';
import { label } from '../../platform/csvWords.ts';

export const roomCsv: CsvTable<Room> = {
  columns: [
    column.text(label.name, (r) => r.name),
    column.text({ en: 'Floor', de: 'Etage', hi: 'मंज़िल' }, (r) => r.floor),
    column.text({ en: 'Capacity', de: 'Kapazität', hi: 'क्षमता' }, (r) => r.capacity),
    column.yesNo(label.active, (r) => r.status),
  ],
};
