import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { register } from '../../lib/authApi';
import { errorMessage } from '../../lib/errorMessage';
import { applyServerFieldErrors, fieldMessage, useFieldProps } from '../../lib/forms';
import { PasswordField } from '../../lib/PasswordField';
import { startSession } from '../../lib/session';
import { registerFormSchema } from './schemas';
import type { RegisterValues } from './schemas';
import { SocialButtons } from './SocialButtons';
import { browserDefaults } from './browserDefaults';

export interface RegisterFormProps {
  /** The terms checkbox is required in two of the three variants (spec section 5). */
  requireTerms: boolean;
  /** Where 'Sign in' leads (spec section 2: the login-v2 and login-v3 links come from here). */
  signInPath: string;
}

const serverFields = [
  'username',
  'email',
  'password',
  'passwordConfirm',
  'organisationName',
  'currency',
  'locale',
  'timezone',
] as const;

function EmailTab({ requireTerms }: { requireTerms: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<RegisterValues>({
    resolver: zodResolver(registerFormSchema(requireTerms)),
    defaultValues: {
      username: '',
      email: '',
      password: '',
      passwordConfirm: '',
      organisationName: '',
      ...browserDefaults(),
      terms: false,
    },
    mode: 'onTouched',
  });
  const field = useFieldProps(form);
  const { isDirty, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ terms: _terms, organisationName, currency, ...values }) => {
    setServerError(null);
    try {
      const chosen = { ...values, currency: currency.toUpperCase() };
      const session = await register(organisationName === '' ? chosen : { ...chosen, organisationName });
      startSession(session);
      await navigate('/app', { replace: true });
    } catch (error) {
      if (!applyServerFieldErrors(error, form, serverFields)) setServerError(errorMessage(error));
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} aria-label={t('register.withEmail')}>
      {serverError !== null && <Alert severity="error">{serverError}</Alert>}
      <TextField
        {...field('username')}
        label={t('register.username')}
        autoComplete="name"
        required
        fullWidth
      />
      <TextField
        {...field('email')}
        label={t('register.email')}
        type="email"
        autoComplete="email"
        required
        fullWidth
      />
      <PasswordField
        {...field('password')}
        label={t('register.password')}
        autoComplete="new-password"
        required
        fullWidth
      />
      <PasswordField
        {...field('passwordConfirm')}
        label={t('register.passwordConfirm')}
        autoComplete="new-password"
        required
        fullWidth
      />
      <TextField
        {...field('organisationName')}
        label={t('register.organisationName')}
        autoComplete="organization"
        fullWidth
      />
      {/* Guessed from the browser; the organisation settings can change them later. */}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField {...field('currency')} label={t('register.currency')} required sx={{ flex: 1 }} />
        <TextField {...field('locale')} label={t('register.locale')} required sx={{ flex: 1 }} />
      </Stack>
      <TextField
        {...field('timezone')}
        label={t('register.timezone')}
        helperText={t('register.defaultsHelp')}
        required
        fullWidth
      />
      <Controller
        control={form.control}
        name="terms"
        render={({ field: terms, fieldState }) => {
          const message = fieldMessage(fieldState.error?.message);
          return (
            <FormControl error={message !== undefined} required={requireTerms}>
              <FormControlLabel
                required={requireTerms}
                label={t('register.agree')}
                control={
                  <Checkbox
                    name={terms.name}
                    checked={terms.value}
                    onChange={(event) => terms.onChange(event.target.checked)}
                    onBlur={terms.onBlur}
                    slotProps={{
                      input: { ref: terms.ref, 'aria-describedby': message ? 'terms-error' : undefined },
                    }}
                  />
                }
              />
              {message !== undefined && <FormHelperText id="terms-error">{message}</FormHelperText>}
            </FormControl>
          );
        }}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={!isDirty || isSubmitting}
        startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      >
        {t('register.submit')}
      </Button>
    </Stack>
  );
}

/** The one registration form behind all three register layouts, with its two tabs. */
export function RegisterForm({ requireTerms, signInPath }: RegisterFormProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState(0);
  return (
    <Stack spacing={3}>
      <Tabs
        value={tab}
        onChange={(_event, value: number) => setTab(value)}
        variant="fullWidth"
        aria-label={t('register.tabsLabel')}
      >
        <Tab label={t('register.withEmail')} id="register-tab-0" aria-controls="register-panel-0" />
        <Tab label={t('register.withSocial')} id="register-tab-1" aria-controls="register-panel-1" />
      </Tabs>
      <Box role="tabpanel" id="register-panel-0" aria-labelledby="register-tab-0" hidden={tab !== 0}>
        {tab === 0 && <EmailTab requireTerms={requireTerms} />}
      </Box>
      <Box role="tabpanel" id="register-panel-1" aria-labelledby="register-tab-1" hidden={tab !== 1}>
        {tab === 1 && (
          <Stack spacing={2}>
            <Alert severity="info">{t('register.socialText')}</Alert>
            <SocialButtons purpose="register" />
          </Stack>
        )}
      </Box>
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        {t('register.haveAccount')}{' '}
        <Link component={RouterLink} to={signInPath}>
          {t('register.signIn')}
        </Link>
      </Typography>
    </Stack>
  );
}
