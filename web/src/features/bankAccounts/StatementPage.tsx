import { DateField } from '../../lib/form/DateField';
import { useState } from 'react';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Chip from '@mui/material/Chip';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSnackbar } from '../../lib/notify/notify';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import type { Statement } from '@app/contract/books';
import { get } from '../../lib/api';
import { orgToday } from '../../lib/dates';
import { errorMessage } from '../../lib/errorMessage';
import { useOrgMoney } from '../../lib/form/money';
import { parseRouteId } from '../../lib/navigation';
import { PageHeader } from '../../lib/PageHeader';
import { downloadExport } from '../../lib/table/exportCsv';
import { paginationLabels } from '../../lib/table/paginationLabels';
import { formatDate } from '../../lib/dates';
import { OpenedOnce, lazyPart } from '../../lib/lazyPart';
import { hasPermission } from '../../lib/session';

// The upload dialog (issue 44, point 6) downloads when first opened.
const ImportStatementDialog = lazyPart(
  () => import('./statementLines/ImportStatementDialog'),
  'ImportStatementDialog',
);

/** This month so far: the range a statement opens with. */
export const monthToDate = (today: string) => ({ from: `${today.slice(0, 7)}-01`, to: today });

/**
 * An account's statement (/app/bankAccounts/:accountId/statement): every movement of a date range,
 * oldest first, with the balance after each, the opening and closing balance, and the range as CSV.
 */
export function StatementPage() {
  const { t, i18n } = useTranslation();
  const money = useOrgMoney();
  const { enqueueSnackbar } = useSnackbar();
  const accountId = parseRouteId(useParams().accountId);
  const [range, setRange] = useState(() => monthToDate(orgToday()));
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [importing, setImporting] = useState(false);
  const query = { bankAccountId: accountId!, from: range.from || undefined, to: range.to || undefined };
  const statement = useQuery({
    queryKey: ['statement', accountId, range, page, pageSize],
    queryFn: ({ signal }) =>
      get<Statement>('/bankAccount/getStatement', {
        query: { ...query, page, pageSize },
        signal,
      }),
    enabled: accountId !== null,
    placeholderData: keepPreviousData,
    meta: { handlesError: true },
  });
  if (accountId === null) return <Alert severity="error">{t('statement.notFound')}</Alert>;
  const s = statement.data;
  const download = async () => {
    try {
      await downloadExport('/bankAccount/exportStatement', query, `statement-${accountId}.csv`);
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
  };
  const setDate = (key: 'from' | 'to') => (date: string | null) => {
    if (date === null) return;
    setRange((r) => ({ ...r, [key]: date }));
    setPage(0);
  };
  const figure = (label: string, value: number | undefined, testId: string) => (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" data-testid={testId}>
        {value === undefined ? <Skeleton width={90} /> : money.format(value)}
      </Typography>
    </Box>
  );
  return (
    <>
      <PageHeader title={s ? t('statement.titleOf', { name: s.accountName }) : t('statement.title')} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <Button component={RouterLink} to="/app/bankAccounts" startIcon={<ArrowBack />}>
          {t('bankAccounts.title')}
        </Button>
        <DateField
          size="small"
          label={t('payments.from')}
          value={range.from}
          onChange={setDate('from')}
          sx={{ width: 170 }}
        />
        <DateField
          size="small"
          label={t('payments.to')}
          value={range.to}
          onChange={setDate('to')}
          sx={{ width: 170 }}
        />
        <Box sx={{ flex: 1 }} />
        <Button variant="outlined" startIcon={<DownloadOutlined />} onClick={() => void download()}>
          {t('statement.csv')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<FactCheckOutlined />}
          component={RouterLink}
          to={`/app/bankAccounts/${accountId}/lines`}
        >
          {t('bankStatement.linesAction')}
        </Button>
        {hasPermission('bankAccounts', 'add') && (
          <Button variant="contained" startIcon={<UploadFileOutlined />} onClick={() => setImporting(true)}>
            {t('bankStatement.import')}
          </Button>
        )}
        <OpenedOnce open={importing}>
          {importing && (
            <ImportStatementDialog
              bankAccountId={accountId}
              accountName={s?.accountName ?? ''}
              onClose={() => setImporting(false)}
            />
          )}
        </OpenedOnce>
      </Box>
      {statement.isError && <Alert severity="error">{errorMessage(statement.error)}</Alert>}
      <Paper variant="outlined" sx={{ p: 2, mb: 2, display: 'flex', flexWrap: 'wrap', gap: 4 }}>
        {figure(t('statement.opening'), s?.opening, 'statement-opening')}
        {figure(t('statement.in'), s?.totalIn, 'statement-in')}
        {figure(t('statement.out'), s?.totalOut, 'statement-out')}
        {figure(t('statement.closing'), s?.closing, 'statement-closing')}
        {s?.bankBalance && (
          <Box data-testid="statement-bank-balance">
            <Typography variant="caption" color="text.secondary">
              {t('bankStatement.bankBalance', { day: formatDate(s.bankBalance.day) })}
            </Typography>
            <Typography variant="h6">{money.format(s.bankBalance.bank)}</Typography>
            <Typography
              variant="body2"
              color={s.bankBalance.bank === s.bankBalance.books ? 'success.main' : 'warning.main'}
            >
              {s.bankBalance.bank === s.bankBalance.books
                ? t('bankStatement.booksAgree')
                : t('bankStatement.booksSay', { amount: money.format(s.bankBalance.books) })}
            </Typography>
          </Box>
        )}
      </Paper>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('statement.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('statement.date')}</TableCell>
              <TableCell>{t('statement.kind')}</TableCell>
              <TableCell>{t('statement.number')}</TableCell>
              <TableCell>{t('statement.description')}</TableCell>
              <TableCell align="right">{t('statement.in')}</TableCell>
              <TableCell align="right">{t('statement.out')}</TableCell>
              <TableCell align="right">{t('statement.balance')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {s === undefined &&
              Array.from({ length: 5 }, (_, i) => (
                <TableRow key={i}>
                  <TableCell colSpan={7}>
                    <Skeleton />
                  </TableCell>
                </TableRow>
              ))}
            {s?.items.length === 0 && (
              <TableRow>
                <TableCell colSpan={7}>
                  <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                    {t('statement.empty')}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {s?.items.map((m, i) => (
              <TableRow key={`${m.kind}-${m.id}-${i}`} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(m.day)}</TableCell>
                <TableCell>
                  {t(`statement.kinds.${m.kind}`)}
                  {m.reconciled && (
                    <Chip
                      size="small"
                      color="success"
                      variant="outlined"
                      label={t('bankStatement.reconciled')}
                      sx={{ ml: 1 }}
                    />
                  )}
                </TableCell>
                <TableCell>{m.number}</TableCell>
                <TableCell>{m.description}</TableCell>
                <TableCell align="right">{m.amount > 0 ? money.format(m.amount) : ''}</TableCell>
                <TableCell align="right">{m.amount < 0 ? money.format(-m.amount) : ''}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {money.format(m.balance)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={s?.total ?? 0}
          page={page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[10, 25, 50, 100]}
          {...paginationLabels(t, i18n.resolvedLanguage)}
          // The newest movements are on the last page (oldest first, as a statement reads).
          showFirstButton
          showLastButton
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
        />
      </TableContainer>
    </>
  );
}
