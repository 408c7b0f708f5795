import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import type { GridColDef } from '@mui/x-data-grid';
import { feeStructureInputSchema } from '@app/contract/feeStructures';
import type { FeeStructure, FeeStructureInput } from '@app/contract/feeStructures';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { MoneyInput } from '../../lib/form/MoneyInput';
import { FieldRow } from '../../lib/form/FieldRow';
import { BranchMultiSelect, NumberInput, SwitchInput, TextInput, TimeInput } from '../../lib/form/fields';
import { useOrgMoney } from '../../lib/form/money';
import { createdAtColumn, statusFilter } from '../../lib/table/columns';
import { ResourcePage } from '../../lib/table/ResourcePage';
import { useSessionView } from '../../lib/useSession';
import { FeeLinesField } from './FeeLinesField';
import { ResourcePicker } from '../../lib/form/ResourcePicker';
import { packageResource } from '../packages/resource';
import { useFeeTypeOptions, usePackageOptions } from './options';
import { feeStructureResource } from './resource';

type Values = FeeStructureInput;
type Output = z.output<typeof feeStructureInputSchema>;

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

function FeeStructureFields({ form }: { form: UseFormReturn<Values, unknown, Output> }) {
  const { t } = useTranslation();
  const { control } = form;
  const feeTypes = useFeeTypeOptions();
  return (
    <>
      <TextInput control={control} name="name" label={t('feeStructures.name')} required autoFocus />
      {feeTypes.isSuccess && feeTypes.data.length === 0 && (
        <Alert severity="info">{t('feeStructures.noFeeTypes')}</Alert>
      )}
      <FeeLinesField control={control} />
      <FieldRow>
        <NumberInput
          control={control}
          name="durationDays"
          label={t('feeStructures.durationDaysLabel')}
          helperText={t('feeStructures.durationHelp')}
          required
        />
        <ResourcePicker
          control={control}
          name="packageId"
          label={t('feeStructures.package')}
          resource={packageResource}
          sort="packageName"
          optionLabel={(p) => p.packageName}
          query={{ status: 'true' }}
        />
      </FieldRow>
      <FieldRow>
        <TimeInput control={control} name="entryTime" label={t('feeStructures.entryTime')} />
        <TimeInput control={control} name="exitTime" label={t('feeStructures.exitTime')} />
      </FieldRow>
      <SwitchInput control={control} name="nextDayExit" label={t('feeStructures.nextDayExit')} />
      <FieldRow>
        <NumberInput
          control={control}
          name="graceDays"
          label={t('feeStructures.graceDays')}
          helperText={t('feeStructures.graceHelp')}
        />
        <MoneyInput control={control} name="finePerDay" label={t('feeStructures.finePerDay')} />
        <MoneyInput
          control={control}
          name="fineCap"
          label={t('feeStructures.fineCap')}
          helperText={t('feeStructures.fineCapHelp')}
        />
      </FieldRow>
      <BranchMultiSelect
        control={control}
        name="branchIds"
        label={t('feeStructures.branches')}
        allLabel={t('feeStructures.allBranches')}
        helperText={t('feeStructures.branchesHelp')}
      />
      <SwitchInput control={control} name="status" label={t('feeStructures.status')} />
    </>
  );
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
            : `${shortTime(row.entryTime)}–${shortTime(row.exitTime)}${row.nextDayExit ? ` (${t('feeStructures.nextDay')})` : ''}`,
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
      schema={feeStructureInputSchema}
      defaults={defaults}
      toValues={toValues}
      statusField="status"
      renderFields={(form) => <FeeStructureFields form={form} />}
      formWidth="md"
    />
  );
}
