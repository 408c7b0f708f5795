import { z } from 'zod';
import { currencyField, localeField, timezoneField } from './settings.ts';

/** Texts fixed by the specification (sections 5 and 8) that the API and the web both use. */
export const authMessages = {
  allFieldsRequired: 'All fields are required.',
  passwordsDoNotMatch: 'New Password and Confirm Password do not match.',
  passwordChanged: 'Password changed successfully.',
  resetLinkSent: 'If an account exists for this email, we have sent a reset password link to it.',
  passwordReset: 'Your password has been reset; you can sign in now.',
} as const;

export const minPasswordLength = 8;

const password = z.string().max(200);

export const changePasswordSchema = z.object({
  userId: z.coerce.number().int(),
  oldPassword: password.default(''),
  newPassword: password.default(''),
  confirmPassword: password.default(''),
});

export const registerSchema = z
  .object({
    username: z.string().trim().min(1, 'Required').max(120),
    email: z.string().trim().min(1, 'Required').email('Invalid email').max(200),
    password: z.string().min(minPasswordLength, `At least ${minPasswordLength} characters`).max(200),
    passwordConfirm: z.string().min(1, 'Required').max(200),
    organisationName: z.string().trim().max(120).optional(),
    /**
     * The organisation's defaults (issue 14): the web fills them in from the browser (Intl time
     * zone and language, the currency of the language's region) and the person may change them;
     * left out, the server's defaults apply. The first branch takes the time zone.
     */
    currency: currencyField.optional(),
    locale: localeField.optional(),
    timezone: timezoneField.optional(),
  })
  .refine((v) => v.password === v.passwordConfirm, {
    path: ['passwordConfirm'],
    message: 'Passwords dont match',
  });

export const forgotPasswordSchema = z.object({
  email: z.string().trim().min(1, 'Required').email('Invalid email').max(200),
});

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1).max(200),
    newPassword: z.string().min(minPasswordLength, `At least ${minPasswordLength} characters`).max(200),
    confirmPassword: z.string().max(200),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords dont match',
  });

export const verifyPasswordSchema = z.object({ password: z.string().min(1, 'Required').max(200) });

export const messageSchema = z.object({ message: z.string() });
