import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BackupStatus as Status } from '@app/contract/backups';
import { get } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';

/**
 * The newest scheduled backup, for owners (issue 33): a quiet line while backups succeed, an error
 * when the last one failed, with why and when the last good one was. Other staff get nothing to show.
 */
export function BackupStatus() {
  const { t } = useTranslation();
  const status = useQuery({
    queryKey: ['backupStatus'],
    queryFn: ({ signal }) => get<Status>('/backup/getBackupStatus', { signal }),
    staleTime: 60_000,
  });
  const backup = status.data?.backup;
  if (!backup) return null;
  const { last } = backup;
  if (!last) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="backup-status">
        {t('backup.pending')}
      </Typography>
    );
  }
  if (last.ok) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="backup-status">
        {t('backup.last', { at: formatDateTime(last.at) })}
      </Typography>
    );
  }
  return (
    <Alert severity="error" sx={{ mb: 2 }} data-testid="backup-status">
      {t('backup.failed', { at: formatDateTime(last.at), reason: last.error ?? '' })}{' '}
      {backup.lastSuccessAt
        ? t('backup.lastGood', { at: formatDateTime(backup.lastSuccessAt) })
        : t('backup.never')}
    </Alert>
  );
}
