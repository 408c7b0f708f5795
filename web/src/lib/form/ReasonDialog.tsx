import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from './FormDialog';
import { TextInput } from './fields';
import { formErrorMap } from './messages';

const reasonSchema = z.object({ reason: z.string().trim().min(1, 'validation.required').max(500) });
type ReasonValues = z.input<typeof reasonSchema>;

/**
 * Asks why before an action that is kept with its reason (voiding a payment or an expense); the
 * server's refusal shows in the dialog and nothing closes until the action succeeded.
 */
export function ReasonDialog(props: {
  open: boolean;
  title: string;
  text: string;
  label: string;
  confirmLabel: string;
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
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
      title={props.title}
      form={form}
      maxWidth="xs"
      submitLabel={props.confirmLabel}
      onCancel={props.onClose}
      onSubmit={async ({ reason }) => {
        await props.onConfirm(reason);
        props.onClose();
      }}
    >
      <Typography color="text.secondary">{props.text}</Typography>
      <TextInput control={form.control} name="reason" label={props.label} required autoFocus />
    </FormDialog>
  );
}
