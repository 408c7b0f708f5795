import Alert from '@mui/material/Alert';
import type { FeeStructureInput, feeStructureInputSchema } from '@app/contract/feeStructures';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { MoneyInput } from '../../lib/form/MoneyInput';
import { FieldRow } from '../../lib/form/FieldRow';
import { BranchMultiSelect, NumberInput, SwitchInput, TextInput, TimeInput } from '../../lib/form/fields';
import { ResourcePicker } from '../../lib/form/ResourcePicker';
import { packageResource } from '../packages/resource';
import { FeeLinesField } from './FeeLinesField';
import { useFeeTypeOptions } from './options';

// The fee structure form's fields, downloaded when the form first opens (FeeStructuresPage).
export type FeeStructureValues = FeeStructureInput;
export type FeeStructureOutput = z.output<typeof feeStructureInputSchema>;

export function FeeStructureFields({
  form,
}: {
  form: UseFormReturn<FeeStructureValues, unknown, FeeStructureOutput>;
}) {
  const { t } = useTranslation();
  const { control } = form;
  const feeTypes = useFeeTypeOptions();
  return (
    <>
      <TextInput control={control} name="name" label={t('feeStructures.name')} required autoFocus />
      {feeTypes.isSuccess && feeTypes.data.length === 0 && (
        <Alert severity="info">{t('feeStructures.noFeeTypes')}</Alert>
      )}
      <FeeLinesField control={control} />
      <FieldRow>
        <NumberInput
          control={control}
          name="durationDays"
          label={t('feeStructures.durationDaysLabel')}
          helperText={t('feeStructures.durationHelp')}
          required
        />
        <ResourcePicker
          control={control}
          name="packageId"
          label={t('feeStructures.package')}
          resource={packageResource}
          sort="packageName"
          optionLabel={(p) => p.packageName}
          query={{ status: 'true' }}
        />
      </FieldRow>
      <FieldRow>
        <TimeInput control={control} name="entryTime" label={t('feeStructures.entryTime')} />
        <TimeInput control={control} name="exitTime" label={t('feeStructures.exitTime')} />
      </FieldRow>
      <SwitchInput control={control} name="nextDayExit" label={t('feeStructures.nextDayExit')} />
      <FieldRow>
        <NumberInput
          control={control}
          name="graceDays"
          label={t('feeStructures.graceDays')}
          helperText={t('feeStructures.graceHelp')}
        />
        <MoneyInput control={control} name="finePerDay" label={t('feeStructures.finePerDay')} />
        <MoneyInput
          control={control}
          name="fineCap"
          label={t('feeStructures.fineCap')}
          helperText={t('feeStructures.fineCapHelp')}
        />
      </FieldRow>
      <BranchMultiSelect
        control={control}
        name="branchIds"
        label={t('feeStructures.branches')}
        allLabel={t('feeStructures.allBranches')}
        helperText={t('feeStructures.branchesHelp')}
      />
      <SwitchInput control={control} name="status" label={t('feeStructures.status')} />
    </>
  );
}
