import { DateField } from '../../lib/form/DateField';
import { useState } from 'react';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSnackbar } from '../../lib/notify/notify';
import { useTranslation } from 'react-i18next';
import type { BranchFigures, BranchPayments, BranchRow } from '@app/contract/books';
import type { ListResponse } from '@app/contract/list';
import { get } from '../../lib/api';
import { orgToday } from '../../lib/dates';
import { errorMessage } from '../../lib/errorMessage';
import { useOrgMoney } from '../../lib/form/money';
import { PageHeader } from '../../lib/PageHeader';
import { downloadExport } from '../../lib/table/exportCsv';
import { formatDate } from '../../lib/dates';

type Kind = 'payments' | 'refunds' | 'expenses';
type Drill = { branchId: number; branchName: string; kind: Kind };

/** This month so far, the period the page opens with. */
export const thisMonth = (today: string) => ({ from: `${today.slice(0, 7)}-01`, to: today });

/**
 * Branch Payments (/app/branche-payments): for a period, per branch the staff member may use,
 * collections less refunds, expenses and what is left, with totals; a figure opens its rows.
 */
export function BranchPaymentsPage() {
  const { t } = useTranslation();
  const money = useOrgMoney();
  const { enqueueSnackbar } = useSnackbar();
  const [range, setRange] = useState(() => thisMonth(orgToday()));
  const [drill, setDrill] = useState<Drill | null>(null);
  const valid = range.from !== '' && range.to !== '' && range.from <= range.to;
  const figures = useQuery({
    queryKey: ['branchPayments', range],
    queryFn: ({ signal }) =>
      get<BranchPayments>('/branchPayment/getBranchPayments', { query: range, signal }),
    enabled: valid,
    placeholderData: keepPreviousData,
    meta: { handlesError: true },
  });
  const download = async () => {
    try {
      await downloadExport('/branchPayment/exportBranchPayments', range, 'branch-payments.csv');
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
  };
  const cell = (value: number, b?: BranchFigures, kind?: Kind) =>
    b && kind && value !== 0 ? (
      <Link
        component="button"
        underline="hover"
        onClick={() => setDrill({ branchId: b.branchId, branchName: b.branchName, kind })}
        aria-label={t('branchPayments.openRows', { kind: t(`branchPayments.${kind}`), branch: b.branchName })}
      >
        {money.format(value)}
      </Link>
    ) : (
      money.format(value)
    );
  const data = figures.data;
  return (
    <>
      <PageHeader title={t('branchPayments.title')} subtitle={t('branchPayments.subtitle')} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        {(['from', 'to'] as const).map((key) => (
          <DateField
            key={key}
            size="small"
            label={t(`payments.${key}`)}
            value={range[key]}
            onChange={(date) => date !== null && setRange((r) => ({ ...r, [key]: date }))}
            sx={{ width: 170 }}
          />
        ))}
        <Box sx={{ flex: 1 }} />
        <Button
          variant="outlined"
          startIcon={<DownloadOutlined />}
          onClick={() => void download()}
          disabled={!valid}
        >
          {t('statement.csv')}
        </Button>
      </Box>
      {!valid && <Alert severity="warning">{t('branchPayments.badRange')}</Alert>}
      {figures.isError && <Alert severity="error">{errorMessage(figures.error)}</Alert>}
      <TableContainer component={Paper} variant="outlined">
        <Table aria-label={t('branchPayments.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('branchPayments.branch')}</TableCell>
              <TableCell align="right">{t('branchPayments.payments')}</TableCell>
              <TableCell align="right">{t('branchPayments.refunds')}</TableCell>
              <TableCell align="right">{t('branchPayments.net')}</TableCell>
              <TableCell align="right">{t('branchPayments.expenses')}</TableCell>
              <TableCell align="right">{t('branchPayments.netAfterExpenses')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data === undefined &&
              Array.from({ length: 3 }, (_, i) => (
                <TableRow key={i}>
                  <TableCell colSpan={6}>
                    <Skeleton />
                  </TableCell>
                </TableRow>
              ))}
            {data?.branches.map((b) => (
              <TableRow key={b.branchId} hover>
                <TableCell component="th" scope="row">
                  {b.branchName}
                </TableCell>
                <TableCell align="right">{cell(b.collections, b, 'payments')}</TableCell>
                <TableCell align="right">{cell(b.refunds, b, 'refunds')}</TableCell>
                <TableCell align="right">{cell(b.net)}</TableCell>
                <TableCell align="right">{cell(b.expenses, b, 'expenses')}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {cell(b.netAfterExpenses)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
          {data && data.branches.length > 1 && (
            <TableFooter>
              <TableRow
                data-testid="branch-totals"
                sx={{
                  '& td': { fontSize: (theme) => theme.typography.body2.fontSize, color: 'text.primary' },
                }}
              >
                <TableCell sx={{ fontWeight: 700 }}>{t('branchPayments.total')}</TableCell>
                {(['collections', 'refunds', 'net', 'expenses', 'netAfterExpenses'] as const).map((key) => (
                  <TableCell key={key} align="right" sx={{ fontWeight: 700 }}>
                    {money.format(data.totals[key])}
                  </TableCell>
                ))}
              </TableRow>
            </TableFooter>
          )}
        </Table>
      </TableContainer>
      {drill && <RowsDialog drill={drill} range={range} onClose={() => setDrill(null)} />}
    </>
  );
}

/** The rows behind one branch's figure, paged by the server. */
function RowsDialog({
  drill,
  range,
  onClose,
}: {
  drill: Drill;
  range: { from: string; to: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const money = useOrgMoney();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(10);
  const rows = useQuery({
    queryKey: ['branchRows', drill, range, page, pageSize],
    queryFn: ({ signal }) =>
      get<ListResponse<BranchRow>>('/branchPayment/getBranchRows', {
        query: { branchId: drill.branchId, kind: drill.kind, ...range, page, pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { handlesError: true },
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>
        {t('branchPayments.rowsTitle', { kind: t(`branchPayments.${drill.kind}`), branch: drill.branchName })}
      </DialogTitle>
      <DialogContent>
        {rows.isError && <Alert severity="error">{errorMessage(rows.error)}</Alert>}
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('statement.date')}</TableCell>
              <TableCell>{t('statement.number')}</TableCell>
              <TableCell>{t('statement.description')}</TableCell>
              <TableCell>{t('payments.mode')}</TableCell>
              <TableCell align="right">{t('refunds.amount')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.data?.items.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>
                  <Typography color="text.secondary">{t('branchPayments.noRows')}</Typography>
                </TableCell>
              </TableRow>
            )}
            {rows.data?.items.map((r) => (
              <TableRow key={r.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(r.day)}</TableCell>
                <TableCell>{r.number}</TableCell>
                <TableCell>{r.description}</TableCell>
                <TableCell>{t(`payments.modes.${r.mode}`)}</TableCell>
                <TableCell align="right">{money.format(r.amount)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={rows.data?.total ?? 0}
          page={page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[10, 25, 50]}
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('branchPayments.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
