import type { PackageInput, packageInputSchema } from '@app/contract/packages';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FieldRow } from '../../lib/form/FieldRow';
import { NumberInput, SwitchInput, TextInput } from '../../lib/form/fields';

// The package form's fields, downloaded when the form first opens (PackagesPage).
export type PackageValues = PackageInput;
export type PackageOutput = z.output<typeof packageInputSchema>;

export function PackageFields({ form }: { form: UseFormReturn<PackageValues, unknown, PackageOutput> }) {
  const { t } = useTranslation();
  const { control } = form;
  return (
    <>
      <TextInput control={control} name="packageName" label={t('packages.packageName')} required autoFocus />
      <TextInput
        control={control}
        name="uniqueName"
        label={t('packages.uniqueName')}
        helperText={t('packages.uniqueNameHelp')}
      />
      <FieldRow>
        <NumberInput
          control={control}
          name="downloadSpeed"
          label={t('packages.downloadSpeedLabel')}
          unit={t('packages.mbps')}
          decimals
          required
        />
        <NumberInput
          control={control}
          name="uploadSpeed"
          label={t('packages.uploadSpeedLabel')}
          unit={t('packages.mbps')}
          decimals
          required
        />
      </FieldRow>
      <FieldRow>
        <NumberInput
          control={control}
          name="totalData"
          label={t('packages.totalDataLabel')}
          unit={t('packages.gb')}
          helperText={t('packages.totalDataHelp')}
          decimals
        />
        <NumberInput
          control={control}
          name="sessionTime"
          label={t('packages.sessionTimeLabel')}
          unit={t('packages.minutesUnit')}
          helperText={t('packages.sessionTimeHelp')}
        />
      </FieldRow>
      <NumberInput
        control={control}
        name="devicesPerMember"
        label={t('wifi.packages.devicesPerMember')}
        helperText={t('wifi.packages.devicesPerMemberHelp')}
      />
      <SwitchInput control={control} name="status" label={t('packages.status')} />
    </>
  );
}
