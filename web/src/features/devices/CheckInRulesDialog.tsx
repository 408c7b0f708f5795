import { useEffect } from 'react';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { CheckInRules } from '@app/contract/kiosk';
import { FormDialog } from '../../lib/form/FormDialog';
import { formErrorMap } from '../../lib/form/messages';
import { MoneyInput } from '../../lib/form/MoneyInput';
import { NumberInput } from '../../lib/form/fields';

// The contract's rules, with an empty dues limit meaning "no limit" (the money field gives undefined).
const rulesFormSchema = z.object({
  marginMinutes: z.number().int().min(0).max(240),
  duesLimit: z
    .number()
    .int()
    .min(0)
    .nullish()
    .transform((v) => v ?? null),
});
type RulesValues = z.input<typeof rulesFormSchema>;

/**
 * The organisation's check-in rules (issue 47, point 4), shared by door devices and entrance screens:
 * the minutes of margin around a member's window, and the dues above which entry is refused.
 */
export function CheckInRulesDialog(props: {
  open: boolean;
  rules: CheckInRules;
  onClose: () => void;
  onSubmit: (rules: CheckInRules) => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useForm<RulesValues, unknown, CheckInRules>({
    resolver: zodResolver(rulesFormSchema, { error: formErrorMap }),
    defaultValues: props.rules,
  });
  const { open, rules } = props;
  useEffect(() => {
    if (open) form.reset(rules);
  }, [open, rules, form]);
  return (
    <FormDialog
      open={props.open}
      title={t('kiosk.rules.title')}
      form={form}
      maxWidth="xs"
      onCancel={props.onClose}
      onSubmit={async (values) => {
        await props.onSubmit(values);
        props.onClose();
      }}
    >
      <Typography color="text.secondary">{t('kiosk.rules.help')}</Typography>
      <NumberInput
        control={form.control}
        name="marginMinutes"
        label={t('kiosk.rules.margin')}
        unit={t('kiosk.rules.minutes')}
        helperText={t('kiosk.rules.marginHelp')}
        required
      />
      <MoneyInput
        control={form.control}
        name="duesLimit"
        label={t('kiosk.rules.duesLimit')}
        helperText={t('kiosk.rules.duesLimitHelp')}
      />
    </FormDialog>
  );
}
