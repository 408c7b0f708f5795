import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from '../../lib/notify/notify';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { requestPasswordReset, resetPassword } from '../../lib/authApi';
import { errorMessage } from '../../lib/errorMessage';
import { applyServerFieldErrors, useFieldProps } from '../../lib/forms';
import { PasswordField } from '../../lib/PasswordField';
import { AuthLayout } from './AuthLayout';
import { forgotPasswordFormSchema, resetPasswordFormSchema } from './schemas';

function BackToSignIn() {
  const { t } = useTranslation();
  return (
    <Typography variant="body2" sx={{ textAlign: 'center' }}>
      <Link component={RouterLink} to="/login">
        {t('resetPassword.backToSignIn')}
      </Link>
    </Typography>
  );
}

function SubmitButton({ label, disabled, busy }: { label: string; disabled: boolean; busy: boolean }) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={disabled}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
    >
      {label}
    </Button>
  );
}

/** Without a token: ask for the link by e-mail. */
function RequestLinkForm() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [sent, setSent] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<z.infer<typeof forgotPasswordFormSchema>>({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: '' },
    mode: 'onTouched',
  });
  const field = useFieldProps(form);
  const { isDirty, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setServerError(null);
    try {
      const { message } = await requestPasswordReset(email);
      enqueueSnackbar(t('notify.emailSent'), { variant: 'success' });
      setSent(message);
    } catch (error) {
      if (!applyServerFieldErrors(error, form, ['email'])) setServerError(errorMessage(error));
    }
  });

  if (sent !== null) {
    return (
      <Stack spacing={3} sx={{ alignItems: 'stretch' }}>
        <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <MarkEmailReadOutlined color="success" sx={{ fontSize: 56 }} aria-hidden />
          <Typography variant="h6" component="h2">
            {t('resetPassword.sentTitle')}
          </Typography>
        </Stack>
        <Alert severity="success" role="status">
          {sent}
        </Alert>
        <BackToSignIn />
      </Stack>
    );
  }

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} aria-label={t('resetPassword.title')}>
      <Typography color="text.secondary">{t('resetPassword.text')}</Typography>
      {serverError !== null && <Alert severity="error">{serverError}</Alert>}
      <TextField
        {...field('email')}
        label={t('resetPassword.email')}
        type="email"
        autoComplete="email"
        required
        fullWidth
      />
      <SubmitButton label={t('resetPassword.send')} disabled={!isDirty || isSubmitting} busy={isSubmitting} />
      <BackToSignIn />
    </Stack>
  );
}

/** With ?token=: the link from the e-mail; choose the new password. */
function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const [done, setDone] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<z.infer<typeof resetPasswordFormSchema>>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  const field = useFieldProps(form);
  const { isDirty, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const { message } = await resetPassword({ token, ...values });
      setDone(message);
    } catch (error) {
      if (!applyServerFieldErrors(error, form, ['newPassword', 'confirmPassword']))
        setServerError(errorMessage(error));
    }
  });

  if (done !== null) {
    return (
      <Stack spacing={3}>
        <Alert severity="success" role="status">
          {done}
        </Alert>
        <Button component={RouterLink} to="/login" variant="contained" size="large" fullWidth>
          {t('resetPassword.signIn')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={onSubmit}
      spacing={2}
      aria-label={t('resetPassword.newTitle')}
    >
      <Typography color="text.secondary">{t('resetPassword.newText')}</Typography>
      {serverError !== null && <Alert severity="error">{serverError}</Alert>}
      <PasswordField
        {...field('newPassword')}
        label={t('resetPassword.newPassword')}
        autoComplete="new-password"
        required
        fullWidth
      />
      <PasswordField
        {...field('confirmPassword')}
        label={t('resetPassword.confirmPassword')}
        autoComplete="new-password"
        required
        fullWidth
      />
      <SubmitButton
        label={t('resetPassword.submit')}
        disabled={!isDirty || isSubmitting}
        busy={isSubmitting}
      />
      <BackToSignIn />
    </Stack>
  );
}

/** /reset-password, and /reset-password?token=... from the e-mailed link. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const withToken = token !== null && token !== '';
  return (
    <AuthLayout variant="card" title={withToken ? t('resetPassword.newTitle') : t('resetPassword.title')}>
      {withToken ? <NewPasswordForm token={token} /> : <RequestLinkForm />}
    </AuthLayout>
  );
}
