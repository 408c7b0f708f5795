import type { WifiRouter, WifiRouterInput, wifiRouterInputSchema } from '@app/contract/wifi';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FieldRow } from '../../lib/form/FieldRow';
import { NumberInput, SwitchInput, TextInput } from '../../lib/form/fields';

// The router form's fields, downloaded when the form first opens (WifiRoutersPage).
export type RouterValues = WifiRouterInput;
export type RouterOutput = z.output<typeof wifiRouterInputSchema>;

export function RouterFields({
  form,
  row,
}: {
  form: UseFormReturn<RouterValues, unknown, RouterOutput>;
  row: WifiRouter | null;
}) {
  const { t } = useTranslation();
  const { control } = form;
  return (
    <>
      <TextInput control={control} name="name" label={t('wifi.routers.name')} required autoFocus />
      <FieldRow>
        <TextInput
          control={control}
          name="address"
          label={t('wifi.routers.address')}
          helperText={t('wifi.routers.addressHelp')}
          required
        />
        <NumberInput
          control={control}
          name="coaPort"
          label={t('wifi.routers.coaPort')}
          helperText={t('wifi.routers.coaPortHelp')}
        />
      </FieldRow>
      <TextInput
        control={control}
        name="secret"
        label={t('wifi.routers.secret')}
        helperText={row === null ? t('wifi.routers.secretHelpAdd') : t('wifi.routers.secretHelpEdit')}
      />
      <SwitchInput control={control} name="status" label={t('wifi.routers.status')} />
    </>
  );
}
