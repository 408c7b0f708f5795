import { emailPattern } from '../../../lib/emailPattern';

export interface SignInValues {
  email: string;
  password: string;
  remember: boolean;
}

export type SignInField = 'email' | 'password';

/** i18n keys of the field messages, by field; a field without a problem is absent. */
export type SignInProblems = Partial<Record<SignInField, string>>;

/**
 * The sign-in rules of spec section 5, without zod (the sign-in page carries none, issue 21):
 * email/mobile and password required; variants 2 and 3 want a simple email address.
 */
export function signInProblems(values: SignInValues, strictEmail: boolean): SignInProblems {
  const problems: SignInProblems = {};
  const email = values.email.trim();
  if (email === '') problems.email = 'validation.required';
  else if (strictEmail && !emailPattern.test(email)) problems.email = 'validation.invalidEmail';
  if (values.password === '') problems.password = 'validation.required';
  return problems;
}
