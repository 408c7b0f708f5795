import { useEffect, useState } from 'react';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { StatementLine } from '@app/contract/bankStatement';
import type { Payment } from '@app/contract/payments';
import { formatDate } from '../../../lib/dates';
import { FormDialog } from '../../../lib/form/FormDialog';
import { SelectInput } from '../../../lib/form/fields';
import { useOrgMoney } from '../../../lib/form/money';
import { MemberPicker, type PayingMember } from '../../payments/MemberPicker';
import { usePaymentOptions, useRefreshAfterPayment } from '../../payments/paymentApi';
import { recordLinePayment } from './statementApi';

type Values = {
  userId: number | null;
  feeStructureId: number;
  mode: 'upi' | 'bankTransfer' | 'cheque' | 'card';
};

/** 0 in the select: the credit settles the member's earlier dues, renewing nothing. */
const duesOnly = 0;

/**
 * An unmatched credit recorded as a member's payment (POST /bankStatement/recordPayment): the
 * counter's own recording, of the credit's amount into this account with the line's reference. A
 * fee structure renews the member; without one the credit settles dues.
 */
export function RecordLineDialog({
  line,
  onClose,
  onRecorded,
}: {
  line: StatementLine | null;
  onClose: () => void;
  onRecorded: (payment: Payment) => void;
}) {
  const { t } = useTranslation();
  const money = useOrgMoney();
  const options = usePaymentOptions(line !== null);
  const refresh = useRefreshAfterPayment();
  const [member, setMember] = useState<PayingMember | null>(null);
  const form = useForm<Values>({
    defaultValues: { userId: null, feeStructureId: duesOnly, mode: 'bankTransfer' },
  });
  // The member is chosen outside the form's fields (the counter's picker); the form still insists.
  useEffect(() => {
    form.register('userId', { validate: (v) => v !== null || 'validation.required' });
  }, [form]);
  useEffect(() => {
    if (line) {
      setMember(null);
      form.reset({ userId: null, feeStructureId: duesOnly, mode: 'bankTransfer' });
    }
  }, [line, form]);
  const structures = [
    { value: duesOnly, label: t('bankStatement.duesOnly') },
    ...(options.data?.feeStructures ?? []).map((s) => ({
      value: s.id,
      label: `${s.name} · ${money.format(s.total)}`,
    })),
  ];
  return (
    <FormDialog
      open={line !== null}
      title={t('bankStatement.recordTitle')}
      form={form}
      maxWidth="sm"
      submitLabel={t('bankStatement.record')}
      onCancel={onClose}
      onSubmit={async (values) => {
        const payment = await recordLinePayment(line!.id, {
          userId: values.userId!,
          feeStructureId: values.feeStructureId === duesOnly ? null : values.feeStructureId,
          duesSettled: values.feeStructureId === duesOnly ? line!.credit : 0,
          mode: values.mode,
        });
        await refresh();
        onRecorded(payment);
        onClose();
      }}
    >
      {line && (
        <Typography color="text.secondary">
          {t('bankStatement.recordIntro', {
            amount: money.format(line.credit),
            day: formatDate(line.day),
            reference: line.reference || line.narration,
          })}
        </Typography>
      )}
      <MemberPicker
        value={member}
        error={form.formState.errors.userId ? t('validation.required') : undefined}
        onChange={(next) => {
          setMember(next);
          form.setValue('userId', next?.userId ?? null, { shouldDirty: true });
          if (next?.feeStructureId) form.setValue('feeStructureId', next.feeStructureId);
        }}
      />
      <SelectInput
        control={form.control}
        name="feeStructureId"
        label={t('bankStatement.feeStructure')}
        options={structures}
      />
      <SelectInput
        control={form.control}
        name="mode"
        label={t('bankStatement.mode')}
        options={[
          { value: 'bankTransfer', label: t('bankStatement.modes.bankTransfer') },
          { value: 'upi', label: t('bankStatement.modes.upi') },
          { value: 'cheque', label: t('bankStatement.modes.cheque') },
          { value: 'card', label: t('bankStatement.modes.card') },
        ]}
      />
    </FormDialog>
  );
}
