import { useMemo, useState } from 'react';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import { duesSortFields } from '@app/contract/listNames';
import type { MemberDue } from '@app/contract/payments';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useOrgMoney } from '../../lib/form/money';
import { defineResource } from '../../lib/table/resource';
import { ResourceTable } from '../../lib/table/ResourceTable';
import type { RowAction } from '../../lib/table/ResourceTable';
import { formatDate } from '../../lib/dates';
import { canRecordPayments } from './paymentApi';
import { OpenedOnce, lazyPart } from '../../lib/lazyPart';

// Downloaded when first opened, not with the list (issue 21).
const RecordPaymentDialog = lazyPart(() => import('./RecordPaymentDialog'), 'RecordPaymentDialog');

/** Members who owe money, oldest first (GET /payment/getDues); its own cache name, refreshed after payments. */
export const duesResource = defineResource<MemberDue>({
  name: 'dues',
  label: 'Dues',
  plural: 'Dues',
  module: 'payments',
  sortFields: duesSortFields,
  rowId: (row) => row.userId,
  routes: { list: '/payment/getDues', export: null },
});

export function DuesTable() {
  const { t } = useTranslation();
  const money = useOrgMoney();
  const [paying, setPaying] = useState<MemberDue | null>(null);
  const columns = useMemo<GridColDef<MemberDue>[]>(
    () => [
      {
        field: 'name',
        headerName: t('payments.member'),
        flex: 1,
        minWidth: 170,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={`/app/UserProfile/${row.userId}`} underline="hover">
            {row.name}
          </Link>
        ),
      },
      { field: 'mobile', headerName: t('members.mobile'), width: 140, sortable: false },
      {
        field: 'dues',
        headerName: t('payments.dues.amount'),
        width: 140,
        type: 'number',
        valueFormatter: (value: number) => money.format(value),
      },
      {
        field: 'duesSince',
        headerName: t('payments.dues.since'),
        width: 150,
        valueFormatter: (value: string | null) => (value ? formatDate(value) : ''),
      },
      {
        field: 'validTill',
        headerName: t('payments.validTill'),
        width: 140,
        sortable: false,
        valueFormatter: (value: string) => formatDate(value),
      },
    ],
    [t, money],
  );
  const actions: RowAction<MemberDue>[] = canRecordPayments()
    ? [{ key: 'pay', label: t('payments.record'), icon: <PaymentsOutlined />, onClick: setPaying }]
    : [];
  // From the dues list the payment settles what is owed; no fee structure is proposed.
  const member = paying === null ? null : { ...paying, feeStructureId: null };
  return (
    <>
      <ResourceTable<MemberDue>
        resource={duesResource}
        title={t('payments.dues.title')}
        columns={columns}
        emptyTitle={t('payments.dues.emptyTitle')}
        emptyText={t('payments.dues.emptyText')}
        addLabel=""
        rowActions={actions}
      />
      <OpenedOnce open={paying !== null}>
        <RecordPaymentDialog open={paying !== null} member={member} onClose={() => setPaying(null)} />
      </OpenedOnce>
    </>
  );
}
