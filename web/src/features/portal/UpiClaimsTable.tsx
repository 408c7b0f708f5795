import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { UpiClaim, UpiClaimStatus } from '@app/contract/portal';
import { formatMoney } from '@app/contract/money';
import { displayLocale, formatDate, formatDateTime } from '../../lib/dates';
import { errorMessage } from '../../lib/errorMessage';
import { ConfirmDialog } from '../../lib/form/ConfirmDialog';
import { OpenedOnce, lazyPart } from '../../lib/lazyPart';
import { useSnackbar } from '../../lib/notify/notify';
import { readOrgMoney } from '../../lib/form/money';
import { confirmUpiClaim, rejectUpiClaim, upiClaimsKey, useUpiClaims } from './portalApi';

// The reason form (zod) is downloaded when a rejection is first asked for.
const ReasonDialog = lazyPart(() => import('../../lib/form/ReasonDialog'), 'ReasonDialog');

/**
 * "UPI to confirm" under Payments (issue 37): members' claims of a UPI payment from their page.
 * Confirming records the payment (receipt, renewal, door and WiFi) once; rejecting needs a reason,
 * which the member reads on their page.
 */
export function UpiClaimsTable() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<UpiClaimStatus>('pending');
  const claims = useUpiClaims(status);
  const [confirming, setConfirming] = useState<UpiClaim | null>(null);
  const [rejecting, setRejecting] = useState<UpiClaim | null>(null);
  const [busy, setBusy] = useState(false);
  const locale = displayLocale();
  const money = (minor: number) => formatMoney(minor, readOrgMoney().currency, locale);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: upiClaimsKey }),
      queryClient.invalidateQueries({ queryKey: ['payments'] }),
      queryClient.invalidateQueries({ queryKey: ['user'] }),
      queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    ]);

  /**
   * What the confirm records, as the server quotes it (issue 41, point 6): "Confirms ₹800 of ₹900:
   * renews Monthly from 01/01/2027 to 31/01/2027; ₹100 stays owing." Nothing where it quotes none.
   */
  const confirmEffect = (claim: UpiClaim) => {
    const q = claim.onConfirm;
    if (!q) return '';
    const values = {
      amount: money(claim.amount),
      total: money(q.total),
      owing: money(q.owing),
      structure: q.feeStructureName,
      from: q.coversFrom ? formatDate(q.coversFrom, locale) : '',
      till: q.coversTill ? formatDate(q.coversTill, locale) : '',
    };
    const part = q.owing > 0;
    // The seat the member chose on their page comes with the confirm (issue 45, point 5).
    const seat = q.seat
      ? ` ${t('upiClaims.confirmSeat', { seat: q.seat.seatNumber, room: q.seat.roomName })}`
      : '';
    if (q.coversFrom && q.coversTill) {
      return (part ? t('upiClaims.confirmRenewsPart', values) : t('upiClaims.confirmRenews', values)) + seat;
    }
    return (part ? t('upiClaims.confirmDuesPart', values) : t('upiClaims.confirmDues', values)) + seat;
  };

  const confirm = async (claim: UpiClaim) => {
    setBusy(true);
    try {
      const payment = await confirmUpiClaim(claim.id);
      enqueueSnackbar(t('upiClaims.confirmed', { receipt: payment.receiptNumber }), { variant: 'success' });
      await refresh();
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={status}
        onChange={(_e, next: UpiClaimStatus | null) => next && setStatus(next)}
        aria-label={t('upiClaims.show')}
      >
        <ToggleButton value="pending">
          {t('upiClaims.pending')}
          {claims.data && status === 'pending' ? ` (${claims.data.pending})` : ''}
        </ToggleButton>
        <ToggleButton value="confirmed">{t('upiClaims.confirmedTab')}</ToggleButton>
        <ToggleButton value="rejected">{t('upiClaims.rejectedTab')}</ToggleButton>
      </ToggleButtonGroup>
      {claims.isError && <Alert severity="error">{errorMessage(claims.error)}</Alert>}
      {claims.data && claims.data.items.length === 0 && (
        <Typography color="text.secondary">{t('upiClaims.none')}</Typography>
      )}
      {claims.data && claims.data.items.length > 0 && (
        <TableContainer component={Paper}>
          <Table size="small" aria-label={t('upiClaims.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('upiClaims.when')}</TableCell>
                <TableCell>{t('upiClaims.member')}</TableCell>
                <TableCell>{t('upiClaims.purpose')}</TableCell>
                <TableCell align="right">{t('upiClaims.amount')}</TableCell>
                <TableCell>{t('upiClaims.utr')}</TableCell>
                <TableCell>{t('upiClaims.reference')}</TableCell>
                <TableCell>{status === 'pending' ? '' : t('upiClaims.outcome')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {claims.data.items.map((c) => (
                <TableRow key={c.id} data-testid="upi-claim-row">
                  <TableCell>{formatDateTime(c.createdAt, locale)}</TableCell>
                  <TableCell>
                    <Link component={RouterLink} to={`/app/UserProfile/${c.userId}`} underline="hover">
                      {c.memberName}
                    </Link>
                    <Typography variant="body2" color="text.secondary">
                      {c.mobile}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    {c.purpose === 'renewal' ? t('upiClaims.renewal') : t('upiClaims.dues')}
                  </TableCell>
                  <TableCell align="right">
                    {money(c.amount)}
                    {c.amount !== c.requestedAmount && (
                      <Typography variant="body2" color="warning.main">
                        {t('upiClaims.asked', { amount: money(c.requestedAmount) })}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{c.utr}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{c.reference}</TableCell>
                  <TableCell>
                    {c.status === 'pending' ? (
                      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
                        <Button size="small" variant="contained" onClick={() => setConfirming(c)}>
                          {t('upiClaims.confirm')}
                        </Button>
                        <Button size="small" color="error" onClick={() => setRejecting(c)}>
                          {t('upiClaims.reject')}
                        </Button>
                      </Box>
                    ) : c.status === 'confirmed' ? (
                      <Chip
                        size="small"
                        color="success"
                        label={c.receiptNumber ?? t('upiClaims.confirmedTab')}
                      />
                    ) : (
                      <Typography variant="body2" color="error">
                        {c.rejectReason}
                      </Typography>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t('upiClaims.confirmTitle')}
        text={
          confirming
            ? [
                confirmEffect(confirming),
                t('upiClaims.confirmText', {
                  amount: money(confirming.amount),
                  utr: confirming.utr,
                  name: confirming.memberName,
                }),
              ]
                .filter(Boolean)
                .join(' ')
            : ''
        }
        confirmLabel={t('upiClaims.confirm')}
        cancelLabel={t('resourceForm.cancel')}
        busy={busy}
        onConfirm={() => void (confirming && confirm(confirming))}
        onCancel={() => setConfirming(null)}
      />
      <OpenedOnce open={rejecting !== null}>
        <ReasonDialog
          open={rejecting !== null}
          title={t('upiClaims.rejectTitle')}
          text={rejecting ? t('upiClaims.rejectText', { name: rejecting.memberName }) : ''}
          label={t('upiClaims.reason')}
          confirmLabel={t('upiClaims.reject')}
          onConfirm={async (reason) => {
            await rejectUpiClaim(rejecting!.id, reason);
            enqueueSnackbar(t('upiClaims.rejected'), { variant: 'success' });
            await refresh();
          }}
          onClose={() => setRejecting(null)}
        />
      </OpenedOnce>
    </Box>
  );
}
