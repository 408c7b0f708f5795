import type { StaffRole } from '@app/contract/staffRoles';
import { column, type CsvTable } from '../../platform/csv.ts';
import { label } from '../../platform/csvWords.ts';

/** Typed by the fields it reads, from the contract, so routes.ts imports this file and not back. */
export const staffRoleCsv: CsvTable<Pick<StaffRole, 'name' | 'description' | 'isOwner'>> = {
  columns: [
    column.text({ en: 'Role name', de: 'Rollenname', hi: 'भूमिका का नाम' }, (r) => r.name),
    column.text(label.description, (r) => r.description),
    column.yesNo({ en: 'Owner', de: 'Inhaber', hi: 'मालिक' }, (r) => r.isOwner),
  ],
};
