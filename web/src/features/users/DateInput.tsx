import TextField from '@mui/material/TextField';
import { useController } from 'react-hook-form';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldId } from '../../lib/form/fields';
import type { FieldProps } from '../../lib/form/fields';
import { displayMessage } from '../../lib/form/messages';

/** A calendar date as 'YYYY-MM-DD' (the browser's date picker); an emptied field is null. */
export function DateInput<T extends FieldValues>(props: FieldProps<T>) {
  useTranslation(); // follows the language, so messages re-translate
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const message = displayMessage(fieldState.error?.message);
  return (
    <TextField
      type="date"
      id={fieldId(props.name)}
      label={props.label}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.value)}
      onBlur={field.onBlur}
      name={field.name}
      inputRef={field.ref}
      error={message !== undefined}
      helperText={message ?? props.helperText}
      required={props.required}
      disabled={props.disabled}
      fullWidth
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}
