import type { Staff } from '@app/contract/staff';
import { column, type CsvTable } from '../../platform/csv.ts';
import { allBranches, label } from '../../platform/csvWords.ts';

/** What the Staff screen shows; never a password hash or token (the record carries none). */
export const staffCsv: CsvTable<Staff> = {
  nameIds: (rows) => ({ branches: rows.flatMap((s) => s.branchIds ?? []) }),
  columns: [
    column.text(label.name, (s) => s.staffName),
    column.text(label.email, (s) => s.email),
    column.text(label.mobile, (s) => s.mobile),
    column.text({ en: 'Role', de: 'Rolle', hi: 'भूमिका' }, (s) => s.roleName),
    column.list(label.branches, (s, names, lang) =>
      s.branchIds === null ? [allBranches[lang]] : s.branchIds.map((id) => names.branches.get(id) ?? ''),
    ),
    column.yesNo(label.active, (s) => s.status === 'active'),
  ],
};
