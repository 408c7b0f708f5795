import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import type { FeeType } from '@app/contract/feeTypes';
import { useTranslation } from 'react-i18next';
import { lazySchema } from '../../lib/form/lazySchema';
import { PartSuspense, lazyPart } from '../../lib/lazyPart';
import { YesNo } from '../../lib/table/cells';
import { createdAtColumn, statusFilter } from '../../lib/table/columns';
import { ResourcePage } from '../../lib/table/ResourcePage';
import type { FeeTypeOutput as Output, FeeTypeValues as Values } from './FeeTypeFields';
import { feeTypeResource } from './resource';

// The form's schema and fields are downloaded when it first opens, not with the list (issue 21).
const loadFeeTypeSchema = lazySchema(() =>
  import('@app/contract/feeTypes').then((contract) => contract.feeTypeInputSchema),
);
const FeeTypeFields = lazyPart(() => import('./FeeTypeFields'), 'FeeTypeFields');

const defaults: Values = {
  name: '',
  description: '',
  refundable: false,
  sac: '',
  gstRate: 18,
  status: true,
};

function toValues(row: FeeType): Values {
  return {
    name: row.name,
    description: row.description,
    refundable: row.refundable,
    sac: row.sac,
    gstRate: row.gstRate,
    status: row.status,
  };
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
      { field: 'sac', headerName: t('feeTypes.sac'), width: 100 },
      {
        field: 'gstRate',
        headerName: t('feeTypes.gstRate'),
        width: 100,
        valueFormatter: (value: number) => `${value} %`,
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
      schema={loadFeeTypeSchema}
      defaults={defaults}
      toValues={toValues}
      statusField="status"
      renderFields={(form) => (
        <PartSuspense>
          <FeeTypeFields form={form} />
        </PartSuspense>
      )}
    />
  );
}
