import type { BankAccountInput, bankAccountInputSchema } from '@app/contract/bankAccounts';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FieldRow } from '../../lib/form/FieldRow';
import { SelectInput, SwitchInput, TextInput } from '../../lib/form/fields';
import { MoneyInput } from '../../lib/form/MoneyInput';
import { useSessionView } from '../../lib/useSession';

// The bank account form's fields, downloaded when the form first opens (BankAccountsPage).
export type BankAccountValues = BankAccountInput;
export type BankAccountOutput = z.output<typeof bankAccountInputSchema>;

export function BankAccountFields({
  form,
}: {
  form: UseFormReturn<BankAccountValues, unknown, BankAccountOutput>;
}) {
  const { t } = useTranslation();
  const { branches } = useSessionView();
  const { control } = form;
  const branchOptions = branches.map((branch) => ({ value: branch.id, label: branch.name }));
  return (
    <>
      <FieldRow>
        <TextInput
          control={control}
          name="accountName"
          label={t('bankAccounts.accountName')}
          required
          autoFocus
        />
        <TextInput control={control} name="bankName" label={t('bankAccounts.bankName')} required />
      </FieldRow>
      <FieldRow>
        <TextInput control={control} name="accountNumber" label={t('bankAccounts.accountNumber')} required />
        <TextInput control={control} name="ifsc" label={t('bankAccounts.ifsc')} />
      </FieldRow>
      <FieldRow>
        <TextInput control={control} name="upiId" label={t('bankAccounts.upiId')} />
        <MoneyInput control={control} name="openingBalance" label={t('bankAccounts.openingBalance')} />
      </FieldRow>
      <SelectInput
        control={control}
        name="branchId"
        label={t('bankAccounts.branch')}
        options={branchOptions}
        emptyLabel={t('bankAccounts.wholeOrganisation')}
      />
      <SwitchInput control={control} name="status" label={t('bankAccounts.status')} />
    </>
  );
}
