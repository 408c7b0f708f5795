import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { feeTypeInputSchema } from '@app/contract/feeTypes';
import type { FeeType, FeeTypeInput } from '@app/contract/feeTypes';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SwitchInput, TextInput } from '../../lib/form/fields';
import { YesNo } from '../../lib/table/cells';
import { createdAtColumn, statusFilter } from '../../lib/table/columns';
import { ResourcePage } from '../../lib/table/ResourcePage';
import { feeTypeResource } from './resource';

type Values = FeeTypeInput;
type Output = z.output<typeof feeTypeInputSchema>;

const defaults: Values = { name: '', description: '', refundable: false, status: true };

function toValues(row: FeeType): Values {
  return { name: row.name, description: row.description, refundable: row.refundable, status: row.status };
}

function FeeTypeFields({ form }: { form: UseFormReturn<Values, unknown, Output> }) {
  const { t } = useTranslation();
  const { control } = form;
  return (
    <>
      <TextInput control={control} name="name" label={t('feeTypes.name')} required autoFocus />
      <TextInput control={control} name="description" label={t('feeTypes.description')} multiline />
      <SwitchInput
        control={control}
        name="refundable"
        label={t('feeTypes.refundable')}
        helperText={t('feeTypes.refundableHelp')}
      />
      <SwitchInput control={control} name="status" label={t('feeTypes.status')} />
    </>
  );
}

export function FeeTypesPage() {
  const { t } = useTranslation();
  const columns = useMemo<GridColDef<FeeType>[]>(
    () => [
      { field: 'name', headerName: t('feeTypes.name'), flex: 1, minWidth: 160 },
      { field: 'description', headerName: t('feeTypes.description'), flex: 2, minWidth: 200 },
      {
        field: 'refundable',
        headerName: t('feeTypes.refundable'),
        width: 120,
        renderCell: ({ row }) => <YesNo value={row.refundable} />,
      },
      { field: 'status', headerName: t('table.status'), width: 110 },
      createdAtColumn<FeeType>(t),
    ],
    [t],
  );
  const filters = useMemo(
    () => [
      statusFilter(t),
      {
        name: 'refundable',
        label: t('feeTypes.refundable'),
        options: [
          { value: 'true', label: t('table.yes') },
          { value: 'false', label: t('table.no') },
        ],
      },
    ],
    [t],
  );

  return (
    <ResourcePage<FeeType, Values, Output>
      resource={feeTypeResource}
      texts={{
        title: t('feeTypes.title'),
        subtitle: t('feeTypes.subtitle'),
        add: t('feeTypes.add'),
        addTitle: t('feeTypes.addTitle'),
        editTitle: t('feeTypes.editTitle'),
        emptyTitle: t('feeTypes.emptyTitle'),
        emptyText: t('feeTypes.emptyText'),
      }}
      columns={columns}
      filters={filters}
      hiddenColumns={['createdAt']}
      rowName={(row) => row.name}
      schema={feeTypeInputSchema}
      defaults={defaults}
      toValues={toValues}
      statusField="status"
      renderFields={(form) => <FeeTypeFields form={form} />}
    />
  );
}
