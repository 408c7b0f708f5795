import { useState } from 'react';
import type { ReactNode } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Box from '@mui/material/Box';
import { useController } from 'react-hook-form';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSessionView } from '../useSession';
import { DateField } from './DateField';
import { displayMessage } from './messages';

export interface FieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** The id of a field's input, stable per form field; tests and labels find fields by it. */
export function fieldId(name: string): string {
  return `field-${name.replace(/\./g, '-')}`;
}

function useField<T extends FieldValues>(props: FieldProps<T>) {
  useTranslation(); // follows the language, so messages re-translate
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const message = displayMessage(fieldState.error?.message);
  return {
    field,
    error: message !== undefined,
    helperText: message ?? props.helperText,
  };
}

export function TextInput<T extends FieldValues>(
  props: FieldProps<T> & { multiline?: boolean; autoComplete?: string; placeholder?: string },
) {
  const { field, error, helperText } = useField(props);
  return (
    <TextField
      id={fieldId(props.name)}
      label={props.label}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      name={field.name}
      inputRef={field.ref}
      error={error}
      helperText={helperText}
      required={props.required}
      disabled={props.disabled}
      autoFocus={props.autoFocus}
      multiline={props.multiline}
      minRows={props.multiline ? 2 : undefined}
      autoComplete={props.autoComplete ?? 'off'}
      placeholder={props.placeholder}
      fullWidth
    />
  );
}

/** Text as a number: '' is no number (undefined), anything unreadable is NaN (the schema says so). */
export function parseNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^-?\d*\.?\d+$|^-?\d+\.$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

function numberText(value: unknown): string {
  return typeof value === 'number' && !Number.isNaN(value) ? String(value) : '';
}

export function NumberInput<T extends FieldValues>(
  props: FieldProps<T> & { unit?: string; decimals?: boolean; placeholder?: string },
) {
  const { field, error, helperText } = useField(props);
  // What was typed, kept as typed ('2.' while on the way to '2.5').
  const [text, setText] = useState(() => numberText(field.value));
  const [seen, setSeen] = useState<unknown>(field.value);
  if (!Object.is(field.value, seen)) {
    setSeen(field.value);
    if (!Object.is(parseNumber(text), field.value)) setText(numberText(field.value));
  }
  return (
    <TextField
      id={fieldId(props.name)}
      label={props.label}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        const value = parseNumber(event.target.value);
        setSeen(value);
        field.onChange(value);
      }}
      onBlur={field.onBlur}
      name={field.name}
      inputRef={field.ref}
      error={error}
      helperText={helperText}
      required={props.required}
      disabled={props.disabled}
      autoFocus={props.autoFocus}
      placeholder={props.placeholder}
      autoComplete="off"
      fullWidth
      slotProps={{
        htmlInput: { inputMode: props.decimals ? 'decimal' : 'numeric' },
        input:
          props.unit === undefined
            ? undefined
            : { endAdornment: <InputAdornment position="end">{props.unit}</InputAdornment> },
      }}
    />
  );
}

export interface SelectOption<V> {
  value: V;
  label: string;
}

/**
 * A single choice. Options carry typed values (numbers, booleans, null); the form receives the value
 * itself. With `emptyLabel`, a first option stands for null.
 */
export function SelectInput<T extends FieldValues, V extends string | number | boolean>(
  props: FieldProps<T> & { options: readonly SelectOption<V>[]; emptyLabel?: string },
) {
  const { field, error, helperText } = useField(props);
  const index = props.options.findIndex((option) => option.value === field.value);
  const current = index >= 0 ? String(index) : '';
  return (
    <TextField
      select
      id={fieldId(props.name)}
      label={props.label}
      value={current}
      onChange={(event) => {
        const chosen = props.options[Number(event.target.value)];
        field.onChange(event.target.value === '' || chosen === undefined ? null : chosen.value);
      }}
      onBlur={field.onBlur}
      name={field.name}
      inputRef={field.ref}
      error={error}
      helperText={helperText}
      required={props.required}
      disabled={props.disabled}
      fullWidth
      slotProps={{
        select: { displayEmpty: props.emptyLabel !== undefined },
        inputLabel: props.emptyLabel !== undefined ? { shrink: true } : undefined,
      }}
    >
      {props.emptyLabel !== undefined && (
        <MenuItem value="">
          <em>{props.emptyLabel}</em>
        </MenuItem>
      )}
      {props.options.map((option, i) => (
        <MenuItem key={String(option.value)} value={String(i)}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function SwitchInput<T extends FieldValues>(props: FieldProps<T>) {
  const { field, error, helperText } = useField(props);
  return (
    <Box>
      <FormControlLabel
        label={props.label}
        disabled={props.disabled}
        control={
          <Switch
            id={fieldId(props.name)}
            checked={field.value === true}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            name={field.name}
            slotProps={{ input: { ref: field.ref } }}
          />
        }
      />
      {helperText !== undefined && (
        <FormHelperText error={error} sx={{ mt: -0.5, ml: 0 }}>
          {helperText}
        </FormHelperText>
      )}
    </Box>
  );
}

/**
 * The browser's own time picker on a text field: `parse` turns what it gives (always text, '' when
 * emptied) into the form's value. Times show their seconds (step 1). Dates use DateField instead.
 */
function PickerInput<T extends FieldValues>(
  props: FieldProps<T> & { type: 'time'; parse: (text: string) => string | null },
) {
  const { field, error, helperText } = useField(props);
  return (
    <TextField
      type={props.type}
      id={fieldId(props.name)}
      label={props.label}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(event) => field.onChange(props.parse(event.target.value))}
      onBlur={field.onBlur}
      name={field.name}
      inputRef={field.ref}
      error={error}
      helperText={helperText}
      required={props.required}
      disabled={props.disabled}
      fullWidth
      slotProps={{ htmlInput: { step: 1 }, inputLabel: { shrink: true } }}
    />
  );
}

/**
 * A calendar date as 'YYYY-MM-DD', typed the reader's way (DateField); an emptied field is null,
 * unfinished text stays as typed so the schema calls it no date.
 */
export function DateInput<T extends FieldValues>(props: FieldProps<T>) {
  const { field, error, helperText } = useField(props);
  return (
    <DateField
      id={fieldId(props.name)}
      label={props.label}
      value={field.value as string | null | undefined}
      onChange={(date, text) => field.onChange(date ?? (text.trim() === '' ? null : text))}
      onBlur={field.onBlur}
      name={field.name}
      inputRef={field.ref}
      error={error}
      helperText={helperText}
      required={props.required}
      disabled={props.disabled}
      fullWidth
    />
  );
}

/** 'HH:MM' (what a browser gives when the seconds are zero) as 'HH:MM:SS'; '' as null. */
export function normaliseTime(text: string): string | null {
  if (text === '') return null;
  return /^\d{2}:\d{2}$/.test(text) ? `${text}:00` : text;
}

/** A time of day as 'HH:MM:SS', or null when left empty. */
export function TimeInput<T extends FieldValues>(props: FieldProps<T>) {
  return <PickerInput {...props} type="time" parse={normaliseTime} />;
}

/**
 * Branches as a list of ids, from the branches of the session; no choice at all means every
 * branch (null), as the API takes it.
 */
export function BranchMultiSelect<T extends FieldValues>(props: FieldProps<T> & { allLabel: string }) {
  const { field, error, helperText } = useField(props);
  const { branches } = useSessionView();
  const ids = Array.isArray(field.value) ? (field.value as number[]) : [];
  const chosen = ids.map((id) => branches.find((b) => b.id === id) ?? { id, name: `#${id}` });
  return (
    <Autocomplete
      multiple
      id={fieldId(props.name)}
      options={branches}
      value={chosen}
      getOptionLabel={(branch) => branch.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_event, value) => field.onChange(value.length === 0 ? null : value.map((b) => b.id))}
      onBlur={field.onBlur}
      disabled={props.disabled}
      filterSelectedOptions
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={props.label}
          placeholder={ids.length === 0 ? props.allLabel : undefined}
          error={error}
          helperText={helperText}
          slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }}
        />
      )}
    />
  );
}

/**
 * One string from a long list the browser knows (time zones, currencies), typed to search. The
 * list is read once per field.
 */
export function ListInput<T extends FieldValues>(
  props: FieldProps<T> & { options: () => readonly string[] },
) {
  const { field, error, helperText } = useField(props);
  const [options] = useState(props.options);
  return (
    <Autocomplete
      options={options}
      value={(field.value as string | undefined) ?? ''}
      onChange={(_event, value) => field.onChange(value ?? '')}
      onBlur={field.onBlur}
      disableClearable
      autoHighlight
      disabled={props.disabled}
      fullWidth
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          name={field.name}
          id={fieldId(props.name)}
          label={props.label}
          required={props.required}
          error={error}
          helperText={helperText}
        />
      )}
    />
  );
}
