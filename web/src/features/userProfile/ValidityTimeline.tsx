import { formatDate } from '../../lib/dates';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { User } from '@app/contract/users';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { validityTimeline } from './validityTimeline';
import type { ValidityTimeline as Timeline } from './validityTimeline';

const stateColor = {
  upcoming: 'info',
  valid: 'success',
  expiring: 'warning',
  expired: 'error',
} as const;

export function validityText(t: TFunction, timeline: Timeline): string {
  if (timeline.state === 'upcoming') return t('memberProfile.startsIn', { count: timeline.daysUntilStart });
  if (timeline.state === 'expired') return t('memberProfile.expiredAgo', { count: -timeline.daysLeft });
  if (timeline.daysLeft === 0) return t('memberProfile.lastDay');
  return t('memberProfile.daysLeft', { count: timeline.daysLeft });
}

const markLabel = {
  joined: 'memberProfile.joined',
  validFrom: 'memberProfile.fields.validFrom',
  today: 'memberProfile.today',
  validTill: 'memberProfile.fields.validTill',
} as const;

/** Joined, valid from, today and valid till on one bar, with the days left (or since expiry). */
export function ValidityTimeline({ member, today, locale }: { member: User; today: string; locale: string }) {
  const { t } = useTranslation();
  const timeline = validityTimeline({ ...member, today });
  const color = stateColor[timeline.state];
  const text = validityText(t, timeline);
  const pct = (at: number) => `${(at * 100).toFixed(2)}%`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="validity-heading" sx={{ p: 2.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 3 }}>
        <Typography variant="h6" component="h2" id="validity-heading">
          {t('memberProfile.validity')}
        </Typography>
        <Chip label={text} color={color} data-testid="validity-state" />
      </Box>
      <Box
        role="img"
        aria-label={t('memberProfile.timelineLabel', {
          from: formatDate(member.validFrom, locale),
          till: formatDate(member.validTill, locale),
          state: text,
        })}
        sx={{ position: 'relative', height: 12, mx: 1, mb: 3, borderRadius: 6, bgcolor: 'action.hover' }}
      >
        {/* The valid period, then the part of it already used. */}
        <Box
          sx={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            left: pct(timeline.period.from),
            width: pct(timeline.period.till - timeline.period.from),
            minWidth: 4,
            borderRadius: 6,
            bgcolor: `${color}.light`,
            opacity: 0.6,
          }}
        />
        <Box
          sx={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            left: pct(timeline.period.from),
            width: pct((timeline.period.till - timeline.period.from) * timeline.used),
            borderRadius: 6,
            bgcolor: `${color}.main`,
          }}
        />
        {timeline.marks.map((mark) => (
          <Box
            key={mark.key}
            title={t(markLabel[mark.key])}
            sx={{
              position: 'absolute',
              top: mark.key === 'today' ? -6 : -2,
              left: pct(mark.at),
              transform: 'translateX(-50%)',
              width: mark.key === 'today' ? 4 : 16,
              height: mark.key === 'today' ? 24 : 16,
              borderRadius: mark.key === 'today' ? 1 : '50%',
              bgcolor: mark.key === 'today' ? 'text.primary' : 'background.paper',
              border: mark.key === 'today' ? 0 : 3,
              borderColor: mark.key === 'joined' ? 'text.secondary' : `${color}.main`,
            }}
          />
        ))}
      </Box>
      {/* Dates in a list rather than under their marks: marks close together would overlap. */}
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
          gap: 2,
        }}
      >
        {timeline.marks.map((mark) => (
          <Box key={mark.key}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {t(markLabel[mark.key])}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: mark.key === 'validTill' ? 600 : 400 }}>
              {formatDate(mark.date, locale)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
