import { useSnackbar } from '../../lib/notify/notify';
import { useTranslation } from 'react-i18next';
import type { Payment } from '@app/contract/payments';
import { ReasonDialog } from '../../lib/form/ReasonDialog';
import { useRefreshAfterPayment, voidPayment } from './paymentApi';

/** Asks why, then voids; the server's refusal (a later receipt, already void) shows in the dialog. */
export function VoidPaymentDialog({ payment, onClose }: { payment: Payment | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshAfterPayment();
  const number = payment?.receiptNumber ?? '';
  return (
    <ReasonDialog
      open={payment !== null}
      title={t('payments.void.title', { number })}
      text={t('payments.void.text')}
      label={t('payments.void.reason')}
      confirmLabel={t('payments.void.confirm')}
      onClose={onClose}
      onConfirm={async (reason) => {
        await voidPayment(payment!.id, reason);
        await refresh();
        enqueueSnackbar(t('payments.void.done', { number }), { variant: 'success' });
      }}
    />
  );
}
