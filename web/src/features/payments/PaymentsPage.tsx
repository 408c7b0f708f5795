import { useMemo, useState } from 'react';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CurrencyExchangeOutlined from '@mui/icons-material/CurrencyExchangeOutlined';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { GridColDef } from '@mui/x-data-grid';
import { paymentModes, paymentStatuses } from '@app/contract/paymentNames';
import type { Payment } from '@app/contract/payments';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeader } from '../../lib/PageHeader';
import { useOrgMoney } from '../../lib/form/money';
import { hasPermission } from '../../lib/session';
import { ResourceTable } from '../../lib/table/ResourceTable';
import type { RowAction } from '../../lib/table/ResourceTable';
import type { TableFilter } from '../../lib/table/tableContext';
import { formatDate } from '../../lib/dates';
import { CashBook } from './CashBook';
import { DuesTable } from './DuesTable';
import { UpiClaimsTable } from '../portal/UpiClaimsTable';
import { PauseRequestsTable } from '../pauses/PauseRequestsTable';
import { canRecordPayments, usePaymentOptions } from './paymentApi';
import { PaymentSummary } from './PaymentSummary';
import { paymentResource } from './resource';
import { canRefund } from '../refunds/refundApi';
import { useOptions } from '../../lib/table/useOptions';
import { staffResource } from '../staff/resource';
import { OpenedOnce, lazyPart } from '../../lib/lazyPart';

// The dialogs (their forms, zod) are downloaded when first opened, not with the list (issue 21).
const RecordPaymentDialog = lazyPart(() => import('./RecordPaymentDialog'), 'RecordPaymentDialog');
const VoidPaymentDialog = lazyPart(() => import('./VoidPaymentDialog'), 'VoidPaymentDialog');
const RefundDialog = lazyPart(() => import('../refunds/RefundDialog'), 'RefundDialog');
const TallyExportDialog = lazyPart(() => import('./TallyExportDialog'), 'TallyExportDialog');

/** Payments (/app/payments): the branch's payments with filters and their sums, or the dues list. */
export function PaymentsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [recording, setRecording] = useState(false);
  const [exporting, setExporting] = useState(false);
  const canRecord = canRecordPayments();
  // Members' pause requests (issue 45, point 4), for those who may change members.
  const canPause = hasPermission('users', 'edit');
  const asked = params.get('view');
  const view =
    asked === 'dues' ||
    asked === 'cashBook' ||
    (asked === 'upi' && canRecord) ||
    (asked === 'pauses' && canPause)
      ? asked
      : 'payments';
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}>
        <PageHeader title={t('payments.title')} subtitle={t('payments.subtitle')} />
        <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={() => setExporting(true)}>
          {t('payments.tally.button')}
        </Button>
      </Box>
      <Tabs
        value={view}
        onChange={(_event, next: string) => setParams(next === 'payments' ? {} : { view: next })}
        sx={{ mb: 2 }}
      >
        <Tab value="payments" label={t('payments.tabs.payments')} />
        <Tab value="dues" label={t('payments.tabs.dues')} />
        <Tab value="cashBook" label={t('payments.tabs.cashBook')} />
        {canRecord && <Tab value="upi" label={t('upiClaims.title')} />}
        {canPause && <Tab value="pauses" label={t('pauses.title')} />}
      </Tabs>
      {view === 'dues' ? (
        <DuesTable />
      ) : view === 'cashBook' ? (
        <CashBook />
      ) : view === 'upi' ? (
        <UpiClaimsTable />
      ) : view === 'pauses' ? (
        <PauseRequestsTable />
      ) : (
        <PaymentsTable onRecord={canRecord ? () => setRecording(true) : undefined} />
      )}
      <OpenedOnce open={recording}>
        <RecordPaymentDialog open={recording} onClose={() => setRecording(false)} />
      </OpenedOnce>
      <OpenedOnce open={exporting}>
        {exporting && <TallyExportDialog onClose={() => setExporting(false)} />}
      </OpenedOnce>
    </>
  );
}

function PaymentsTable({ onRecord }: { onRecord?: () => void }) {
  const { t } = useTranslation();
  const money = useOrgMoney();
  const [voiding, setVoiding] = useState<Payment | null>(null);
  const options = usePaymentOptions(hasPermission('payments', 'add'));
  // Who recorded it: offered to those who may see the staff list.
  const staff = useOptions(staffResource, 'staffName', { enabled: hasPermission('staff', 'view') });
  const columns = useMemo<GridColDef<Payment>[]>(() => {
    const amount = (field: 'total' | 'received' | 'due', headerName: string): GridColDef<Payment> => ({
      field,
      headerName,
      type: 'number',
      width: 120,
      valueFormatter: (value: number) => (field === 'due' && value === 0 ? '' : money.format(value)),
    });
    return [
      {
        field: 'receiptNumber',
        headerName: t('payments.receiptNumber'),
        width: 170,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={`/app/payments/${row.id}/receipt`} underline="hover">
            {row.receiptNumber}
          </Link>
        ),
      },
      {
        field: 'paidAt',
        headerName: t('payments.date'),
        width: 120,
        valueFormatter: (v: string) => formatDate(v),
      },
      {
        field: 'memberName',
        headerName: t('payments.member'),
        flex: 1,
        minWidth: 160,
        sortable: false,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={`/app/UserProfile/${row.userId}`} underline="hover">
            {row.memberName}
          </Link>
        ),
      },
      { field: 'feeStructureName', headerName: t('payments.feeStructure'), width: 170, sortable: false },
      amount('total', t('payments.total')),
      amount('received', t('payments.received')),
      { ...amount('due', t('payments.due')), sortable: false },
      {
        field: 'mode',
        headerName: t('payments.mode'),
        width: 120,
        sortable: false,
        valueFormatter: (v: Payment['mode']) => t(`payments.modes.${v}`),
      },
      {
        field: 'status',
        headerName: t('payments.status'),
        width: 140,
        sortable: false,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.status === 'voided' ? 'error' : 'success'}
            label={t(`payments.statuses.${row.status}`)}
          />
        ),
      },
      { field: 'createdByName', headerName: t('payments.recordedBy'), width: 150, sortable: false },
    ];
  }, [t, money]);
  const filters = useMemo<TableFilter[]>(
    () => [
      { name: 'from', label: t('payments.from'), kind: 'date', options: [] },
      { name: 'to', label: t('payments.to'), kind: 'date', options: [] },
      {
        name: 'mode',
        label: t('payments.mode'),
        options: paymentModes.map((m) => ({ value: m, label: t(`payments.modes.${m}`) })),
      },
      {
        name: 'status',
        label: t('payments.status'),
        options: paymentStatuses.map((s) => ({ value: s, label: t(`payments.statuses.${s}`) })),
      },
      ...(options.data
        ? [
            {
              name: 'feeStructureId',
              label: t('payments.feeStructure'),
              options: options.data.feeStructures.map((f) => ({ value: String(f.id), label: f.name })),
            },
            {
              name: 'bankAccountId',
              label: t('payments.account'),
              options: options.data.bankAccounts.map((a) => ({ value: String(a.id), label: a.accountName })),
            },
          ]
        : []),
      ...(staff.data
        ? [
            {
              name: 'createdBy',
              label: t('payments.recordedBy'),
              options: staff.data.map((s) => ({ value: String(s.staffId), label: s.staffName })),
            },
          ]
        : []),
    ],
    [t, options.data, staff.data],
  );
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const actions: RowAction<Payment>[] = [
    ...(canRefund()
      ? [
          {
            key: 'refund',
            label: t('refunds.action'),
            icon: <CurrencyExchangeOutlined />,
            onClick: setRefunding,
            shown: (row: Payment) => row.status === 'completed',
          },
        ]
      : []),
    ...(hasPermission('payments', 'delete')
      ? [
          {
            key: 'void',
            label: t('payments.void.action'),
            icon: <BlockOutlined />,
            onClick: setVoiding,
            shown: (row: Payment) => row.status === 'completed',
          },
        ]
      : []),
  ];
  return (
    <>
      <PaymentSummary />
      <ResourceTable<Payment>
        resource={paymentResource}
        title={t('payments.title')}
        columns={columns}
        filters={filters}
        hiddenColumns={['createdByName', 'feeStructureName']}
        emptyTitle={t('payments.emptyTitle')}
        emptyText={t('payments.emptyText')}
        addLabel={t('payments.record')}
        onAdd={onRecord}
        rowActions={actions}
      />
      <OpenedOnce open={voiding !== null}>
        <VoidPaymentDialog payment={voiding} onClose={() => setVoiding(null)} />
      </OpenedOnce>
      <OpenedOnce open={refunding !== null}>
        <RefundDialog
          open={refunding !== null}
          paymentId={refunding?.id}
          onClose={() => setRefunding(null)}
        />
      </OpenedOnce>
    </>
  );
}
