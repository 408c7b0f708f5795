import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { pauseInputSchema } from '@app/contract/pauses';
import { FormDialog } from '../../lib/form/FormDialog';
import { DateInput, NumberInput, TextInput } from '../../lib/form/fields';
import { formErrorMap } from '../../lib/form/messages';

type PauseValues = z.input<typeof pauseInputSchema>;

/** Staff's pause of a member: first day, days and reason (issue 45, point 4). */
export function PauseDialog(props: {
  open: boolean;
  today: string;
  onClose: () => void;
  onSubmit: (values: PauseValues) => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useForm<PauseValues, unknown, z.output<typeof pauseInputSchema>>({
    resolver: zodResolver(pauseInputSchema, { error: formErrorMap }),
    defaultValues: { from: props.today, days: 7, reason: '' },
  });
  return (
    <FormDialog
      open={props.open}
      title={t('pauses.pauseTitle')}
      form={form}
      maxWidth="xs"
      submitLabel={t('pauses.pause')}
      onCancel={props.onClose}
      onSubmit={async (values) => {
        await props.onSubmit(values);
        props.onClose();
      }}
    >
      <DateInput control={form.control} name="from" label={t('pauses.firstDay')} required />
      <NumberInput control={form.control} name="days" label={t('pauses.days')} required />
      <TextInput control={form.control} name="reason" label={t('pauses.reason')} />
    </FormDialog>
  );
}
