import { useTranslation } from 'react-i18next';
import type { AuthLayoutVariant } from './AuthLayout';
import { LightAuthLayout } from './light/LightAuthLayout';
import { SignInForm } from './SignInForm';

function SignIn({
  variant,
  strictEmail,
  registerPath,
}: {
  variant: AuthLayoutVariant;
  strictEmail: boolean;
  registerPath: string;
}) {
  const { t } = useTranslation();
  return (
    <LightAuthLayout variant={variant} title={t('signIn.title')} subtitle={t('signIn.subtitle')}>
      <SignInForm strictEmail={strictEmail} registerPath={registerPath} />
    </LightAuthLayout>
  );
}

/** / and /login. */
export function SignInPage() {
  return <SignIn variant="card" strictEmail={false} registerPath="/register-v3" />;
}

/** /login-v2. */
export function SignInV2Page() {
  return <SignIn variant="split" strictEmail registerPath="/register-v2" />;
}

/** /login-v3. */
export function SignInV3Page() {
  return <SignIn variant="fullBleed" strictEmail registerPath="/register" />;
}
