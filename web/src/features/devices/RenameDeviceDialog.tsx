import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { deviceRenameInputSchema, type Device } from '@app/contract/devices';
import { FormDialog } from '../../lib/form/FormDialog';
import { TextInput } from '../../lib/form/fields';
import { formErrorMap } from '../../lib/form/messages';

type Input = z.input<typeof deviceRenameInputSchema>;
type Output = z.output<typeof deviceRenameInputSchema>;

export function RenameDeviceDialog(props: {
  device: Device | null;
  onClose: () => void;
  onRename: (device: Device, input: Output) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(deviceRenameInputSchema, { error: formErrorMap }),
    defaultValues: { name: '' },
  });
  const { device } = props;
  useEffect(() => {
    if (device) form.reset({ name: device.name });
  }, [device, form]);
  return (
    <FormDialog
      open={device !== null}
      title={t('devices.renameTitle')}
      form={form}
      onCancel={props.onClose}
      onSubmit={async (values) => {
        await props.onRename(device!, values);
        props.onClose();
      }}
    >
      <TextInput control={form.control} name="name" label={t('devices.name')} required autoFocus />
    </FormDialog>
  );
}
