import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { resetStaffPasswordSchema } from '@app/contract/staff';
import type { Staff } from '@app/contract/staff';
import { useSnackbar } from '../../lib/notify/notify';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { put } from '../../lib/api';
import { FormDialog } from '../../lib/form/FormDialog';
import { formErrorMap } from '../../lib/form/messages';
import { PasswordInput } from './PasswordInput';

export const passwordsDiffer = 'staff.passwordsDiffer';

export const resetPasswordFormSchema = z
  .object({ newPassword: resetStaffPasswordSchema.shape.newPassword, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: passwordsDiffer,
  });

type ResetValues = z.input<typeof resetPasswordFormSchema>;

/** A new password for another staff member (PUT /staff/resetStaffPassword). Mount anew per opening. */
export function ResetPasswordDialog({
  staff,
  open,
  onClose,
}: {
  staff: Staff | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const form = useForm<ResetValues, unknown, z.output<typeof resetPasswordFormSchema>>({
    resolver: zodResolver(resetPasswordFormSchema, { error: formErrorMap }),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  return (
    <FormDialog
      open={open && staff !== null}
      title={t('staff.resetTitle')}
      form={form}
      maxWidth="xs"
      submitLabel={t('staff.resetSubmit')}
      onCancel={onClose}
      onSubmit={async (values) => {
        if (staff === null) return;
        await put('/staff/resetStaffPassword', { staffId: staff.staffId, newPassword: values.newPassword });
        enqueueSnackbar(t('staff.passwordResetDone', { name: staff.staffName }), { variant: 'success' });
        onClose();
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {t('staff.resetText', { name: staff?.staffName ?? '' })}
      </Typography>
      <PasswordInput
        control={form.control}
        name="newPassword"
        label={t('staff.newPassword')}
        required
        autoFocus
      />
      <PasswordInput
        control={form.control}
        name="confirmPassword"
        label={t('staff.confirmPassword')}
        required
      />
    </FormDialog>
  );
}
