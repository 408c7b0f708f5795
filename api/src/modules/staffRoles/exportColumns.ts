import { column, type CsvTable } from '../../platform/csv.ts';
import { label } from '../../platform/csvWords.ts';
import type { StaffRoleBase } from './routes.ts';

export const staffRoleCsv: CsvTable<StaffRoleBase> = {
  columns: [
    column.text({ en: 'Role name', de: 'Rollenname' }, (r) => r.name),
    column.text(label.description, (r) => r.description),
    column.yesNo({ en: 'Owner', de: 'Inhaber' }, (r) => r.isOwner),
  ],
};
