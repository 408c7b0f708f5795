import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';
import { verifyPassword } from '../../lib/authApi';
import { errorMessage } from '../../lib/errorMessage';
import { useFieldProps } from '../../lib/forms';
import { PasswordField } from '../../lib/PasswordField';
import { useSessionView } from '../../lib/useSession';
import { AuthLayout } from './AuthLayout';
import { lockScreenSchema } from './schemas';

function UnlockForm({ staffName }: { staffName: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<z.infer<typeof lockScreenSchema>>({
    resolver: zodResolver(lockScreenSchema),
    defaultValues: { password: '' },
    mode: 'onTouched',
  });
  const field = useFieldProps(form);
  const { isDirty, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setServerError(null);
    try {
      await verifyPassword(password);
      await navigate('/app', { replace: true });
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <Stack spacing={3}>
      <Stack spacing={1} sx={{ alignItems: 'center' }}>
        <Avatar sx={{ width: 64, height: 64, bgcolor: 'primary.main' }}>
          <LockOutlined fontSize="large" aria-hidden />
        </Avatar>
        {staffName !== undefined && (
          <Typography variant="h6" component="p">
            {staffName}
          </Typography>
        )}
      </Stack>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} aria-label={t('lockScreen.title')}>
        {serverError !== null && <Alert severity="error">{serverError}</Alert>}
        <PasswordField
          {...field('password')}
          label={t('lockScreen.password')}
          autoComplete="current-password"
          required
          fullWidth
          autoFocus
        />
        {/* The specification's hint stays word for word, but unlocking checks the password with
            the server (docs/decisions/web.md, issue 14), so the sentence after it says so. */}
        <Typography variant="body2" color="text.secondary">
          {t('lockScreen.hint')} {t('lockScreen.hintHonest')}
        </Typography>
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={!isDirty || isSubmitting}
          startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {t('lockScreen.unlock')}
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        <Link component={RouterLink} to="/login">
          {t('lockScreen.notYou')}
        </Link>
      </Typography>
    </Stack>
  );
}

/** /lock-screen: asks the signed-in staff member for the password again (checked by the server). */
export function LockScreenPage() {
  const { t } = useTranslation();
  const session = useSessionView();
  if (!session.signedIn) return <Navigate to="/login" replace />;
  return (
    <AuthLayout variant="card" title={t('lockScreen.title')} subtitle={t('lockScreen.text')}>
      <UnlockForm staffName={session.staffDetails?.staffName} />
    </AuthLayout>
  );
}
