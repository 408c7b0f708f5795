import { useEffect } from 'react';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { CashBook as Book } from '@app/contract/books';
import { post } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { FormDialog } from '../../lib/form/FormDialog';
import { TextInput } from '../../lib/form/fields';
import { useOrgMoney } from '../../lib/form/money';
import { useSnackbar } from '../../lib/notify/notify';
import { formErrorMap } from '../../lib/form/messages';

const reopenSchema = z.object({ reason: z.string().trim().min(1, 'validation.required').max(2000) });
type ReopenValues = z.input<typeof reopenSchema>;

/**
 * Reopens a closed day (payments delete permission, issue 34): the close's difference is taken back
 * by a movement of its own, and cash entries of the day are accepted again. A reason is required.
 */
export function ReopenDayDialog({ open, book, onClose }: { open: boolean; book: Book; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useOrgMoney();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const form = useForm<ReopenValues, unknown, z.output<typeof reopenSchema>>({
    resolver: zodResolver(reopenSchema, { error: formErrorMap }),
    defaultValues: { reason: '' },
  });
  useEffect(() => {
    if (open) form.reset({ reason: '' });
  }, [open, form]);
  const difference = book.close?.difference ?? 0;
  return (
    <FormDialog
      open={open}
      title={t('cashBook.reopenTitle', { day: formatDate(book.day) })}
      form={form}
      maxWidth="xs"
      submitLabel={t('cashBook.reopen')}
      onCancel={onClose}
      onSubmit={async (v) => {
        await post<Book>('/cashBook/reopenDay', { day: book.day, reason: v.reason });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ['cashBook'] }),
          queryClient.invalidateQueries({ queryKey: ['bankAccount'] }),
        ]);
        enqueueSnackbar(t('cashBook.reopened'), { variant: 'success' });
        onClose();
      }}
    >
      <Typography>
        {difference === 0
          ? t('cashBook.reopenTextNoDifference')
          : t('cashBook.reopenText', { amount: money.format(difference) })}
      </Typography>
      <TextInput
        control={form.control}
        name="reason"
        label={t('cashBook.reopenReason')}
        required
        multiline
        autoFocus
      />
    </FormDialog>
  );
}
