import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { signIn } from '../../lib/authApi';
import { errorMessage } from '../../lib/errorMessage';
import { applyServerFieldErrors, useFieldProps } from '../../lib/forms';
import { PasswordField } from '../../lib/PasswordField';
import { startSession } from '../../lib/session';
import { signInSchema } from './schemas';
import type { SignInValues } from './schemas';
import { SocialButtons } from './SocialButtons';

export interface SignInFormProps {
  /** Variants 2 and 3 accept only an email address; variant 1 also a mobile number. */
  strictEmail: boolean;
  /** Where 'Create new account' leads (spec section 2: variant 1 -> /register-v3, 2 -> /register-v2). */
  registerPath: string;
}

/** The one sign-in form behind all three sign-in layouts. */
export function SignInForm({ strictEmail, registerPath }: SignInFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema(strictEmail)),
    defaultValues: { email: '', password: '', remember: false },
    mode: 'onTouched',
  });
  const field = useFieldProps(form);
  const { isDirty, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const session = await signIn(values);
      startSession(session);
      await navigate('/app', { replace: true });
    } catch (error) {
      if (!applyServerFieldErrors(error, form, ['email', 'password'])) setServerError(errorMessage(error));
    }
  });

  return (
    <Stack spacing={3}>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} aria-label={t('signIn.title')}>
        {serverError !== null && <Alert severity="error">{serverError}</Alert>}
        <TextField
          {...field('email')}
          label={strictEmail ? t('signIn.email') : t('signIn.emailOrMobile')}
          type={strictEmail ? 'email' : 'text'}
          autoComplete="username"
          required
          fullWidth
        />
        <PasswordField
          {...field('password')}
          label={t('signIn.password')}
          autoComplete="current-password"
          required
          fullWidth
        />
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            flexWrap: 'wrap',
            columnGap: 2,
          }}
        >
          <Controller
            control={form.control}
            name="remember"
            render={({ field: remember }) => (
              <FormControlLabel
                label={t('signIn.remember')}
                control={
                  <Checkbox
                    name={remember.name}
                    checked={remember.value}
                    onChange={(event) => remember.onChange(event.target.checked)}
                    onBlur={remember.onBlur}
                    slotProps={{ input: { ref: remember.ref } }}
                  />
                }
              />
            )}
          />
          <Link component={RouterLink} to="/reset-password" variant="body2">
            {t('signIn.forgotPassword')}
          </Link>
        </Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={!isDirty || isSubmitting}
          startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {t('signIn.continue')}
        </Button>
      </Stack>
      <Divider>
        <Typography variant="body2" color="text.secondary">
          {t('signIn.orWith')}
        </Typography>
      </Divider>
      <SocialButtons purpose="signIn" />
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        {t('signIn.noAccount')}{' '}
        <Link component={RouterLink} to={registerPath}>
          {t('signIn.createAccount')}
        </Link>
      </Typography>
    </Stack>
  );
}
