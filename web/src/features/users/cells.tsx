import { isolateLtr } from '../../lib/bidi';
import { formatDate } from '../../lib/dates';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import type { TFunction } from 'i18next';
import type { User } from '@app/contract/users';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { validityBadge } from './badges';

/**
 * '08:00–14:00', 'All day' for 00:00–00:00, '(next day)' when the exit is the next day. The range
 * is isolated left to right: a right-to-left page would draw it '14:00–08:00' (lib/bidi.ts).
 */
export function windowText(t: TFunction, user: Pick<User, 'entryTime' | 'exitTime' | 'nextDayExit'>): string {
  if (user.entryTime === user.exitTime) return t('members.allDay');
  const text = isolateLtr(`${user.entryTime.slice(0, 5)}–${user.exitTime.slice(0, 5)}`);
  return user.nextDayExit ? `${text} ${t('members.nextDayShort')}` : text;
}

export function ProfileLink({ user }: { user: User }) {
  return (
    <Link
      component={RouterLink}
      to={`/app/UserProfile/${user.userId}`}
      underline="hover"
      sx={{ fontWeight: 500 }}
    >
      {user.name}
    </Link>
  );
}

/** The validity end date with its badge: 'Expires in N days' or 'Expired'. */
export function ValidityCell({ user, today }: { user: User; today: string }) {
  const { t } = useTranslation();
  const badge = validityBadge(user.validTill, today);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: '100%', minWidth: 0 }}>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatDate(user.validTill)}
      </Box>
      {badge?.kind === 'expired' && <Chip size="small" color="error" label={t('members.expired')} />}
      {badge?.kind === 'expiring' && (
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          label={badge.days === 0 ? t('members.expiresToday') : t('members.expiresIn', { count: badge.days })}
        />
      )}
    </Box>
  );
}

/** A small outlined chip (seat, package); nothing for no value. */
export function BadgeChip({ label }: { label: string | null }) {
  if (label === null) return null;
  return <Chip size="small" variant="outlined" label={label} sx={{ maxWidth: '100%' }} />;
}
