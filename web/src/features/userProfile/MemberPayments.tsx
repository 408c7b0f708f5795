import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ListResponse } from '@app/contract/list';
import type { Payment } from '@app/contract/payments';
import type { User } from '@app/contract/users';
import { get } from '../../lib/api';
import { errorMessage } from '../../lib/errorMessage';
import { useOrgMoney } from '../../lib/form/money';
import { hasPermission, readActiveBranch } from '../../lib/session';
import { formatDate } from '../../lib/dates';
import { canRecordPayments } from '../payments/paymentApi';
import { OpenedOnce, lazyPart } from '../../lib/lazyPart';

// Downloaded when first opened, not with the profile (issue 21).
const RecordPaymentDialog = lazyPart(() => import('../payments/RecordPaymentDialog'), 'RecordPaymentDialog');

/** The member's payments, newest first, with receipts, what each left owing and the validity it bought. */
export function MemberPayments({ member }: { member: User }) {
  const { t } = useTranslation();
  const money = useOrgMoney();
  const [paying, setPaying] = useState(false);
  const canView = hasPermission('payments', 'view');
  const payments = useQuery({
    // Starts with 'payment': saved and voided payments refresh it.
    queryKey: ['payment', 'member', readActiveBranch()?.id ?? null, member.userId],
    queryFn: ({ signal }) =>
      get<ListResponse<Payment>>('/payment/getPayments', {
        query: { userId: member.userId, pageSize: 25, sort: '-createdAt' },
        signal,
      }),
    enabled: canView,
    meta: { handlesError: true },
  });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="member-payments">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id="member-payments" variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('payments.profile.title')}
        </Typography>
        <Chip
          color={member.dues > 0 ? 'warning' : 'default'}
          variant={member.dues > 0 ? 'filled' : 'outlined'}
          label={
            member.dues > 0
              ? t('payments.profile.dues', { amount: money.format(member.dues) })
              : t('payments.profile.noDues')
          }
        />
        {canRecordPayments() && (
          <Button variant="contained" size="small" onClick={() => setPaying(true)}>
            {t('payments.record')}
          </Button>
        )}
      </Box>
      {canView && payments.isPending && <Skeleton variant="rectangular" height={96} />}
      {payments.isError && <Typography color="error">{errorMessage(payments.error)}</Typography>}
      {payments.data && payments.data.items.length === 0 && (
        <Typography color="text.secondary">{t('payments.profile.empty')}</Typography>
      )}
      {payments.data && payments.data.items.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby="member-payments">
            <TableHead>
              <TableRow>
                <TableCell>{t('payments.profile.receipt')}</TableCell>
                <TableCell>{t('payments.date')}</TableCell>
                <TableCell align="right">{t('payments.total')}</TableCell>
                <TableCell align="right">{t('payments.received')}</TableCell>
                <TableCell align="right">{t('payments.due')}</TableCell>
                <TableCell>{t('payments.profile.validTillAfter')}</TableCell>
                <TableCell>{t('payments.status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {payments.data.items.map((p) => (
                <TableRow key={p.id}>
                  <TableCell>
                    <Link component={RouterLink} to={`/app/payments/${p.id}/receipt`}>
                      {p.receiptNumber}
                    </Link>
                  </TableCell>
                  <TableCell>{formatDate(p.paidAt)}</TableCell>
                  <TableCell align="right">{money.format(p.total)}</TableCell>
                  <TableCell align="right">{money.format(p.received)}</TableCell>
                  <TableCell align="right">{p.due > 0 ? money.format(p.due) : ''}</TableCell>
                  <TableCell>{p.coversTill ? formatDate(p.coversTill) : ''}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={p.status === 'voided' ? 'error' : 'success'}
                      label={t(`payments.statuses.${p.status}`)}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <OpenedOnce open={paying}>
        <RecordPaymentDialog open={paying} member={member} onClose={() => setPaying(false)} />
      </OpenedOnce>
    </Paper>
  );
}
