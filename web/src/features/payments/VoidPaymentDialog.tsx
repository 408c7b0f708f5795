import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Payment } from '@app/contract/payments';
import { FormDialog } from '../../lib/form/FormDialog';
import { TextInput } from '../../lib/form/fields';
import { useRefreshAfterPayment, voidPayment } from './paymentApi';

const voidSchema = z.object({ reason: z.string().trim().min(1, 'validation.required').max(500) });
type VoidValues = z.input<typeof voidSchema>;

/** Asks why, then voids; the server's refusal (a later receipt, already void) shows in the dialog. */
export function VoidPaymentDialog({ payment, onClose }: { payment: Payment | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshAfterPayment();
  const form = useForm<VoidValues, unknown, z.output<typeof voidSchema>>({
    resolver: zodResolver(voidSchema),
    defaultValues: { reason: '' },
  });
  useEffect(() => {
    if (payment !== null) form.reset({ reason: '' });
  }, [payment, form]);
  const number = payment?.receiptNumber ?? '';
  return (
    <FormDialog
      open={payment !== null}
      title={t('payments.void.title', { number })}
      form={form}
      maxWidth="xs"
      submitLabel={t('payments.void.confirm')}
      onCancel={onClose}
      onSubmit={async ({ reason }) => {
        await voidPayment(payment!.id, reason);
        await refresh();
        enqueueSnackbar(t('payments.void.done', { number }), { variant: 'success' });
        onClose();
      }}
    >
      <Typography color="text.secondary">{t('payments.void.text')}</Typography>
      <TextInput control={form.control} name="reason" label={t('payments.void.reason')} required autoFocus />
    </FormDialog>
  );
}
