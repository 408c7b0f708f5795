import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../lib/notify/notify';
import { useTranslation } from 'react-i18next';
import type { Visit } from '@app/contract/attendance';
import type { CheckInResult } from '@app/contract/kiosk';
import type { ListResponse } from '@app/contract/list';
import type { User } from '@app/contract/users';
import { get, post } from '../../lib/api';
import { addDays, orgToday } from '../../lib/dates';
import { errorMessage } from '../../lib/errorMessage';
import { OpenedOnce, lazyPart } from '../../lib/lazyPart';
import { hasPermission, readActiveBranch } from '../../lib/session';
import { resourceKey } from '../../lib/table/useResourceList';
import { visitResource } from '../attendance/resource';
import { formatTimeOfDay } from '../../lib/dates';
import { VisitFlags, VisitOut } from '../attendance/VisitCells';
import { formatDate } from '../../lib/dates';

// The reason form (zod) is downloaded when first opened, not with the profile (issue 21).
const LetInDialog = lazyPart(() => import('./LetInDialog'), 'LetInDialog');

/** How far back the profile looks. */
const days = 30;

/**
 * The member's visits of the last 30 days, newest first, from the door devices, the entrance screens
 * and staff. Staff who may add attendance let the member in whatever the entry rules say, or record
 * them going out while inside, with a reason (issue 47, point 4); the new row then shows at the top.
 */
export function MemberAttendance({ member }: { member: User }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [lettingIn, setLettingIn] = useState(false);
  const canView = hasPermission('attendance', 'view');
  const canLetIn = hasPermission('attendance', 'add');
  const today = orgToday();
  const visitsKey = resourceKey(visitResource);
  const visits = useQuery({
    queryKey: [...visitsKey, 'member', readActiveBranch()?.id ?? null, member.userId],
    queryFn: ({ signal }) =>
      get<ListResponse<Visit>>('/attendance/getVisits', {
        query: { userId: member.userId, from: addDays(today, -days), to: today, pageSize: 25 },
        signal,
      }),
    enabled: canView,
    meta: { handlesError: true },
  });
  if (!canView) return null;
  const inside = visits.data?.items.some((v) => v.inside) ?? false;
  const letIn = async (reason: string) => {
    const result = await post<CheckInResult>('/kiosk/overrideCheckIn', { userId: member.userId, reason });
    enqueueSnackbar(
      t(result.result === 'out' ? 'attendance.letIn.doneOut' : 'attendance.letIn.done', {
        name: member.name,
        time: formatTimeOfDay(result.at),
      }),
      { variant: 'success' },
    );
    await queryClient.invalidateQueries({ queryKey: visitsKey });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="member-attendance">
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography id="member-attendance" variant="h6" component="h2" sx={{ flex: 1, minWidth: 0 }}>
          {t('attendance.profile.title', { count: days })}
        </Typography>
        {canLetIn && visits.data && (
          <Button
            startIcon={inside ? <LogoutOutlined /> : <LoginOutlined />}
            onClick={() => setLettingIn(true)}
          >
            {t(inside ? 'attendance.letIn.outAction' : 'attendance.letIn.action')}
          </Button>
        )}
      </Box>
      {visits.isPending && <Skeleton variant="rectangular" height={96} />}
      {visits.isError && <Typography color="error">{errorMessage(visits.error)}</Typography>}
      {visits.data && visits.data.items.length === 0 && (
        <Typography color="text.secondary">{t('attendance.profile.empty')}</Typography>
      )}
      {visits.data && visits.data.items.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby="member-attendance" data-testid="member-attendance">
            <TableHead>
              <TableRow>
                <TableCell>{t('attendance.day')}</TableCell>
                <TableCell>{t('attendance.in')}</TableCell>
                <TableCell>{t('attendance.out')}</TableCell>
                <TableCell>{t('attendance.device')}</TableCell>
                <TableCell>{t('attendance.flagsTitle')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {visits.data.items.map((v) => (
                <TableRow key={v.id}>
                  <TableCell>{formatDate(v.day)}</TableCell>
                  <TableCell>{formatTimeOfDay(v.inAt)}</TableCell>
                  <TableCell>
                    <VisitOut visit={v} />
                  </TableCell>
                  <TableCell>
                    {v.source === 'door'
                      ? v.deviceName
                      : [v.deviceName, t(`kiosk.sources.${v.source}`)].filter(Boolean).join(' · ')}
                  </TableCell>
                  <TableCell>
                    <VisitFlags visit={v} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <OpenedOnce open={lettingIn}>
        <LetInDialog
          open={lettingIn}
          name={member.name}
          inside={inside}
          onClose={() => setLettingIn(false)}
          onSubmit={letIn}
        />
      </OpenedOnce>
    </Paper>
  );
}
