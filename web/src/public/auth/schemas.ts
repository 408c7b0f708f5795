import { z } from 'zod';
import { minPasswordLength } from '@app/contract/auth';
import { emailPattern } from '../../lib/emailPattern';

// Messages are i18n keys; lib/forms.ts translates them where they are shown.

const required = 'validation.required';

const email = z.string().trim().min(1, required).regex(emailPattern, 'validation.invalidEmail');
const newPassword = z.string().min(1, required).min(minPasswordLength, 'formErrors.minLength');

export function registerFormSchema(requireTerms: boolean) {
  return z
    .object({
      username: z.string().trim().min(1, required),
      email,
      password: newPassword,
      passwordConfirm: z.string().min(1, required),
      organisationName: z.string().trim(),
      currency: z
        .string()
        .trim()
        .regex(/^[A-Za-z]{3}$/, 'register.currencyInvalid'),
      locale: z.string().trim().min(2, required),
      timezone: z.string().trim().min(1, required),
      terms: requireTerms ? z.boolean().refine((agreed) => agreed, required) : z.boolean(),
    })
    .refine((values) => values.password === values.passwordConfirm, {
      path: ['passwordConfirm'],
      message: 'validation.passwordsDontMatch',
    });
}

export type RegisterValues = z.infer<ReturnType<typeof registerFormSchema>>;

export const forgotPasswordFormSchema = z.object({ email });

export const resetPasswordFormSchema = z
  .object({ newPassword, confirmPassword: z.string().min(1, required) })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordsDontMatch',
  });

export const lockScreenSchema = z.object({ password: z.string().min(1, required) });
