import { useEffect, useMemo, useRef, useState } from 'react';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from '../../lib/notify/notify';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { paymentModes } from '@app/contract/paymentNames';
import { FieldRow } from '../../lib/form/FieldRow';
import { FormDialog } from '../../lib/form/FormDialog';
import { SelectInput, SwitchInput, TextInput } from '../../lib/form/fields';
import { MoneyInput } from '../../lib/form/MoneyInput';
import { useOrgMoney } from '../../lib/form/money';
import { errorMessage } from '../../lib/errorMessage';
import { formatDate } from '../../lib/dates';
import { newId } from '../../lib/secureContext';
import { useCashClosedThrough } from '../payments/cashDay';
import { createRefund, getRefundable, useRefreshAfterRefund, useRefundOptions } from './refundApi';
import { emptyRefundForm, refundFormSchema, toRefundInput, type RefundFormValues } from './refundForm';
import { formErrorMap } from '../../lib/form/messages';

/**
 * Refund part or all of a payment: found by its receipt number (or given by the payments row or
 * receipt it was opened from); the amount is bounded by what it may still give back, and the
 * server's refusal (more than is left, a void payment, a closed cash book) shows in the dialog.
 */
export function RefundDialog({
  open,
  paymentId: givenId,
  onClose,
}: {
  open: boolean;
  paymentId?: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const money = useOrgMoney();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshAfterRefund();
  const idempotencyKey = useRef(newId());
  const [lookup, setLookup] = useState('');
  const [by, setBy] = useState<{ paymentId: number } | { receiptNumber: string } | null>(null);
  const form = useForm<RefundFormValues, unknown, z.output<typeof refundFormSchema>>({
    resolver: zodResolver(refundFormSchema, { error: formErrorMap }),
    defaultValues: emptyRefundForm(0, 'cash', null),
  });
  useEffect(() => {
    if (!open) return;
    idempotencyKey.current = newId();
    setLookup('');
    setBy(givenId ? { paymentId: givenId } : null);
  }, [open, givenId]);

  const refundable = useQuery({
    queryKey: ['refundable', by],
    queryFn: () => getRefundable(by!),
    enabled: open && by !== null,
    staleTime: 0,
    meta: { handlesError: true },
  });
  // A closed cash day: said first, and a refund of a cash payment does not start on Cash (issue 34).
  const cashClosedThrough = useCashClosedThrough(open);
  useEffect(() => {
    const r = refundable.data;
    if (!r) return;
    const noCash = cashClosedThrough !== null && r.mode === 'cash';
    form.reset(emptyRefundForm(r.refundable, noCash ? 'upi' : r.mode, noCash ? null : r.bankAccountId));
  }, [refundable.data, cashClosedThrough, form]);

  const options = useRefundOptions(open);
  const values = useWatch({ control: form.control });
  const accounts = useMemo(
    () =>
      (options.data?.bankAccounts ?? [])
        .filter((a) => a.kind === 'bank')
        .map((a) => ({ value: a.id, label: `${a.accountName} · ${a.bankName}` })),
    [options.data],
  );
  const modes = paymentModes.map((mode) => ({ value: mode, label: t(`payments.modes.${mode}`) }));
  const r = refundable.data;

  return (
    <FormDialog
      open={open}
      title={t('refunds.dialog.title')}
      form={form}
      maxWidth="sm"
      submitUnchanged={r !== undefined && r.refundable > 0}
      submitLabel={t('refunds.dialog.save')}
      onCancel={onClose}
      onSubmit={async (checked) => {
        const refund = await createRefund(toRefundInput(r!.paymentId, checked), idempotencyKey.current);
        await refresh();
        enqueueSnackbar(t('refunds.dialog.saved', { number: refund.refundNumber }), { variant: 'success' });
        onClose();
        void navigate(`/app/refunds/${refund.id}/receipt`);
      }}
    >
      {cashClosedThrough !== null && (
        <Alert severity="warning" data-testid="cash-day-closed">
          {t('cashBook.noCashToday', { day: formatDate(cashClosedThrough) })}
        </Alert>
      )}
      {!givenId && (
        <Box
          component="div"
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
          onKeyDown={(event) => {
            // Enter here looks the receipt up; it does not submit the refund.
            if (event.key === 'Enter') {
              event.preventDefault();
              event.stopPropagation();
              if (lookup.trim()) setBy({ receiptNumber: lookup.trim() });
            }
          }}
        >
          <TextField
            label={t('refunds.dialog.receiptNumber')}
            value={lookup}
            onChange={(event) => setLookup(event.target.value)}
            size="small"
            fullWidth
            autoFocus
            helperText={t('refunds.dialog.receiptHint')}
          />
          <Button
            variant="outlined"
            startIcon={<SearchOutlined />}
            onClick={() => lookup.trim() && setBy({ receiptNumber: lookup.trim() })}
            sx={{ flexShrink: 0, mt: 0.25 }}
          >
            {t('refunds.dialog.find')}
          </Button>
        </Box>
      )}
      {refundable.isFetching && <CircularProgress size={24} aria-label={t('refunds.dialog.finding')} />}
      {refundable.isError && <Alert severity="error">{errorMessage(refundable.error)}</Alert>}
      {r && !refundable.isFetching && (
        <>
          <Box data-testid="refundable" aria-live="polite">
            <Typography variant="subtitle1">
              {t('refunds.dialog.payment', {
                number: r.receiptNumber,
                name: r.memberName,
                date: formatDate(r.paidAt),
              })}
            </Typography>
            <Typography color="text.secondary">
              {t('refunds.dialog.amounts', {
                received: money.format(r.received),
                refunded: money.format(r.refunded),
                left: money.format(r.refundable),
              })}
            </Typography>
          </Box>
          {r.refundable === 0 ? (
            <Alert severity="info">
              {r.status === 'voided' ? t('refunds.dialog.void') : t('refunds.dialog.nothingLeft')}
            </Alert>
          ) : (
            <>
              <MoneyInput control={form.control} name="amount" label={t('refunds.amount')} required />
              <TextInput control={form.control} name="reason" label={t('refunds.reason')} required />
              <FieldRow>
                <SelectInput
                  control={form.control}
                  name="mode"
                  label={t('payments.mode')}
                  options={modes}
                  required
                />
                {values.mode !== 'cash' && (
                  <SelectInput
                    control={form.control}
                    name="bankAccountId"
                    label={t('refunds.paidFrom')}
                    options={accounts}
                    required
                  />
                )}
              </FieldRow>
              <TextInput control={form.control} name="reference" label={t('payments.reference')} />
              {r.memberActive && (
                <SwitchInput
                  control={form.control}
                  name="endMembership"
                  label={t('refunds.dialog.endMembership')}
                  helperText={t('refunds.dialog.endMembershipHint')}
                />
              )}
              <TextInput control={form.control} name="note" label={t('payments.note')} multiline />
            </>
          )}
        </>
      )}
    </FormDialog>
  );
}
