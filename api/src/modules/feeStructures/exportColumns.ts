import type { FeeStructure } from '@app/contract/feeStructures';
import { column, decimalMoney, type CsvTable } from '../../platform/csv.ts';
import { allBranches, label } from '../../platform/csvWords.ts';

export const feeStructureCsv: CsvTable<FeeStructure> = {
  nameIds: (rows) => ({
    feeTypes: rows.flatMap((s) => s.lines.map((l) => l.feeTypeId)),
    packages: rows.map((s) => s.packageId),
    branches: rows.flatMap((s) => s.branchIds ?? []),
  }),
  columns: [
    column.text(label.name, (s) => s.name),
    // Each fee as 'name amount' in the currency's decimals, as the payments export writes lines.
    {
      label: { en: 'Fees', de: 'Gebühren', hi: 'शुल्क' },
      value: (s, scope) =>
        s.lines
          .map(
            (l) => `${scope.names.feeTypes.get(l.feeTypeId) ?? ''} ${decimalMoney(l.amount, scope.digits)}`,
          )
          .join('; '),
    },
    column.money({ en: 'Total', de: 'Summe', hi: 'कुल' }, (s) => s.total),
    column.text({ en: 'Duration (days)', de: 'Dauer (Tage)', hi: 'अवधि (दिन)' }, (s) => s.durationDays),
    column.text(label.package, (s, names) => (s.packageId === null ? null : names.packages.get(s.packageId))),
    column.time(
      { en: 'Default entry time', de: 'Standard-Eintrittszeit', hi: 'सामान्य प्रवेश समय' },
      (s) => s.entryTime,
    ),
    column.time(
      { en: 'Default exit time', de: 'Standard-Austrittszeit', hi: 'सामान्य निकास समय' },
      (s) => s.exitTime,
    ),
    column.yesNo(
      { en: 'Exit next day', de: 'Austritt am Folgetag', hi: 'निकास अगले दिन' },
      (s) => s.nextDayExit,
    ),
    column.list(label.branches, (s, names, lang) =>
      s.branchIds === null ? [allBranches[lang]] : s.branchIds.map((id) => names.branches.get(id) ?? ''),
    ),
    column.text({ en: 'Grace days', de: 'Karenztage', hi: 'छूट के दिन' }, (s) => s.graceDays),
    column.money(
      { en: 'Late fine per day', de: 'Säumnisgebühr pro Tag', hi: 'प्रति दिन विलंब शुल्क' },
      (s) => s.finePerDay,
    ),
    column.money(
      { en: 'Late fine at most', de: 'Säumnisgebühr höchstens', hi: 'विलंब शुल्क अधिकतम' },
      (s) => s.fineCap,
    ),
    column.yesNo(label.active, (s) => s.status),
  ],
};
