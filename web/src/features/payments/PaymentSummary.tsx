import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useOrgMoney } from '../../lib/form/money';
import { apiListQuery, useTableState } from '../../lib/table/useTableState';
import { usePaymentSummary } from './paymentApi';
import { paymentResource } from './resource';

/** Count and sums of the view the table shows (same URL filters and search), completed payments only. */
export function PaymentSummary() {
  const { t } = useTranslation();
  const money = useOrgMoney();
  const state = useTableState({
    sortFields: paymentResource.sortFields,
    filterNames: paymentResource.filterNames,
  });
  const summary = usePaymentSummary(apiListQuery(state));
  if (summary.data === undefined) {
    return (
      <Skeleton variant="text" width={360} sx={{ mb: 1 }} aria-hidden={summary.isError ? undefined : true} />
    );
  }
  const s = summary.data;
  return (
    <Typography sx={{ mb: 1 }} data-testid="payment-summary" aria-live="polite">
      {t('payments.summary', {
        count: s.count,
        total: money.format(s.total),
        received: money.format(s.received),
        due: money.format(s.due),
      })}
      {s.voidedCount > 0 && ` · ${t('payments.summaryVoided', { count: s.voidedCount })}`}
    </Typography>
  );
}
