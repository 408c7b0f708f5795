import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import type { FeeStructure } from '@app/contract/feeStructures';
import { useTranslation } from 'react-i18next';
import { lazySchema } from '../../lib/form/lazySchema';
import { PartSuspense, lazyPart } from '../../lib/lazyPart';
import { useOrgMoney } from '../../lib/form/money';
import { createdAtColumn, statusFilter } from '../../lib/table/columns';
import { ResourcePage } from '../../lib/table/ResourcePage';
import { useSessionView } from '../../lib/useSession';
import type { FeeStructureOutput as Output, FeeStructureValues as Values } from './FeeStructureFields';
import { useFeeTypeOptions, usePackageOptions } from './options';
import { feeStructureResource } from './resource';
import { isolateLtr } from '../../lib/bidi';

// The form's schema and fields are downloaded when it first opens, not with the list (issue 21).
const loadFeeStructureSchema = lazySchema(() =>
  import('@app/contract/feeStructures').then((contract) => contract.feeStructureInputSchema),
);
const FeeStructureFields = lazyPart(() => import('./FeeStructureFields'), 'FeeStructureFields');

const defaults = {
  name: '',
  lines: [{ feeTypeId: undefined, amount: undefined }],
  durationDays: 30,
  packageId: null,
  entryTime: null,
  exitTime: null,
  nextDayExit: false,
  branchIds: null,
  graceDays: 0,
  finePerDay: 0,
  fineCap: 0,
  status: true,
};

function toValues(row: FeeStructure): Values {
  return {
    name: row.name,
    lines: row.lines.map((line) => ({ feeTypeId: line.feeTypeId, amount: line.amount })),
    durationDays: row.durationDays,
    packageId: row.packageId,
    entryTime: row.entryTime,
    exitTime: row.exitTime,
    nextDayExit: row.nextDayExit,
    branchIds: row.branchIds,
    graceDays: row.graceDays,
    finePerDay: row.finePerDay,
    fineCap: row.fineCap,
    status: row.status,
  };
}

/** '08:00:00' -> '08:00'; seconds only where they matter. */
function shortTime(time: string): string {
  return time.endsWith(':00') ? time.slice(0, 5) : time;
}

export function FeeStructuresPage() {
  const { t } = useTranslation();
  const money = useOrgMoney();
  const { branches } = useSessionView();
  const feeTypes = useFeeTypeOptions();
  const packages = usePackageOptions();

  const columns = useMemo<GridColDef<FeeStructure>[]>(() => {
    const feeTypeName = new Map((feeTypes.data ?? []).map((type) => [type.id, type.name]));
    const packageName = new Map((packages.data ?? []).map((p) => [p.id, p.packageName]));
    const branchName = new Map(branches.map((branch) => [branch.id, branch.name]));
    return [
      { field: 'name', headerName: t('feeStructures.name'), flex: 1, minWidth: 160 },
      {
        field: 'lines',
        headerName: t('feeStructures.lines'),
        flex: 1.5,
        minWidth: 180,
        valueGetter: (_value, row) =>
          row.lines.map((line) => feeTypeName.get(line.feeTypeId) ?? `#${line.feeTypeId}`).join(', '),
      },
      {
        field: 'total',
        headerName: t('feeStructures.total'),
        type: 'number',
        width: 130,
        valueFormatter: (value: number) => money.format(value),
      },
      {
        field: 'durationDays',
        headerName: t('feeStructures.durationDays'),
        type: 'number',
        width: 110,
        valueFormatter: (value: number) => t('feeStructures.days', { count: value }),
      },
      {
        field: 'packageId',
        headerName: t('feeStructures.package'),
        width: 150,
        valueGetter: (value: number | null) =>
          value === null ? '' : (packageName.get(value) ?? `#${value}`),
      },
      {
        field: 'entryTime',
        headerName: t('feeStructures.window'),
        width: 150,
        valueGetter: (_value, row) =>
          row.entryTime === null || row.exitTime === null
            ? t('feeStructures.noWindow')
            : // Isolated, or a right-to-left page draws the range backwards (lib/bidi.ts).
              `${isolateLtr(`${shortTime(row.entryTime)}–${shortTime(row.exitTime)}`)}${row.nextDayExit ? ` (${t('feeStructures.nextDay')})` : ''}`,
      },
      {
        field: 'branchIds',
        headerName: t('feeStructures.branches'),
        width: 170,
        valueGetter: (value: number[] | null) =>
          value === null
            ? t('feeStructures.allBranches')
            : value.map((id) => branchName.get(id) ?? `#${id}`).join(', '),
      },
      { field: 'status', headerName: t('table.status'), width: 110 },
      createdAtColumn<FeeStructure>(t),
    ];
  }, [t, money, branches, feeTypes.data, packages.data]);

  const filters = useMemo(() => {
    const packageFilter = {
      name: 'packageId',
      label: t('feeStructures.package'),
      options: (packages.data ?? []).map((p) => ({ value: String(p.id), label: p.packageName })),
    };
    return packageFilter.options.length > 0 ? [statusFilter(t), packageFilter] : [statusFilter(t)];
  }, [t, packages.data]);

  return (
    <ResourcePage<FeeStructure, Values, Output>
      resource={feeStructureResource}
      texts={{
        title: t('feeStructures.title'),
        subtitle: t('feeStructures.subtitle'),
        add: t('feeStructures.add'),
        addTitle: t('feeStructures.addTitle'),
        editTitle: t('feeStructures.editTitle'),
        emptyTitle: t('feeStructures.emptyTitle'),
        emptyText: t('feeStructures.emptyText'),
      }}
      columns={columns}
      filters={filters}
      hiddenColumns={['packageId', 'entryTime', 'createdAt']}
      rowName={(row) => row.name}
      schema={loadFeeStructureSchema}
      defaults={defaults}
      toValues={toValues}
      statusField="status"
      renderFields={(form) => (
        <PartSuspense>
          <FeeStructureFields form={form} />
        </PartSuspense>
      )}
      formWidth="md"
    />
  );
}
