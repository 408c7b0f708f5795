import { useMemo, useState } from 'react';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from '../../lib/notify/notify';
import { useTranslation } from 'react-i18next';
import type { Expense } from '@app/contract/expenses';
import { paymentModes, paymentStatuses } from '@app/contract/paymentNames';
import { errorMessage } from '../../lib/errorMessage';
import { PageHeader } from '../../lib/PageHeader';
import { useOrgMoney } from '../../lib/form/money';
import { hasPermission } from '../../lib/session';
import { ResourceTable, type RowAction } from '../../lib/table/ResourceTable';
import type { TableFilter } from '../../lib/table/tableContext';
import { apiListQuery, useTableState } from '../../lib/table/useTableState';
import { formatDate } from '../../lib/dates';
import {
  downloadBill,
  useExpenseOptions,
  useExpenseSummary,
  useRefreshAfterExpense,
  voidExpense,
} from './expenseApi';
import { OpenedOnce, lazyPart } from '../../lib/lazyPart';
import { expenseResource } from './resource';

// Downloaded when first opened, not with the list (issue 21).
const ExpenseDialog = lazyPart(() => import('./ExpenseDialog'), 'ExpenseDialog');
const ReasonDialog = lazyPart(() => import('../../lib/form/ReasonDialog'), 'ReasonDialog');

/** Expenses (/app/expenses): what the branch paid out, with bills; voided with a reason, never edited. */
export function ExpensesPage() {
  const { t } = useTranslation();
  const money = useOrgMoney();
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshAfterExpense();
  const [adding, setAdding] = useState(false);
  const [voiding, setVoiding] = useState<Expense | null>(null);
  const options = useExpenseOptions(hasPermission('expenses', 'add'));
  const columns = useMemo<GridColDef<Expense>[]>(
    () => [
      {
        field: 'paidAt',
        headerName: t('expenses.date'),
        width: 120,
        valueFormatter: (v: string) => formatDate(v),
      },
      { field: 'categoryName', headerName: t('expenses.category'), width: 150, sortable: false },
      { field: 'payee', headerName: t('expenses.payee'), flex: 1, minWidth: 150, sortable: false },
      {
        field: 'amount',
        headerName: t('expenses.amount'),
        type: 'number',
        width: 120,
        valueFormatter: (v: number) => money.format(v),
      },
      {
        field: 'mode',
        headerName: t('payments.mode'),
        width: 120,
        sortable: false,
        valueFormatter: (v: Expense['mode']) => t(`payments.modes.${v}`),
      },
      { field: 'bankAccountName', headerName: t('expenses.account'), width: 170, sortable: false },
      { field: 'reference', headerName: t('payments.reference'), width: 130, sortable: false },
      {
        field: 'bill',
        headerName: t('expenses.bill.column'),
        width: 80,
        sortable: false,
        renderCell: ({ row }) =>
          row.bill && (
            <Tooltip title={t('expenses.bill.download', { name: row.bill.fileName })}>
              <IconButton
                size="small"
                aria-label={t('expenses.bill.download', { name: row.bill.fileName })}
                onClick={() =>
                  void downloadBill(row.id, row.bill!.fileName).catch((error: unknown) =>
                    enqueueSnackbar(errorMessage(error), { variant: 'error' }),
                  )
                }
              >
                <DownloadOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          ),
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
    ],
    [t, money, enqueueSnackbar],
  );
  const filters = useMemo<TableFilter[]>(
    () => [
      { name: 'from', label: t('payments.from'), kind: 'date', options: [] },
      { name: 'to', label: t('payments.to'), kind: 'date', options: [] },
      ...(options.data
        ? [
            {
              name: 'categoryId',
              label: t('expenses.category'),
              options: options.data.categories.map((c) => ({ value: String(c.id), label: c.name })),
            },
            {
              name: 'bankAccountId',
              label: t('expenses.account'),
              options: options.data.bankAccounts.map((a) => ({ value: String(a.id), label: a.accountName })),
            },
          ]
        : []),
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
    ],
    [t, options.data],
  );
  const actions: RowAction<Expense>[] = hasPermission('expenses', 'delete')
    ? [
        {
          key: 'void',
          label: t('payments.void.action'),
          icon: <BlockOutlined />,
          onClick: setVoiding,
          shown: (row) => row.status === 'completed',
        },
      ]
    : [];
  return (
    <>
      <PageHeader title={t('expenses.title')} subtitle={t('expenses.subtitle')} />
      <ExpenseSummary />
      <ResourceTable<Expense>
        resource={expenseResource}
        title={t('expenses.title')}
        columns={columns}
        filters={filters}
        hiddenColumns={['createdByName', 'reference']}
        emptyTitle={t('expenses.emptyTitle')}
        emptyText={t('expenses.emptyText')}
        addLabel={t('expenses.add')}
        onAdd={hasPermission('expenses', 'add') ? () => setAdding(true) : undefined}
        rowActions={actions}
      />
      <OpenedOnce open={adding}>
        <ExpenseDialog open={adding} onClose={() => setAdding(false)} />
      </OpenedOnce>
      <OpenedOnce open={voiding !== null}>
        <ReasonDialog
          open={voiding !== null}
          title={t('expenses.void.title', { amount: voiding ? money.format(voiding.amount) : '' })}
          text={t('expenses.void.text')}
          label={t('payments.void.reason')}
          confirmLabel={t('payments.void.confirm')}
          onClose={() => setVoiding(null)}
          onConfirm={async (reason) => {
            await voidExpense(voiding!.id, reason);
            await refresh();
            enqueueSnackbar(t('expenses.void.done'), { variant: 'success' });
          }}
        />
      </OpenedOnce>
    </>
  );
}

/** Count and sum of the view the table shows (same URL filters and search), voided ones apart. */
function ExpenseSummary() {
  const { t } = useTranslation();
  const money = useOrgMoney();
  const state = useTableState({
    sortFields: expenseResource.sortFields,
    filterNames: expenseResource.filterNames,
  });
  const summary = useExpenseSummary(apiListQuery(state));
  if (summary.data === undefined) return <Skeleton variant="text" width={260} sx={{ mb: 1 }} aria-hidden />;
  const s = summary.data;
  return (
    <Typography sx={{ mb: 1 }} data-testid="expense-summary" aria-live="polite">
      <bdi>{t('expenses.summary', { count: s.count, amount: money.format(s.amount) })}</bdi>
      {s.voidedCount > 0 && ` · ${t('payments.summaryVoided', { count: s.voidedCount })}`}
    </Typography>
  );
}
