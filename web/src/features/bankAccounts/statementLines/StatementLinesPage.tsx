import { useMemo, useState } from 'react';
import ArrowBack from '@mui/icons-material/ArrowBack';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PauseCircleOutlined from '@mui/icons-material/PauseCircleOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import type { BankAccount } from '@app/contract/bankAccounts';
import type { StatementLine } from '@app/contract/bankStatement';
import { get } from '../../../lib/api';
import { formatDate } from '../../../lib/dates';
import { useOrgMoney } from '../../../lib/form/money';
import { OpenedOnce, lazyPart } from '../../../lib/lazyPart';
import { parseRouteId } from '../../../lib/navigation';
import { useSnackbar } from '../../../lib/notify/notify';
import { PageHeader } from '../../../lib/PageHeader';
import { hasPermission } from '../../../lib/session';
import { ResourceTable } from '../../../lib/table/ResourceTable';
import { setAsideLine, statementLineResource, type LineStatus } from './statementApi';

// The dialogs (react-hook-form, zod for the reason) download when first opened, not with the list.
const ImportStatementDialog = lazyPart(() => import('./ImportStatementDialog'), 'ImportStatementDialog');
const RecordLineDialog = lazyPart(() => import('./RecordLineDialog'), 'RecordLineDialog');
const ReasonDialog = lazyPart(() => import('../../../lib/form/ReasonDialog'), 'ReasonDialog');

const statuses: readonly LineStatus[] = ['unmatched', 'matched', 'set_aside'];

/**
 * An account's uploaded statement lines (/app/bankAccounts/:accountId/lines), by tab: unmatched
 * (record a credit as a member's payment, or set a line aside with a reason), matched (what each
 * line matched and how) and set aside.
 */
export function StatementLinesPage() {
  const { t } = useTranslation();
  const money = useOrgMoney();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const accountId = parseRouteId(useParams().accountId);
  const [search, setSearch] = useSearchParams();
  const status = (statuses as readonly string[]).includes(search.get('tab') ?? '')
    ? (search.get('tab') as LineStatus)
    : 'unmatched';
  const [importing, setImporting] = useState(false);
  const [recording, setRecording] = useState<StatementLine | null>(null);
  const [settingAside, setSettingAside] = useState<StatementLine | null>(null);
  const account = useQuery({
    queryKey: ['bankAccount', 'one', accountId],
    queryFn: ({ signal }) =>
      get<BankAccount>('/bankAccount/getBankAccount', { query: { bankAccountId: accountId! }, signal }),
    enabled: accountId !== null,
  });
  const resource = useMemo(
    () => (accountId === null ? null : statementLineResource(accountId, status)),
    [accountId, status],
  );
  const columns = useMemo<GridColDef<StatementLine>[]>(
    () => [
      {
        field: 'day',
        headerName: t('bankStatement.day'),
        width: 120,
        valueFormatter: (value: string) => formatDate(value),
      },
      {
        field: 'narration',
        headerName: t('bankStatement.narration'),
        flex: 1,
        minWidth: 220,
        sortable: false,
      },
      { field: 'reference', headerName: t('bankStatement.reference'), width: 170, sortable: false },
      {
        field: 'credit',
        headerName: t('bankStatement.credit'),
        type: 'number',
        width: 130,
        sortable: false,
        valueFormatter: (value: number) => (value > 0 ? money.format(value) : ''),
      },
      {
        field: 'debit',
        headerName: t('bankStatement.debit'),
        type: 'number',
        width: 130,
        sortable: false,
        valueFormatter: (value: number) => (value > 0 ? money.format(value) : ''),
      },
      {
        field: 'balance',
        headerName: t('bankStatement.balance'),
        type: 'number',
        width: 140,
        sortable: false,
        valueFormatter: (value: number | null) => (value === null ? '' : money.format(value)),
      },
      {
        field: 'matchedNumber',
        headerName: status === 'set_aside' ? t('bankStatement.reason') : t('bankStatement.matched'),
        flex: 1,
        minWidth: 200,
        sortable: false,
        valueGetter: (_value: unknown, row: StatementLine) =>
          row.status === 'set_aside'
            ? row.setAsideReason
            : row.matchedKind
              ? [
                  t(`bankStatement.by.${row.matchedBy ?? 'reference'}`),
                  t(`statement.kinds.${row.matchedKind}`),
                  row.matchedNumber,
                  row.matchedName,
                ]
                  .filter(Boolean)
                  .join(' · ')
              : '',
      },
    ],
    [t, money, status],
  );
  if (accountId === null || resource === null) {
    return <Alert severity="error">{t('statement.notFound')}</Alert>;
  }
  const canDecide = hasPermission('bankAccounts', 'edit');
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['bankStatement'] });
  const name = account.data?.accountName ?? '';
  return (
    <>
      <PageHeader title={name ? t('bankStatement.titleOf', { name }) : t('bankStatement.title')} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Button
          component={RouterLink}
          to={`/app/bankAccounts/${accountId}/statement`}
          startIcon={<ArrowBack />}
        >
          {t('statement.title')}
        </Button>
        <Box sx={{ flex: 1 }} />
        {hasPermission('bankAccounts', 'add') && (
          <Button variant="contained" startIcon={<UploadFileOutlined />} onClick={() => setImporting(true)}>
            {t('bankStatement.import')}
          </Button>
        )}
      </Box>
      <Tabs
        value={status}
        onChange={(_event, next: LineStatus) => setSearch({ tab: next })}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 1 }}
      >
        {statuses.map((s) => (
          <Tab key={s} value={s} label={t(`bankStatement.tabs.${s}`)} />
        ))}
      </Tabs>
      <ResourceTable<StatementLine>
        key={status}
        resource={resource}
        title={t(`bankStatement.tabs.${status}`)}
        columns={columns}
        emptyTitle={t(`bankStatement.empty.${status}`)}
        emptyText={t('bankStatement.emptyText')}
        addLabel={t('bankStatement.import')}
        rowActions={
          canDecide && status === 'unmatched'
            ? [
                {
                  key: 'record',
                  label: t('bankStatement.recordAction'),
                  icon: <PaymentsOutlined />,
                  shown: (row) => row.credit > 0 && hasPermission('payments', 'add'),
                  onClick: setRecording,
                },
                {
                  key: 'setAside',
                  label: t('bankStatement.setAsideAction'),
                  icon: <PauseCircleOutlined />,
                  onClick: setSettingAside,
                },
              ]
            : []
        }
      />
      <OpenedOnce open={importing}>
        {importing && (
          <ImportStatementDialog
            bankAccountId={accountId}
            accountName={name}
            onClose={() => setImporting(false)}
          />
        )}
      </OpenedOnce>
      <OpenedOnce open={recording !== null}>
        <RecordLineDialog
          line={recording}
          onClose={() => setRecording(null)}
          onRecorded={(payment) => {
            void refresh();
            enqueueSnackbar(t('bankStatement.recorded', { receipt: payment.receiptNumber }), {
              variant: 'success',
            });
            void navigate(`/app/payments/${payment.id}/receipt`);
          }}
        />
      </OpenedOnce>
      <OpenedOnce open={settingAside !== null}>
        <ReasonDialog
          open={settingAside !== null}
          title={t('bankStatement.setAsideTitle')}
          text={t('bankStatement.setAsideText')}
          label={t('bankStatement.reason')}
          confirmLabel={t('bankStatement.setAsideAction')}
          onClose={() => setSettingAside(null)}
          onConfirm={async (reason) => {
            await setAsideLine(settingAside!.id, reason);
            await refresh();
            enqueueSnackbar(t('bankStatement.setAsideDone'), { variant: 'success' });
          }}
        />
      </OpenedOnce>
    </>
  );
}
