import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../lib/notify/notify';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Pause } from '@app/contract/pauses';
import { addDays, displayLocale, formatDate } from '../../lib/dates';
import { errorMessage } from '../../lib/errorMessage';
import { OpenedOnce, lazyPart } from '../../lib/lazyPart';
import { approvePause, pausesKey, rejectPause, usePauseRequests } from './pausesApi';

const ReasonDialog = lazyPart(() => import('../../lib/form/ReasonDialog'), 'ReasonDialog');

/**
 * "Pauses to approve" under Payments, beside "UPI to confirm" (issue 45, point 4): members' requests
 * from their page. Approve is one click (validity moves on by the days); Refuse asks for a reason,
 * which the member reads on their page.
 */
export function PauseRequestsTable() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const requests = usePauseRequests();
  const [busy, setBusy] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<Pause | null>(null);
  const locale = displayLocale();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: pausesKey }),
      queryClient.invalidateQueries({ queryKey: ['user'] }),
    ]);

  const approve = async (pause: Pause) => {
    setBusy(pause.id);
    try {
      await approvePause(pause.id);
      enqueueSnackbar(t('pauses.approved', { name: pause.memberName }), { variant: 'success' });
      await refresh();
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {requests.isError && <Alert severity="error">{errorMessage(requests.error)}</Alert>}
      {requests.data && requests.data.length === 0 && <Alert severity="info">{t('pauses.none')}</Alert>}
      {requests.data && requests.data.length > 0 && (
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('pauses.member')}</TableCell>
                <TableCell>{t('pauses.from')}</TableCell>
                <TableCell align="right">{t('pauses.days')}</TableCell>
                <TableCell>{t('pauses.reason')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {requests.data.map((p) => (
                <TableRow key={p.id} data-testid="pause-request-row">
                  <TableCell>
                    <Link component={RouterLink} to={`/app/UserProfile/${p.userId}`} underline="hover">
                      {p.memberName}
                    </Link>
                  </TableCell>
                  <TableCell>
                    {t('pauses.range', {
                      from: formatDate(p.from, locale),
                      // The last day paused: `until` is the first day back (as the member page says it).
                      until: formatDate(addDays(p.until, -1), locale),
                    })}
                  </TableCell>
                  <TableCell align="right">{p.days}</TableCell>
                  <TableCell>{p.reason}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small"
                      variant="contained"
                      disabled={busy !== null}
                      onClick={() => void approve(p)}
                    >
                      {t('pauses.approve')}
                    </Button>{' '}
                    <Button
                      size="small"
                      color="error"
                      disabled={busy !== null}
                      onClick={() => setRejecting(p)}
                    >
                      {t('pauses.reject')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <OpenedOnce open={rejecting !== null}>
        <ReasonDialog
          open={rejecting !== null}
          title={t('pauses.rejectTitle')}
          text={rejecting ? t('pauses.rejectText', { name: rejecting.memberName }) : ''}
          label={t('pauses.reason')}
          confirmLabel={t('pauses.reject')}
          onConfirm={async (reason) => {
            await rejectPause(rejecting!.id, reason);
            enqueueSnackbar(t('pauses.rejected'), { variant: 'success' });
            await refresh();
          }}
          onClose={() => setRejecting(null)}
        />
      </OpenedOnce>
    </Box>
  );
}
