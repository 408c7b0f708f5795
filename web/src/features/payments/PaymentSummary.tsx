import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useOrgMoney } from '../../lib/form/money';
import { apiListQuery, useTableState } from '../../lib/table/useTableState';
import { usePaymentSummary } from './paymentApi';
import { paymentResource } from './resource';

/**
 * Count and sums of the view the table shows (same URL filters and search), completed payments only:
 * total is what the view charged, due what its payments still leave owed (the members' dues).
 */
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
      {/* Isolated: in right-to-left its numbers and dots stay where the sentence puts them. */}
      <bdi>
        {t('payments.summary', {
          count: s.count,
          total: money.format(s.total),
          received: money.format(s.received),
          due: money.format(s.due),
        })}
        {/* Received money that settled earlier dues: not revenue of the view, said apart (issue 34). */}
        {s.duesSettled > 0 && ` · ${t('payments.summarySettled', { amount: money.format(s.duesSettled) })}`}
        {s.voidedCount > 0 && ` · ${t('payments.summaryVoided', { count: s.voidedCount })}`}
      </bdi>
    </Typography>
  );
}
