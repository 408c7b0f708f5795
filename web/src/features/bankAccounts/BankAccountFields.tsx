import type { BankAccountInput, bankAccountInputSchema } from '@app/contract/bankAccounts';
import Typography from '@mui/material/Typography';
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
        <TextInput control={control} name="upiMerchantCode" label={t('bankAccounts.upiMerchantCode')} />
      </FieldRow>
      {/* Apps may refuse app-opened payments to a personal UPI id (issue 45, point 3). */}
      <Typography variant="body2" color="text.secondary">
        {t('bankAccounts.upiHint')}
      </Typography>
      <MoneyInput control={control} name="openingBalance" label={t('bankAccounts.openingBalance')} />
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
