import { useEffect, useMemo } from 'react';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { CashBook as Book } from '@app/contract/books';
import { post } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { FormDialog } from '../../lib/form/FormDialog';
import { TextInput } from '../../lib/form/fields';
import { MoneyInput } from '../../lib/form/MoneyInput';
import { useOrgMoney } from '../../lib/form/money';
import { useSnackbar } from '../../lib/notify/notify';
import { differenceTone } from './differenceTone';
import { formErrorMap } from '../../lib/form/messages';

/** The count, and a reason whenever it differs from what the books expect (issue 34). */
export const closeSchemaFor = (expected: number) =>
  z
    .object({
      counted: z
        .number({ error: 'validation.required' })
        .int('fieldErrors.invalidAmount')
        .min(0, 'fieldErrors.notNegative'),
      reason: z.string().trim().max(2000),
    })
    .superRefine((v, ctx) => {
      if (v.counted !== expected && !v.reason) {
        ctx.addIssue({ code: 'custom', path: ['reason'], message: 'cashBook.reasonRequired' });
      }
    });
type CloseValues = z.input<ReturnType<typeof closeSchemaFor>>;

/**
 * Counted cash in; the difference from the books and what it does to the cash account live; a
 * reason for any difference; then the day is closed for cash entries.
 */
export function CloseDayDialog({ open, book, onClose }: { open: boolean; book: Book; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useOrgMoney();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const schema = useMemo(() => closeSchemaFor(book.expected), [book.expected]);
  const form = useForm<CloseValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema, { error: formErrorMap }),
    defaultValues: { counted: book.expected, reason: '' },
  });
  useEffect(() => {
    if (open) form.reset({ counted: book.expected, reason: '' });
  }, [open, book.expected, form]);
  const counted = useWatch({ control: form.control, name: 'counted' });
  const countedCash = typeof counted === 'number' && Number.isFinite(counted) ? counted : 0;
  const difference = countedCash - book.expected;
  return (
    <FormDialog
      open={open}
      title={t('cashBook.closeTitle', { day: formatDate(book.day) })}
      form={form}
      maxWidth="xs"
      submitUnchanged
      submitLabel={t('cashBook.closeConfirm')}
      onCancel={onClose}
      onSubmit={async (v) => {
        await post<Book>('/cashBook/closeDay', { day: book.day, counted: v.counted, reason: v.reason });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ['cashBook'] }),
          queryClient.invalidateQueries({ queryKey: ['bankAccount'] }),
        ]);
        enqueueSnackbar(t('cashBook.closed'), { variant: 'success' });
        onClose();
      }}
    >
      <Typography>{t('cashBook.expectedIs', { amount: money.format(book.expected) })}</Typography>
      <MoneyInput control={form.control} name="counted" label={t('cashBook.counted')} required autoFocus />
      <Typography
        sx={{ color: differenceTone(difference), fontWeight: 700 }}
        aria-live="polite"
        data-testid="close-difference"
      >
        {t('cashBook.differenceIs', { amount: money.format(difference) })}
      </Typography>
      <Typography variant="body2" data-testid="close-balance-effect">
        {difference === 0
          ? t('cashBook.balanceUnchanged')
          : t('cashBook.balanceEffect', {
              amount: money.format(difference),
              expected: money.format(book.expected),
              counted: money.format(countedCash),
            })}
      </Typography>
      <TextInput
        control={form.control}
        name="reason"
        label={t('cashBook.reason')}
        required={difference !== 0}
        multiline
      />
      <Typography variant="body2" color="text.secondary">
        {t('cashBook.closeText')}
      </Typography>
    </FormDialog>
  );
}
