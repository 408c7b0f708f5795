import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../api';
import { errorMessage, saidInLanguage } from '../errorMessage';

/** `body.lines.0.amount` -> `lines.0.amount`; a path outside the body has no field. */
export function fieldOfPath(path: string): string | null {
  if (!path.startsWith('body.')) return null;
  const field = path.slice('body.'.length);
  return field === '' ? null : field;
}

/**
 * Puts the server's per-field problems on the form's fields (the first one gets the focus) and
 * returns what is left for a general message: the server's sentence when a problem has no field
 * in this form, or null when every problem found its field.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
): string | null {
  if (!(error instanceof ApiError) || error.details === undefined || error.details.length === 0) {
    return errorMessage(error);
  }
  let placed = 0;
  const unplaced: string[] = [];
  for (const detail of error.details) {
    const field = fieldOfPath(detail.path);
    // A field the form holds has a value (possibly null or ''); undefined means no such field.
    if (field !== null && form.getValues(field as FieldPath<T>) !== undefined) {
      form.setError(
        field as FieldPath<T>,
        { type: 'server', message: saidInLanguage(detail) },
        { shouldFocus: placed === 0 },
      );
      placed += 1;
    } else {
      unplaced.push(saidInLanguage(detail));
    }
  }
  if (unplaced.length === 0) return null;
  return placed === 0 ? errorMessage(error) : unplaced.join(' ');
}
