import { useEffect } from 'react';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { overrideInputSchema } from '@app/contract/kiosk';
import { FormDialog } from '../../lib/form/FormDialog';
import { formErrorMap } from '../../lib/form/messages';
import { TextInput } from '../../lib/form/fields';

const reasonSchema = overrideInputSchema.pick({ reason: true });
type ReasonValues = z.input<typeof reasonSchema>;

/**
 * Staff let a member in (or record them going out) whatever the entry rules say (issue 47, point 4):
 * a reason is required and kept with the attendance row and the audit log.
 */
export function LetInDialog(props: {
  open: boolean;
  name: string;
  inside: boolean;
  onClose: () => void;
  onSubmit: (reason: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useForm<ReasonValues, unknown, z.output<typeof reasonSchema>>({
    resolver: zodResolver(reasonSchema, { error: formErrorMap }),
    defaultValues: { reason: '' },
  });
  useEffect(() => {
    if (props.open) form.reset({ reason: '' });
  }, [props.open, form]);
  return (
    <FormDialog
      open={props.open}
      title={t(props.inside ? 'attendance.letIn.outTitle' : 'attendance.letIn.title', { name: props.name })}
      form={form}
      maxWidth="xs"
      submitLabel={t(props.inside ? 'attendance.letIn.outConfirm' : 'attendance.letIn.confirm')}
      onCancel={props.onClose}
      onSubmit={async ({ reason }) => {
        await props.onSubmit(reason);
        props.onClose();
      }}
    >
      <Typography color="text.secondary">
        {t(props.inside ? 'attendance.letIn.outText' : 'attendance.letIn.text')}
      </Typography>
      <TextInput
        control={form.control}
        name="reason"
        label={t('attendance.letIn.reason')}
        required
        autoFocus
      />
    </FormDialog>
  );
}
