import type { FeeTypeInput, feeTypeInputSchema } from '@app/contract/feeTypes';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { gstRates } from '@app/contract/gst';
import { SelectInput, SwitchInput, TextInput } from '../../lib/form/fields';

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
      {/* GST (issue 44): the SAC and rate its tax invoices split the fee by; the fee stays tax-inclusive. */}
      <TextInput
        control={control}
        name="sac"
        label={t('feeTypes.sac')}
        helperText={t('feeTypes.sacHelp')}
        placeholder="997212"
      />
      <SelectInput
        control={control}
        name="gstRate"
        label={t('feeTypes.gstRate')}
        helperText={t('feeTypes.gstRateHelp')}
        options={gstRates.map((rate) => ({ value: rate, label: `${rate} %` }))}
      />
      <SwitchInput control={control} name="status" label={t('feeTypes.status')} />
    </>
  );
}
