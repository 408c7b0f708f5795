import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api';
import { errorMessage } from '../../lib/errorMessage';
import { startSession } from '../../lib/session';
import { signIn } from '../../lib/signInApi';
import { CheckboxLabel, ErrorAlert, PasswordInput, SubmitButton, TextInput } from './light/controls';
import { signInProblems } from './light/signInValidation';
import type { SignInField, SignInValues } from './light/signInValidation';

export interface SignInFormProps {
  /** Variants 2 and 3 accept only an email address; variant 1 also a mobile number. */
  strictEmail: boolean;
  /** Where 'Create new account' leads (spec section 2: variant 1 -> /register-v3, 2 -> /register-v2). */
  registerPath: string;
}

const empty: SignInValues = { email: '', password: '', remember: false };
const fields: readonly SignInField[] = ['email', 'password'];

/**
 * The one sign-in form behind all three sign-in layouts, in plain elements (issue 21). It behaves
 * as the react-hook-form forms do: a field is checked once it has been left, then on every change;
 * sending checks all and focuses the first problem; Continue waits for a first change and while
 * sending; the server's field problems land on their fields, any other failure above the form.
 */
export function SignInForm({ strictEmail, registerPath }: SignInFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<SignInValues>(empty);
  const [touched, setTouched] = useState<Partial<Record<SignInField, boolean>>>({});
  const [serverProblems, setServerProblems] = useState<Partial<Record<SignInField, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const inputs = useRef<Partial<Record<SignInField, HTMLInputElement | null>>>({});

  const problems = signInProblems(values, strictEmail);
  const dirty = values.email !== empty.email || values.password !== empty.password || values.remember;
  const shown = (field: SignInField): string | undefined => {
    if (serverProblems[field] !== undefined) return serverProblems[field];
    const key = touched[field] ? problems[field] : undefined;
    return key === undefined ? undefined : t(key as 'validation.required');
  };
  const change = (field: SignInField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerProblems((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ email: true, password: true });
    const first = fields.find((field) => problems[field] !== undefined);
    if (first !== undefined) {
      inputs.current[first]?.focus();
      return;
    }
    setServerError(null);
    setSubmitting(true);
    try {
      const session = await signIn({ ...values, email: values.email.trim() });
      startSession(session);
      await navigate('/app', { replace: true });
    } catch (error) {
      const onFields = fieldProblems(error);
      if (Object.keys(onFields).length > 0) {
        setServerProblems(onFields);
        inputs.current[fields.find((field) => onFields[field] !== undefined)!]?.focus();
      } else {
        setServerError(errorMessage(error));
      }
    } finally {
      setSubmitting(false);
    }
  };

  const fieldProps = (field: SignInField) => ({
    name: field,
    value: values[field],
    error: shown(field),
    inputRef: (input: HTMLInputElement | null) => {
      inputs.current[field] = input;
    },
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    onBlur: () => setTouched((current) => ({ ...current, [field]: true })),
    required: true,
  });

  return (
    <div className="la-stack">
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-label={t('signIn.title')}
        className="la-stack-2"
      >
        {serverError !== null && <ErrorAlert>{serverError}</ErrorAlert>}
        <TextInput
          {...fieldProps('email')}
          label={strictEmail ? t('signIn.email') : t('signIn.emailOrMobile')}
          type={strictEmail ? 'email' : 'text'}
          autoComplete="username"
        />
        <PasswordInput
          {...fieldProps('password')}
          label={t('signIn.password')}
          autoComplete="current-password"
        />
        <div className="la-options">
          <CheckboxLabel
            name="remember"
            label={t('signIn.remember')}
            checked={values.remember}
            onChange={(remember) => setValues((current) => ({ ...current, remember }))}
          />
          <RouterLink to="/reset-password" className="la-link la-body2">
            {t('signIn.forgotPassword')}
          </RouterLink>
        </div>
        <SubmitButton busy={submitting} disabled={!dirty || submitting}>
          {t('signIn.continue')}
        </SubmitButton>
      </form>
      <p className="la-center la-body2">
        {t('signIn.noAccount')}{' '}
        <RouterLink to={registerPath} className="la-link">
          {t('signIn.createAccount')}
        </RouterLink>
      </p>
    </div>
  );
}

/** The server's per-field problems (`details[].path` like `body.email`) for this form's fields. */
function fieldProblems(error: unknown): Partial<Record<SignInField, string>> {
  const found: Partial<Record<SignInField, string>> = {};
  if (!(error instanceof ApiError) || error.details === undefined) return found;
  for (const detail of error.details) {
    const field = detail.path.replace(/^body\./, '') as SignInField;
    if (fields.includes(field) && found[field] === undefined) found[field] = detail.message;
  }
  return found;
}
