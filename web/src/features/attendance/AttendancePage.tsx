import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { AttendanceSummary, Visit } from '@app/contract/attendance';
import { PageHeader } from '../../lib/PageHeader';
import { get } from '../../lib/api';
import { readActiveBranch } from '../../lib/session';
import { ResourceTable } from '../../lib/table/ResourceTable';
import type { TableFilter } from '../../lib/table/tableContext';
import { resourceKey } from '../../lib/table/useResourceList';
import { formatDate } from '../../lib/dates';
import { formatTimeOfDay } from '../../lib/dates';
import { formatCount } from '../../lib/numbers';
import { visitResource } from './resource';
import { VisitFlags, VisitOut } from './VisitCells';

/** Attendance (/app/attendance): today's figures and the visits of a date range, with flags and CSV. */
export function AttendancePage() {
  const { t } = useTranslation();
  const columns = useMemo<GridColDef<Visit>[]>(
    () => [
      {
        field: 'name',
        headerName: t('attendance.member'),
        flex: 1,
        minWidth: 170,
        sortable: false,
        renderCell: ({ row }) =>
          row.userId === null ? (
            t('attendance.unknownPin', { pin: row.pin })
          ) : (
            <Link component={RouterLink} to={`/app/UserProfile/${row.userId}`} underline="hover">
              {row.name}
            </Link>
          ),
      },
      {
        field: 'day',
        headerName: t('attendance.day'),
        width: 130,
        sortable: false,
        valueFormatter: (v: string) => formatDate(v),
      },
      {
        field: 'inAt',
        headerName: t('attendance.in'),
        width: 100,
        valueFormatter: (v: string) => formatTimeOfDay(v),
      },
      {
        field: 'outAt',
        headerName: t('attendance.out'),
        width: 170,
        sortable: false,
        renderCell: ({ row }) => <VisitOut visit={row} />,
      },
      {
        field: 'deviceName',
        headerName: t('attendance.device'),
        width: 200,
        sortable: false,
        // Check-ins without a door device say where they came from (issue 47).
        valueGetter: (_value, row) =>
          row.source === 'door'
            ? row.deviceName
            : [row.deviceName, t(`kiosk.sources.${row.source}`)].filter(Boolean).join(' · '),
      },
      {
        field: 'flags',
        headerName: t('attendance.flagsTitle'),
        minWidth: 220,
        flex: 1,
        sortable: false,
        renderCell: ({ row }) => <VisitFlags visit={row} />,
      },
      { field: 'deviceTime', headerName: t('attendance.deviceTime'), width: 170, sortable: false },
    ],
    [t],
  );
  const filters = useMemo<TableFilter[]>(
    () => [
      { name: 'from', label: t('attendance.from'), kind: 'date', options: [] },
      { name: 'to', label: t('attendance.to'), kind: 'date', options: [] },
      {
        name: 'inside',
        label: t('attendance.insideNow'),
        options: [{ value: 'true', label: t('table.yes') }],
      },
      {
        name: 'flagged',
        label: t('attendance.flaggedOnly'),
        options: [{ value: 'true', label: t('table.yes') }],
      },
    ],
    [t],
  );
  return (
    <>
      <PageHeader title={t('attendance.title')} subtitle={t('attendance.subtitle')} />
      <AttendanceFigures />
      <ResourceTable<Visit>
        resource={visitResource}
        title={t('attendance.title')}
        columns={columns}
        filters={filters}
        hiddenColumns={['deviceTime']}
        emptyTitle={t('attendance.emptyTitle')}
        emptyText={t('attendance.emptyText')}
        addLabel=""
      />
    </>
  );
}

function AttendanceFigures() {
  const { t } = useTranslation();
  const summary = useQuery({
    queryKey: [...resourceKey(visitResource), 'summary', readActiveBranch()?.id ?? null],
    queryFn: ({ signal }) => get<AttendanceSummary>('/attendance/getAttendanceSummary', { signal }),
    refetchInterval: 30_000,
  });
  const grid = { display: 'grid', gap: 2, mb: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } };
  if (!summary.data) {
    return (
      <Box sx={grid} aria-busy>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={96} />
        ))}
      </Box>
    );
  }
  const d = summary.data;
  const figure = (label: string, value: number, to: string, testId: string) => (
    <Card variant="outlined">
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h4" component="p" data-testid={testId}>
            {formatCount(value)}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
  return (
    <Box sx={grid}>
      {figure(
        t('attendance.visitsToday'),
        d.visitsToday,
        `/app/attendance?from=${d.today}&to=${d.today}`,
        'attendance-today',
      )}
      {figure(t('attendance.insideNow'), d.insideNow, '/app/attendance?inside=true', 'attendance-inside')}
      {figure(
        t('attendance.flaggedToday'),
        d.flaggedToday,
        `/app/attendance?from=${d.today}&to=${d.today}&flagged=true`,
        'attendance-flagged',
      )}
    </Box>
  );
}
