import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import type { User } from '@app/contract/users';
import { useTranslation } from 'react-i18next';
import { canReactivate } from './badges';
import { formatDate } from '../../lib/dates';
import { hasPermission } from '../../lib/session';

/**
 * One-click Reactivate while the member's validity lasts; past it, Renew opens the record-payment
 * dialog (a payment extends the validity and brings the member back). Without the payments
 * permission the button says a payment is needed and is disabled (the tooltip says why).
 */
export function ReactivateButton({
  user,
  today,
  busy,
  onReactivate,
  onRenew,
}: {
  user: User;
  today: string;
  busy: boolean;
  onReactivate: (user: User) => void;
  /** Absent when the person may not record payments (or payments are switched off). */
  onRenew?: (user: User) => void;
}) {
  const { t } = useTranslation();
  if (!canReactivate(user.validTill, today)) {
    const why = t('members.inactive.paymentNeededHelp', { date: formatDate(user.validTill) });
    if (onRenew !== undefined) {
      return (
        <Tooltip title={why} describeChild>
          <Button size="small" variant="contained" onClick={() => onRenew(user)}>
            {t('payments.renew')}
          </Button>
        </Tooltip>
      );
    }
    return (
      <Tooltip title={why}>
        {/* A disabled button takes no focus or hover; the wrapper carries the explanation. */}
        <span tabIndex={0} aria-label={why}>
          <Button size="small" variant="outlined" disabled>
            {t('members.inactive.paymentNeeded')}
          </Button>
        </span>
      </Tooltip>
    );
  }
  if (!hasPermission('inactiveUsers', 'edit')) return null;
  return (
    <Tooltip title={t('members.inactive.reactivateHelp', { name: user.name })}>
      <span>
        <Button
          size="small"
          variant="contained"
          disabled={busy}
          onClick={() => onReactivate(user)}
          startIcon={busy ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined}
        >
          {t('members.inactive.reactivate')}
        </Button>
      </span>
    </Tooltip>
  );
}
