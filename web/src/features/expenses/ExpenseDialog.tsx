import Alert from '@mui/material/Alert';
import { useEffect, useMemo, useRef, useState } from 'react';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from '../../lib/notify/notify';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { paymentModes } from '@app/contract/paymentNames';
import { ApiError } from '../../lib/api';
import { formatDate, orgToday } from '../../lib/dates';
import { useCashClosedThrough } from '../payments/cashDay';
import { FieldRow } from '../../lib/form/FieldRow';
import { FormDialog } from '../../lib/form/FormDialog';
import { DateInput, SelectInput, TextInput } from '../../lib/form/fields';
import { MoneyInput } from '../../lib/form/MoneyInput';
import { newId } from '../../lib/secureContext';
import { createExpense, uploadBill, useExpenseOptions, useRefreshAfterExpense } from './expenseApi';
import {
  billProblem,
  emptyExpenseForm,
  expenseFormSchema,
  toExpenseInput,
  type ExpenseFormValues,
} from './expenseForm';
import { formErrorMap } from '../../lib/form/messages';

/**
 * Record an expense, with its bill if there is one: the file is checked here (type, 3 MB) and again
 * by the server, uploaded when the expense is saved, and the server's refusal shows at the file.
 */
export function ExpenseDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshAfterExpense();
  const idempotencyKey = useRef(newId());
  const [bill, setBill] = useState<File | null>(null);
  const [billError, setBillError] = useState<string | null>(null);
  const form = useForm<ExpenseFormValues, unknown, z.output<typeof expenseFormSchema>>({
    resolver: zodResolver(expenseFormSchema, { error: formErrorMap }),
    defaultValues: emptyExpenseForm(orgToday()),
  });
  useEffect(() => {
    if (!open) return;
    idempotencyKey.current = newId();
    setBill(null);
    setBillError(null);
    form.reset(emptyExpenseForm(orgToday()));
  }, [open, form]);
  // A closed cash day: said first, and the form does not start on Cash (issue 34).
  const cashClosedThrough = useCashClosedThrough(open);
  useEffect(() => {
    if (open && cashClosedThrough !== null && form.getValues('mode') === 'cash') form.setValue('mode', 'upi');
  }, [open, cashClosedThrough, form]);
  const options = useExpenseOptions(open);
  const mode = useWatch({ control: form.control, name: 'mode' });
  const categories = useMemo(
    () => (options.data?.categories ?? []).map((c) => ({ value: c.id, label: c.name })),
    [options.data],
  );
  const accounts = useMemo(
    () =>
      (options.data?.bankAccounts ?? [])
        .filter((a) => a.kind === 'bank')
        .map((a) => ({ value: a.id, label: `${a.accountName} · ${a.bankName}` })),
    [options.data],
  );
  const modes = paymentModes.map((m) => ({ value: m, label: t(`payments.modes.${m}`) }));

  return (
    <FormDialog
      open={open}
      title={t('expenses.dialog.title')}
      form={form}
      maxWidth="sm"
      submitLabel={t('expenses.dialog.save')}
      onCancel={onClose}
      onSubmit={async (checked) => {
        let billId: number | null = null;
        if (bill) {
          try {
            billId = (await uploadBill(bill)).billId;
          } catch (error) {
            if (error instanceof ApiError) setBillError(error.message);
            throw error;
          }
        }
        await createExpense(toExpenseInput(checked, billId), idempotencyKey.current);
        await refresh();
        enqueueSnackbar(t('expenses.dialog.saved'), { variant: 'success' });
        onClose();
      }}
    >
      {cashClosedThrough !== null && (
        <Alert severity="warning" data-testid="cash-day-closed">
          {t('cashBook.noCashToday', { day: formatDate(cashClosedThrough) })}
        </Alert>
      )}
      <FieldRow>
        <SelectInput
          control={form.control}
          name="categoryId"
          label={t('expenses.category')}
          options={categories}
          required
          autoFocus
        />
        <MoneyInput control={form.control} name="amount" label={t('expenses.amount')} required />
      </FieldRow>
      <FieldRow>
        <DateInput control={form.control} name="paidAt" label={t('expenses.date')} required />
        <TextInput control={form.control} name="payee" label={t('expenses.payee')} />
      </FieldRow>
      <FieldRow>
        <SelectInput control={form.control} name="mode" label={t('payments.mode')} options={modes} required />
        {mode !== 'cash' && (
          <SelectInput
            control={form.control}
            name="bankAccountId"
            label={t('expenses.account')}
            options={accounts}
            required
          />
        )}
      </FieldRow>
      <TextInput control={form.control} name="reference" label={t('payments.reference')} />
      <TextInput control={form.control} name="note" label={t('payments.note')} multiline />
      <Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Button component="label" variant="outlined" startIcon={<AttachFileOutlined />}>
            {bill ? t('expenses.bill.replace') : t('expenses.bill.attach')}
            <input
              type="file"
              hidden
              accept="image/jpeg,image/png,application/pdf"
              aria-label={t('expenses.bill.label')}
              onChange={(event) => {
                const file = event.target.files?.[0] ?? null;
                event.target.value = '';
                if (!file) return;
                const problem = billProblem(file);
                setBillError(problem ? t(problem) : null);
                setBill(problem ? null : file);
              }}
            />
          </Button>
          {bill && (
            <>
              <Typography variant="body2" data-testid="bill-name">
                {bill.name}
              </Typography>
              <Button size="small" onClick={() => setBill(null)}>
                {t('expenses.bill.remove')}
              </Button>
            </>
          )}
        </Box>
        <FormHelperText error={billError !== null}>{billError ?? t('expenses.bill.hint')}</FormHelperText>
      </Box>
    </FormDialog>
  );
}
