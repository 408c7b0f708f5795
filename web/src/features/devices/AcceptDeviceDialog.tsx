import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { acceptDeviceInputSchema, type AcceptDeviceInput } from '@app/contract/devices';
import { FormDialog } from '../../lib/form/FormDialog';
import { TextInput } from '../../lib/form/fields';
import { formErrorMap } from '../../lib/form/messages';

type Output = z.output<typeof acceptDeviceInputSchema>;

/**
 * Claiming a device for the branch by the serial number it shows (System Info): it must have called
 * this server already, where it waits as pending.
 */
export function AcceptDeviceDialog(props: {
  open: boolean;
  onClose: () => void;
  onAccept: (input: Output) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const form = useForm<AcceptDeviceInput, unknown, Output>({
    resolver: zodResolver(acceptDeviceInputSchema, { error: formErrorMap }),
    defaultValues: { serialNumber: '', name: '' },
  });
  useEffect(() => {
    if (props.open) form.reset({ serialNumber: '', name: '' });
  }, [props.open, form]);
  return (
    <FormDialog
      open={props.open}
      title={t('devices.acceptTitle')}
      form={form}
      submitLabel={t('devices.accept')}
      onCancel={props.onClose}
      onSubmit={async (values) => {
        await props.onAccept(values);
        props.onClose();
      }}
    >
      <Alert severity="info">{t('devices.acceptHelp', { server: window.location.origin })}</Alert>
      <TextInput
        control={form.control}
        name="serialNumber"
        label={t('devices.serialNumber')}
        helperText={t('devices.serialHelp')}
        required
        autoFocus
      />
      <TextInput control={form.control} name="name" label={t('devices.name')} required />
    </FormDialog>
  );
}
