import { useEffect, useMemo, useRef } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../lib/notify/notify';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { BankAccount } from '@app/contract/bankAccounts';
import type { Transfer, TransferInput } from '@app/contract/books';
import { idempotencyKeyHeader } from '@app/contract/paymentNames';
import { post } from '../../lib/api';
import { orgToday } from '../../lib/dates';
import { FieldRow } from '../../lib/form/FieldRow';
import { FormDialog } from '../../lib/form/FormDialog';
import { DateInput, SelectInput, TextInput } from '../../lib/form/fields';
import { MoneyInput } from '../../lib/form/MoneyInput';
import { readActiveBranch } from '../../lib/session';
import { newId } from '../../lib/secureContext';
import { formErrorMap } from '../../lib/form/messages';

export const transferFormSchema = z
  .object({
    today: z.string(),
    fromAccountId: z.number().nullable(),
    toAccountId: z.number().nullable(),
    amount: z.number({ error: 'validation.required' }).int('fieldErrors.invalidAmount'),
    transferredAt: z.string({ error: 'validation.required' }).min(1, 'validation.required'),
    reference: z.string().trim().max(120),
    note: z.string().trim().max(2000),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.fromAccountId === null) issue('fromAccountId', 'validation.required');
    if (v.toAccountId === null) issue('toAccountId', 'validation.required');
    else if (v.toAccountId === v.fromAccountId) issue('toAccountId', 'transfer.errors.sameAccount');
    if (v.amount <= 0) issue('amount', 'fieldErrors.moreThanZero');
    if (v.transferredAt > v.today) issue('transferredAt', 'transfer.errors.future');
  });
export type TransferFormValues = z.input<typeof transferFormSchema>;

/**
 * The accounts a transfer of this branch may use, on either side: active, and organisation-wide or
 * the branch's own (another branch's cash or bank account serves that branch only, issue 34).
 */
export const accountsServing = (accounts: readonly BankAccount[], branchId: number | null) =>
  accounts.filter((a) => a.status && (a.branchId === null || a.branchId === branchId));

/** Cash deposited in the bank by default: from the branch's cash account to the first bank account. */
export function emptyTransferForm(accounts: readonly BankAccount[], branchId: number | null, today: string) {
  const serving = accountsServing(accounts, branchId);
  const cash = serving.find((a) => a.kind === 'cash');
  const bank = serving.find((a) => a.kind === 'bank');
  return {
    today,
    fromAccountId: cash?.id ?? null,
    toAccountId: bank?.id ?? null,
    amount: 0,
    transferredAt: today,
    reference: '',
    note: '',
  } satisfies TransferFormValues;
}

/** Moves money between two accounts (cash deposited in the bank); the server's refusal shows here. */
export function TransferDialog({
  open,
  accounts,
  onClose,
}: {
  open: boolean;
  accounts: readonly BankAccount[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const idempotencyKey = useRef(newId());
  const branchId = readActiveBranch()?.id ?? null;
  const form = useForm<TransferFormValues, unknown, z.output<typeof transferFormSchema>>({
    resolver: zodResolver(transferFormSchema, { error: formErrorMap }),
    defaultValues: emptyTransferForm(accounts, branchId, orgToday()),
  });
  useEffect(() => {
    if (!open) return;
    idempotencyKey.current = newId();
    form.reset(emptyTransferForm(accounts, branchId, orgToday()));
  }, [open, accounts, branchId, form]);
  const options = useMemo(
    () =>
      accountsServing(accounts, branchId).map((a) => ({
        value: a.id,
        label: `${a.accountName} · ${a.bankName}`,
      })),
    [accounts, branchId],
  );
  return (
    <FormDialog
      open={open}
      title={t('transfer.title')}
      form={form}
      maxWidth="sm"
      submitLabel={t('transfer.save')}
      onCancel={onClose}
      onSubmit={async (v) => {
        const input: TransferInput = {
          fromAccountId: v.fromAccountId!,
          toAccountId: v.toAccountId!,
          amount: v.amount,
          transferredAt: v.transferredAt,
          reference: v.reference,
          note: v.note,
        };
        await post<Transfer>('/bankAccount/createTransfer', input, {
          headers: { [idempotencyKeyHeader]: idempotencyKey.current },
        });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ['bankAccount'] }),
          queryClient.invalidateQueries({ queryKey: ['statement'] }),
          queryClient.invalidateQueries({ queryKey: ['cashBook'] }),
        ]);
        enqueueSnackbar(t('transfer.saved'), { variant: 'success' });
        onClose();
      }}
    >
      <FieldRow>
        <SelectInput
          control={form.control}
          name="fromAccountId"
          label={t('transfer.from')}
          options={options}
          required
        />
        <SelectInput
          control={form.control}
          name="toAccountId"
          label={t('transfer.to')}
          options={options}
          required
        />
      </FieldRow>
      <FieldRow>
        <MoneyInput control={form.control} name="amount" label={t('transfer.amount')} required autoFocus />
        <DateInput control={form.control} name="transferredAt" label={t('transfer.date')} required />
      </FieldRow>
      <TextInput control={form.control} name="reference" label={t('transfer.reference')} />
      <TextInput control={form.control} name="note" label={t('payments.note')} multiline />
    </FormDialog>
  );
}
