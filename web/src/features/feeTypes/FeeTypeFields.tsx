import type { FeeTypeInput, feeTypeInputSchema } from '@app/contract/feeTypes';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SwitchInput, TextInput } from '../../lib/form/fields';

// The fee type form's fields, downloaded when the form first opens (FeeTypesPage).
export type FeeTypeValues = FeeTypeInput;
export type FeeTypeOutput = z.output<typeof feeTypeInputSchema>;

export function FeeTypeFields({ form }: { form: UseFormReturn<FeeTypeValues, unknown, FeeTypeOutput> }) {
  const { t } = useTranslation();
  const { control } = form;
  return (
    <>
      <TextInput control={control} name="name" label={t('feeTypes.name')} required autoFocus />
      <TextInput control={control} name="description" label={t('feeTypes.description')} multiline />
      <SwitchInput
        control={control}
        name="refundable"
        label={t('feeTypes.refundable')}
        helperText={t('feeTypes.refundableHelp')}
      />
      <SwitchInput control={control} name="status" label={t('feeTypes.status')} />
    </>
  );
}
