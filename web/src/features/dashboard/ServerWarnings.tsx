import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DiskWarning, ServerWarnings as Warnings } from '@app/contract/serverWarnings';
import { get } from '../../lib/api';
import { displayLocale, formatDateTime } from '../../lib/dates';
import { hasPermission } from '../../lib/session';

/** 1.2 GB / 830 MB / 12 kB, in the screen's language. */
function formatBytes(bytes: number): string {
  const [unit, size] =
    bytes >= 1e9
      ? ['gigabyte', bytes / 1e9]
      : bytes >= 1e6
        ? ['megabyte', bytes / 1e6]
        : ['kilobyte', bytes / 1e3];
  return new Intl.NumberFormat(displayLocale(), {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: size < 10 ? 1 : 0,
  }).format(size);
}

/**
 * What the owner should know about the server itself (issue 42, points 2 and 3): a disk with little
 * room left and what uses it, and the server's clock apart from the database's. For owners and who
 * may view the settings; nothing while all is well.
 */
export function ServerWarnings() {
  const { t } = useTranslation();
  const allowed = hasPermission('settings', 'view');
  const status = useQuery({
    queryKey: ['serverWarnings'],
    queryFn: ({ signal }) => get<Warnings>('/server/getServerWarnings', { signal }),
    staleTime: 60_000,
    enabled: allowed,
  });
  const warnings = status.data?.warnings;
  if (!allowed || !warnings) return null;
  const disk = (d: DiskWarning) => {
    const uses = [
      d.databaseBytes !== null && t('serverWarnings.database', { size: formatBytes(d.databaseBytes) }),
      d.backupsBytes !== null && t('serverWarnings.backups', { size: formatBytes(d.backupsBytes) }),
      d.logsBytes !== null && t('serverWarnings.logs', { size: formatBytes(d.logsBytes) }),
    ].filter(Boolean);
    const holds = d.holds.length > 1 ? 'both' : d.holds[0]!;
    return (
      <Alert key={d.path} severity="warning" sx={{ mb: 2 }} data-testid="disk-warning">
        {t('serverWarnings.disk', {
          what: t(`serverWarnings.holds.${holds}`),
          path: d.path,
          free: formatBytes(d.freeBytes),
          total: formatBytes(d.totalBytes),
        })}{' '}
        {uses.length > 0 && `${t('serverWarnings.uses', { list: uses.join(', ') })} `}
        {t('serverWarnings.diskAdvice')}
      </Alert>
    );
  };
  const clock = warnings.clock;
  const minutes = clock ? Math.round(Math.abs(clock.offsetSeconds) / 60) : 0;
  return (
    <>
      {warnings.disks.map(disk)}
      {clock && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="clock-warning">
          {t(clock.offsetSeconds < 0 ? 'serverWarnings.clockAhead' : 'serverWarnings.clockBehind', {
            amount:
              minutes >= 60
                ? t('serverWarnings.hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })
                : t('serverWarnings.minutes', { minutes }),
            since: formatDateTime(clock.since),
          })}
        </Alert>
      )}
    </>
  );
}
