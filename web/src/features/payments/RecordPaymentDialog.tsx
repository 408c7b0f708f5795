import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from '../../lib/notify/notify';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paymentModes } from '@app/contract/paymentNames';
import { FormDialog } from '../../lib/form/FormDialog';
import { FieldRow } from '../../lib/form/FieldRow';
import { SelectInput, TextInput } from '../../lib/form/fields';
import { MoneyInput } from '../../lib/form/MoneyInput';
import { useOrgMoney } from '../../lib/form/money';
import { formatDate } from '../../lib/dates';
import { newId } from '../../lib/secureContext';
import { MemberPicker, type PayingMember } from './MemberPicker';
import { createPayment, usePaymentOptions, useQuote, useRefreshAfterPayment } from './paymentApi';
import { emptyPaymentForm, formTotal, fromQuote, paymentFormSchema, toPaymentInput } from './paymentForm';
import type { PaymentFormValues } from './paymentForm';
import { useCashClosedThrough } from './cashDay';
import { CounterUpiQr } from '../portal/CounterUpiQr';
import { formErrorMap } from '../../lib/form/messages';

/**
 * Record a payment: pick a member (or come with one), the fee structure fills lines, late fine,
 * earlier dues and the period from the server's quote; amounts stay editable, the total and what
 * is left owing follow live. Saved once (an Idempotency-Key per opening), then the receipt opens.
 */
export function RecordPaymentDialog({
  open,
  member: given,
  onClose,
}: {
  open: boolean;
  member?: PayingMember | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const money = useOrgMoney();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshAfterPayment();
  const [member, setMember] = useState<PayingMember | null>(given ?? null);
  const idempotencyKey = useRef(newId());
  const form = useForm<PaymentFormValues, unknown, ReturnType<typeof paymentFormSchema.parse>>({
    resolver: zodResolver(paymentFormSchema, { error: formErrorMap }),
    defaultValues: emptyPaymentForm(given ?? null),
  });
  const { control } = form;

  // A new opening is a new payment: new key, the given member, a fresh form.
  useEffect(() => {
    if (!open) return;
    idempotencyKey.current = newId();
    setMember(given ?? null);
    form.reset(emptyPaymentForm(given ?? null));
  }, [open, given, form]);

  // A closed cash day: the clerk reads it first, and the form does not start on Cash (issue 34).
  const cashClosedThrough = useCashClosedThrough(open);
  useEffect(() => {
    if (open && cashClosedThrough !== null && form.getValues('mode') === 'cash') {
      form.setValue('mode', 'upi');
    }
  }, [open, cashClosedThrough, form]);

  const options = usePaymentOptions(open);
  const values = useWatch({ control }) as PaymentFormValues;
  // The chosen structure asks the server what the payment would be; none settles earlier dues only.
  const quote = useQuote(open ? (member?.userId ?? null) : null, values.feeStructureId ?? null);
  useEffect(() => {
    if (quote.data) form.reset(fromQuote(form.getValues(), quote.data), { keepDefaultValues: true });
  }, [quote.data, form]);
  // A first period still owed is paid first (issue 41, point 2): the dialog starts on the dues
  // alone, which cover that period; the clerk may still choose a renewal as well.
  const openingCharge = quote.data?.openingCharge ?? null;
  const startedOnDues = useRef(false);
  useEffect(() => {
    if (!open) startedOnDues.current = false;
    else if (openingCharge !== null && !startedOnDues.current) {
      startedOnDues.current = true;
      if (form.getValues('feeStructureId') !== null) form.setValue('feeStructureId', null);
    }
  }, [open, openingCharge, form]);

  const total = formTotal(values);
  // Paid in full stays paid in full when an amount changes; a received amount typed by hand stays.
  const lastTotal = useRef(total);
  useEffect(() => {
    if (form.getValues('received') === lastTotal.current && total !== lastTotal.current && total > 0) {
      form.setValue('received', total);
    }
    lastTotal.current = total;
  }, [total, form]);
  const received =
    typeof values.received === 'number' && Number.isFinite(values.received) ? values.received : 0;
  const structures = useMemo(
    () =>
      (options.data?.feeStructures ?? []).map((s) => ({
        value: s.id,
        label: `${s.name} · ${money.format(s.total)}`,
      })),
    [options.data, money],
  );
  const accounts = useMemo(
    () =>
      (options.data?.bankAccounts ?? []).map((a) => ({
        value: a.id,
        label: `${a.accountName} · ${a.bankName}`,
      })),
    [options.data],
  );
  const modes = paymentModes.map((mode) => ({ value: mode, label: t(`payments.modes.${mode}`) }));
  const lines = values.lines ?? [];

  return (
    <FormDialog
      open={open}
      title={t('payments.dialog.title')}
      form={form}
      maxWidth="sm"
      submitUnchanged={quote.data !== undefined}
      submitLabel={t('payments.dialog.save')}
      onCancel={onClose}
      onSubmit={async (checked) => {
        const payment = await createPayment(toPaymentInput(checked), idempotencyKey.current);
        await refresh();
        enqueueSnackbar(t('payments.dialog.saved', { number: payment.receiptNumber }), {
          variant: 'success',
        });
        onClose();
        void navigate(`/app/payments/${payment.id}/receipt`);
      }}
    >
      {cashClosedThrough !== null && (
        <Alert severity="warning" data-testid="cash-day-closed">
          {t('payments.dialog.cashDayClosed', { day: formatDate(cashClosedThrough) })}
        </Alert>
      )}
      {given ? (
        <Typography variant="subtitle1">
          {given.name} · {given.mobile}
        </Typography>
      ) : (
        <MemberPicker
          value={member}
          error={form.formState.errors.userId?.message ? t('validation.required') : undefined}
          onChange={(next) => {
            setMember(next);
            form.setValue('userId', next?.userId ?? null, { shouldDirty: true });
            form.setValue('feeStructureId', next?.feeStructureId ?? null);
          }}
        />
      )}
      {member !== null && (
        <>
          <SelectInput
            control={control}
            name="feeStructureId"
            label={t('payments.feeStructure')}
            options={structures}
            emptyLabel={t('payments.dialog.duesOnly')}
          />
          {quote.isError && <Alert severity="error">{(quote.error as Error).message}</Alert>}
          {lines.map((line, i) => (
            <MoneyInput
              key={`${line.feeTypeId}-${i}`}
              control={control}
              name={`lines.${i}.amount`}
              label={line.name}
            />
          ))}
          {(values.proposedFine ?? 0) > 0 && (
            <FieldRow>
              <MoneyInput
                control={control}
                name="lateFine"
                label={t('payments.lateFine')}
                helperText={t('payments.dialog.daysLate', { days: quote.data?.daysLate ?? 0 })}
              />
              {(values.lateFine ?? 0) < (values.proposedFine ?? 0) && (
                <TextInput
                  control={control}
                  name="lateFineWaiverReason"
                  label={t('payments.dialog.waiverReason')}
                  required
                />
              )}
            </FieldRow>
          )}
          {(values.dues ?? 0) > 0 && (
            <MoneyInput
              control={control}
              name="duesSettled"
              label={t('payments.previousDues')}
              helperText={
                // A new member owes no "earlier payments": the first period is what they owe.
                openingCharge !== null && openingCharge.due === values.dues
                  ? t('payments.dialog.owesFirstPeriod', { amount: money.format(values.dues ?? 0) })
                  : t('payments.dialog.owes', { amount: money.format(values.dues ?? 0) })
              }
            />
          )}
          <FieldRow>
            <MoneyInput control={control} name="discount" label={t('payments.discount')} />
            {(values.discount ?? 0) > 0 && (
              <TextInput
                control={control}
                name="discountReason"
                label={t('payments.dialog.discountReason')}
                required
              />
            )}
          </FieldRow>
          <Divider />
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' }}>
            <Typography>{t('payments.total')}</Typography>
            <Typography variant="h6" data-testid="payment-total">
              {money.format(total)}
            </Typography>
          </Box>
          <MoneyInput control={control} name="received" label={t('payments.received')} required />
          <Stack spacing={0.5} aria-live="polite">
            {total - received > 0 && received > 0 && (
              <Typography color="warning.main">
                {t('payments.dialog.dueAfter', { amount: money.format(total - received) })}
              </Typography>
            )}
            {openingCharge !== null && (values.duesSettled ?? 0) > 0 && (
              <Typography color="text.secondary" data-testid="first-period-covered">
                {t('payments.dialog.firstPeriod', {
                  from: formatDate(openingCharge.coversFrom),
                  till: formatDate(openingCharge.coversTill),
                  amount: money.format(openingCharge.due),
                })}
              </Typography>
            )}
            {quote.data?.coversFrom && values.feeStructureId !== null && (
              <Typography color="text.secondary">
                {t('payments.dialog.validity', {
                  from: formatDate(quote.data.coversFrom),
                  till: formatDate(quote.data.coversTill!),
                })}
              </Typography>
            )}
          </Stack>
          <FieldRow>
            <SelectInput control={control} name="mode" label={t('payments.mode')} options={modes} required />
            {values.mode !== 'cash' && (
              <SelectInput
                control={control}
                name="bankAccountId"
                label={t('payments.account')}
                options={accounts}
                required
              />
            )}
          </FieldRow>
          {values.mode === 'upi' && member && (
            <CounterUpiQr
              userId={member.userId}
              amount={received}
              feeStructureId={values.feeStructureId ?? null}
              bankAccountId={values.bankAccountId ?? null}
            />
          )}
          <TextInput control={control} name="reference" label={t('payments.reference')} />
          <TextInput control={control} name="note" label={t('payments.note')} multiline />
        </>
      )}
    </FormDialog>
  );
}
