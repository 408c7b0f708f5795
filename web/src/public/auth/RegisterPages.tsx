import { useTranslation } from 'react-i18next';
import { AuthLayout } from './AuthLayout';
import type { AuthLayoutVariant } from './AuthLayout';
import { RegisterForm } from './RegisterForm';

function Register({
  variant,
  requireTerms,
  signInPath,
}: {
  variant: AuthLayoutVariant;
  requireTerms: boolean;
  signInPath: string;
}) {
  const { t } = useTranslation();
  return (
    <AuthLayout variant={variant} title={t('register.title')} subtitle={t('register.subtitle')}>
      <RegisterForm requireTerms={requireTerms} signInPath={signInPath} />
    </AuthLayout>
  );
}

/** /register. */
export function RegisterPage() {
  return <Register variant="card" requireTerms signInPath="/login" />;
}

/** /register-v2. */
export function RegisterV2Page() {
  return <Register variant="split" requireTerms signInPath="/login-v2" />;
}

/** /register-v3: the variant where agreeing to the terms is optional. */
export function RegisterV3Page() {
  return <Register variant="fullBleed" requireTerms={false} signInPath="/login-v3" />;
}
