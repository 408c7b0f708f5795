import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { canRecordPayments } from '../payments/paymentApi';
import { useUpiClaims } from './portalApi';

/**
 * "UPI to confirm" on the dashboard (issue 37): how many members' UPI claims of the branch wait for
 * staff with payments add, with the way to the list. Nothing when none wait.
 */
export function UpiToConfirm() {
  const { t } = useTranslation();
  const allowed = canRecordPayments();
  const claims = useUpiClaims('pending', allowed);
  const count = claims.data?.pending ?? 0;
  if (!allowed || count === 0) return null;
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      data-testid="upi-to-confirm"
      action={
        <Button color="inherit" size="small" component={RouterLink} to="/app/payments?view=upi">
          {t('upiClaims.open')}
        </Button>
      }
    >
      {t('upiClaims.toConfirm', { count })}
    </Alert>
  );
}
