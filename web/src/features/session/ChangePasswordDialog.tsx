import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from '../../lib/notify/notify';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { changeStaffPassword } from '../../lib/authApi';
import { errorMessage } from '../../lib/errorMessage';
import { fieldMessage } from '../../lib/forms';
import { PasswordField } from '../../lib/PasswordField';
import { readStaffDetails, readUserId } from '../../lib/session';

/** The dialog closes this long after a success (spec sections 4 and 9). */
export const closeAfterSuccessMs = 1000;

/**
 * The client checks of spec section 5, reported as one alert for the whole form: the new password
 * and its confirmation must both be filled and equal; the old password is left to the server.
 */
export const changePasswordFormSchema = z
  .object({ oldPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() })
  .superRefine((values, context) => {
    if (values.newPassword === '' || values.confirmPassword === '') {
      context.addIssue({ code: 'custom', path: ['root'], message: 'changePassword.allFieldsRequired' });
    } else if (values.newPassword !== values.confirmPassword) {
      context.addIssue({ code: 'custom', path: ['root'], message: 'changePassword.passwordsDoNotMatch' });
    }
  });

type ChangePasswordValues = z.infer<typeof changePasswordFormSchema>;

const emptyValues: ChangePasswordValues = { oldPassword: '', newPassword: '', confirmPassword: '' };

type Notice = { severity: 'success' | 'error'; text: string };

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const fullScreen = useMediaQuery('(max-width:768px)');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [closing, setClosing] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  const staffDetails = readStaffDetails();
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: emptyValues,
  });
  const { isSubmitting, errors } = form.formState;
  const clientProblem = fieldMessage(errors.root?.message);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const close = () => {
    window.clearTimeout(closeTimer.current);
    form.reset(emptyValues);
    setNotice(null);
    setClosing(false);
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setNotice(null);
    const userId = readUserId() ?? staffDetails?.staffId;
    try {
      if (userId === undefined) throw new Error('no userId stored');
      const message = await changeStaffPassword({ userId, ...values });
      const text = message === '' ? t('changePassword.changed') : message;
      enqueueSnackbar(text, { variant: 'success' });
      setNotice({ severity: 'success', text });
      form.reset(emptyValues);
      setClosing(true);
      closeTimer.current = window.setTimeout(close, closeAfterSuccessMs);
    } catch (error) {
      setNotice({ severity: 'error', text: errorMessage(error) });
    }
  });

  const field = (name: keyof ChangePasswordValues) => {
    const { ref, ...rest } = form.register(name);
    return { ...rest, inputRef: ref, id: `change-password-${name}`, fullWidth: true };
  };

  return (
    <Dialog
      open={open}
      onClose={isSubmitting ? undefined : close}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="xs"
      aria-labelledby="change-password-title"
    >
      <DialogTitle id="change-password-title">{t('changePassword.title')}</DialogTitle>
      <form noValidate onSubmit={onSubmit}>
        <DialogContent sx={{ pt: 0 }}>
          <Stack spacing={2}>
            {staffDetails !== null && (
              <Typography color="text.secondary">
                {t('changePassword.staffId', { id: staffDetails.staffId })}
              </Typography>
            )}
            {clientProblem !== undefined && <Alert severity="error">{clientProblem}</Alert>}
            {notice !== null && (
              <Alert severity={notice.severity} role={notice.severity === 'error' ? 'alert' : 'status'}>
                {notice.text}
              </Alert>
            )}
            <PasswordField
              {...field('oldPassword')}
              label={t('changePassword.oldPassword')}
              autoComplete="current-password"
            />
            <PasswordField
              {...field('newPassword')}
              label={t('changePassword.newPassword')}
              autoComplete="new-password"
            />
            <PasswordField
              {...field('confirmPassword')}
              label={t('changePassword.confirmPassword')}
              autoComplete="new-password"
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={isSubmitting}>
            {t('changePassword.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={isSubmitting || closing}
            startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            {t('changePassword.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
