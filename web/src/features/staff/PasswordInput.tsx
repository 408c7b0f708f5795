import { minPasswordLength } from '@app/contract/auth';
import { useController } from 'react-hook-form';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldId } from '../../lib/form/fields';
import type { FieldProps } from '../../lib/form/fields';
import { displayMessage } from '../../lib/form/messages';
import { PasswordField } from '../../lib/PasswordField';
import { passwordTooShort } from './staffFormSchema';

/** A form's password with the show/hide toggle; the contract's length rule in the reader's words. */
export function PasswordInput<T extends FieldValues>(props: FieldProps<T> & { autoComplete?: string }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const raw = fieldState.error?.message;
  const message =
    raw === passwordTooShort ? t('staff.passwordMin', { min: minPasswordLength }) : displayMessage(raw);
  return (
    <PasswordField
      id={fieldId(props.name)}
      label={props.label}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      name={field.name}
      inputRef={field.ref}
      error={message !== undefined}
      helperText={message ?? props.helperText}
      required={props.required}
      autoFocus={props.autoFocus}
      autoComplete={props.autoComplete ?? 'new-password'}
      fullWidth
    />
  );
}
