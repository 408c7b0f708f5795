import { displayLocale, formatLongDate } from '../lib/dates';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatMoney } from '@app/contract/money';
import type { ReceiptVerification } from '@app/contract/payments';
import type { ReceiptCheck } from '@app/contract/receipts';
import { ApiError, get } from '../lib/api';
import { errorMessage } from '../lib/errorMessage';
import { PublicCard } from './PublicCard';

/** What a receipt's QR code opens (/r/:token): whether the receipt is genuine and still valid. */
export function VerifyReceiptPage() {
  const { t, i18n } = useTranslation();
  const token = useParams().token ?? '';
  const check = useQuery({
    queryKey: ['verifyReceipt', token],
    queryFn: ({ signal }) => get<ReceiptCheck>('/receipt/verifyReceipt', { query: { token }, signal }),
    retry: false,
    meta: { handlesError: true },
  });
  const unknown =
    check.error instanceof ApiError && (check.error.status === 404 || check.error.status === 400);
  return (
    <PublicCard title={t('receipt.verifyTitle')}>
      {check.isPending && <CircularProgress sx={{ mx: 'auto' }} aria-label={t('app.loading')} />}
      {check.isError && (
        <Alert severity="error">{unknown ? t('receipt.unknownCode') : errorMessage(check.error)}</Alert>
      )}
      {check.data && (
        <>
          <Alert severity={check.data.status === 'completed' ? 'success' : 'error'}>
            {check.data.status === 'completed' ? t('receipt.genuine') : t('receipt.isVoid')}
          </Alert>
          <Typography variant="h5" component="p">
            {check.data.receiptNumber}
          </Typography>
          {/* Which GST document the receipt is, with its number (issue 44, point 2). */}
          {check.data.taxDocument && (
            <Typography variant="h6" component="p">
              {t(`gst.titles.${check.data.taxDocument.kind}`)} {check.data.taxDocument.number}
            </Typography>
          )}
          <AmountLines check={check.data} locale={displayLocale(i18n.language, check.data.locale)} />
          <Typography color="text.secondary">
            {formatLongDate(check.data.paidAt, displayLocale(i18n.language, check.data.locale))}
          </Typography>
          <Typography>
            {check.data.organisation} · {check.data.branch}
          </Typography>
        </>
      )}
    </PublicCard>
  );
}

/**
 * "Received" with its label, and "Total" beside it when the payment was paid in part (issue 34);
 * "Still due" while some of it is owed (issue 41, point 6).
 */
function AmountLines({ check, locale }: { check: ReceiptVerification; locale: string }) {
  const { t } = useTranslation();
  const money = (minor: number) => formatMoney(minor, check.currency, locale);
  return (
    <Typography component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 2, m: 0 }}>
      <Typography component="dt" color="text.secondary">
        {t('receipt.received')}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600 }} data-testid="verify-received">
        {money(check.received)}
      </Typography>
      {check.total !== check.received && (
        <>
          <Typography component="dt" color="text.secondary">
            {t('receipt.total')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }} data-testid="verify-total">
            {money(check.total)}
          </Typography>
        </>
      )}
      {check.due > 0 && (
        <>
          <Typography component="dt" color="text.secondary">
            {t('receipt.stillDue')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }} color="warning.main" data-testid="verify-due">
            {money(check.due)}
          </Typography>
        </>
      )}
    </Typography>
  );
}
