import { useMemo, useState } from 'react';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paymentModes } from '@app/contract/paymentNames';
import type { Refund } from '@app/contract/refunds';
import { PageHeader } from '../../lib/PageHeader';
import { useOrgMoney } from '../../lib/form/money';
import { ResourceTable } from '../../lib/table/ResourceTable';
import type { TableFilter } from '../../lib/table/tableContext';
import { apiListQuery, useTableState } from '../../lib/table/useTableState';
import { formatDate } from '../../lib/dates';
import { canRefund, useRefundOptions, useRefundSummary } from './refundApi';
import { refundResource } from './resource';
import { OpenedOnce, lazyPart } from '../../lib/lazyPart';

// The refund form (zod, react-hook-form) is downloaded when first opened, not with the page (issue 21).
const RefundDialog = lazyPart(() => import('./RefundDialog'), 'RefundDialog');

/** Refunds (/app/refunds): the branch's refunds with filters and their sum; refund a payment by its receipt. */
export function RefundsPage() {
  const { t } = useTranslation();
  const money = useOrgMoney();
  const [refunding, setRefunding] = useState(false);
  const options = useRefundOptions(canRefund());
  const columns = useMemo<GridColDef<Refund>[]>(
    () => [
      {
        field: 'refundNumber',
        headerName: t('refunds.refundNumber'),
        width: 180,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={`/app/refunds/${row.id}/receipt`} underline="hover">
            {row.refundNumber}
          </Link>
        ),
      },
      {
        field: 'refundedAt',
        headerName: t('refunds.date'),
        width: 120,
        valueFormatter: (v: string) => formatDate(v),
      },
      {
        field: 'memberName',
        headerName: t('refunds.member'),
        flex: 1,
        minWidth: 160,
        sortable: false,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={`/app/UserProfile/${row.userId}`} underline="hover">
            {row.memberName}
          </Link>
        ),
      },
      {
        field: 'receiptNumber',
        headerName: t('refunds.receipt'),
        width: 170,
        sortable: false,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={`/app/payments/${row.paymentId}/receipt`} underline="hover">
            {row.receiptNumber}
          </Link>
        ),
      },
      {
        field: 'amount',
        headerName: t('refunds.amount'),
        type: 'number',
        width: 120,
        valueFormatter: (v: number) => money.format(v),
      },
      {
        field: 'mode',
        headerName: t('payments.mode'),
        width: 120,
        sortable: false,
        valueFormatter: (v: Refund['mode']) => t(`payments.modes.${v}`),
      },
      { field: 'bankAccountName', headerName: t('refunds.account'), width: 170, sortable: false },
      { field: 'reason', headerName: t('refunds.reason'), width: 200, sortable: false },
      {
        field: 'endedMembership',
        headerName: t('refunds.membershipEnded'),
        width: 150,
        sortable: false,
        valueFormatter: (v: boolean) => (v ? t('refunds.membershipEnded') : ''),
      },
      { field: 'createdByName', headerName: t('refunds.recordedBy'), width: 150, sortable: false },
    ],
    [t, money],
  );
  const filters = useMemo<TableFilter[]>(
    () => [
      { name: 'from', label: t('payments.from'), kind: 'date', options: [] },
      { name: 'to', label: t('payments.to'), kind: 'date', options: [] },
      {
        name: 'mode',
        label: t('payments.mode'),
        options: paymentModes.map((m) => ({ value: m, label: t(`payments.modes.${m}`) })),
      },
      ...(options.data
        ? [
            {
              name: 'bankAccountId',
              label: t('refunds.account'),
              options: options.data.bankAccounts.map((a) => ({ value: String(a.id), label: a.accountName })),
            },
          ]
        : []),
    ],
    [t, options.data],
  );
  return (
    <>
      <PageHeader title={t('refunds.title')} subtitle={t('refunds.subtitle')} />
      <RefundSummary />
      <ResourceTable<Refund>
        resource={refundResource}
        title={t('refunds.title')}
        columns={columns}
        filters={filters}
        hiddenColumns={['createdByName', 'endedMembership']}
        emptyTitle={t('refunds.emptyTitle')}
        emptyText={t('refunds.emptyText')}
        addLabel={t('refunds.add')}
        onAdd={canRefund() ? () => setRefunding(true) : undefined}
      />
      <OpenedOnce open={refunding}>
        <RefundDialog open={refunding} onClose={() => setRefunding(false)} />
      </OpenedOnce>
    </>
  );
}

/** Count and sum of the view the table shows (same URL filters and search). */
function RefundSummary() {
  const { t } = useTranslation();
  const money = useOrgMoney();
  const state = useTableState({
    sortFields: refundResource.sortFields,
    filterNames: refundResource.filterNames,
  });
  const summary = useRefundSummary(apiListQuery(state));
  if (summary.data === undefined) return <Skeleton variant="text" width={260} sx={{ mb: 1 }} aria-hidden />;
  return (
    <Typography sx={{ mb: 1 }} data-testid="refund-summary" aria-live="polite">
      <bdi>
        {t('refunds.summary', { count: summary.data.count, amount: money.format(summary.data.amount) })}
      </bdi>
    </Typography>
  );
}
