import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { Visit } from '@app/contract/attendance';
import { formatTimeOfDay } from '../../lib/dates';

/** When the visit ended: its out time, "Inside" while open, or that the day's cut-off closed it. */
export function VisitOut({ visit }: { visit: Visit }) {
  const { t } = useTranslation();
  if (visit.outAt !== null) return <>{formatTimeOfDay(visit.outAt)}</>;
  if (visit.inside) return <Chip size="small" color="success" label={t('attendance.inside')} />;
  return <Chip size="small" variant="outlined" label={t('attendance.closedByCutoff')} />;
}

export function VisitFlags({ visit }: { visit: Visit }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5}>
      {visit.flags.map((flag) => (
        <Chip
          key={flag}
          size="small"
          color="warning"
          variant="outlined"
          label={t(`attendance.flags.${flag}`)}
        />
      ))}
    </Stack>
  );
}
