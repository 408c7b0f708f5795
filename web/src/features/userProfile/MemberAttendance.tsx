import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Visit } from '@app/contract/attendance';
import type { ListResponse } from '@app/contract/list';
import type { User } from '@app/contract/users';
import { get } from '../../lib/api';
import { addDays, orgToday } from '../../lib/dates';
import { errorMessage } from '../../lib/errorMessage';
import { hasPermission, readActiveBranch } from '../../lib/session';
import { resourceKey } from '../../lib/table/useResourceList';
import { visitResource } from '../attendance/resource';
import { formatTimeOfDay } from '../../lib/dates';
import { VisitFlags, VisitOut } from '../attendance/VisitCells';
import { formatDate } from '../../lib/dates';

/** How far back the profile looks. */
const days = 30;

/** The member's visits of the last 30 days, newest first, as the door devices recorded them. */
export function MemberAttendance({ member }: { member: User }) {
  const { t } = useTranslation();
  const canView = hasPermission('attendance', 'view');
  const today = orgToday();
  const visits = useQuery({
    queryKey: [...resourceKey(visitResource), 'member', readActiveBranch()?.id ?? null, member.userId],
    queryFn: ({ signal }) =>
      get<ListResponse<Visit>>('/attendance/getVisits', {
        query: { userId: member.userId, from: addDays(today, -days), to: today, pageSize: 25 },
        signal,
      }),
    enabled: canView,
    meta: { handlesError: true },
  });
  if (!canView) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="member-attendance">
      <Typography id="member-attendance" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('attendance.profile.title', { count: days })}
      </Typography>
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
                  <TableCell>{v.deviceName}</TableCell>
                  <TableCell>
                    <VisitFlags visit={v} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}
