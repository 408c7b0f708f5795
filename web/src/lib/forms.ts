import { useCallback } from 'react';
import { minPasswordLength } from '@app/contract/auth';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import i18n from './i18n';
import { ApiError } from './api';
import { saidInLanguage } from './errorMessage';

/**
 * Form schemas carry i18n keys as their messages ('validation.required'); the server's field
 * messages arrive as sentences. Either is turned into what the reader sees here.
 */
export function fieldMessage(message: string | undefined): string | undefined {
  if (message === undefined || message === '') return undefined;
  if (!i18n.exists(message)) return message;
  // The key is known to exist; the cast only widens i18next's key type for a runtime string.
  return i18n.t(message as 'validation.required', { min: minPasswordLength });
}

/** The props a MUI TextField needs to take part in a react-hook-form form, error text included. */
export function useFieldProps<T extends FieldValues>(form: UseFormReturn<T>) {
  // Subscribes to language changes so translated error texts follow the language.
  useTranslation();
  const { register, formState } = form;
  const errors = formState.errors;
  return useCallback(
    (name: FieldPath<T>) => {
      const { ref, ...rest } = register(name);
      const error = errors[name];
      const message =
        error !== undefined && typeof error.message === 'string' ? fieldMessage(error.message) : undefined;
      return {
        ...rest,
        inputRef: ref,
        id: `field-${name}`,
        error: message !== undefined,
        helperText: message,
      };
    },
    [register, errors],
  );
}

/**
 * Puts the server's per-field problems (`details[].path` like `body.email`) on the form's fields.
 * Returns whether any landed, so the caller can fall back to a general message.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  form: Pick<UseFormReturn<T>, 'setError'>,
  fields: readonly FieldPath<T>[],
): boolean {
  if (!(error instanceof ApiError) || error.details === undefined) return false;
  let applied = false;
  for (const detail of error.details) {
    const field = detail.path.replace(/^body\./, '') as FieldPath<T>;
    if (fields.includes(field)) {
      form.setError(field, { type: 'server', message: saidInLanguage(detail) }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}
