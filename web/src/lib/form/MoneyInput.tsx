import { useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { parseMoney } from '@app/contract/money';
import { useController } from 'react-hook-form';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldId } from './fields';
import type { FieldProps } from './fields';
import { displayMessage } from './messages';
import { moneyInputText, useOrgMoney } from './money';

/**
 * What was typed as minor units: undefined when empty, NaN when it is not an amount (the schema
 * then reports it), otherwise the integer number of minor units.
 */
export function moneyValue(text: string, fractionDigits: number): number | undefined {
  if (text.trim() === '') return undefined;
  return parseMoney(text, fractionDigits) ?? Number.NaN;
}

function textOf(value: unknown, digits: number): string {
  return typeof value === 'number' && Number.isFinite(value) ? moneyInputText(value, digits) : '';
}

/**
 * An amount of the organisation's currency, typed the way people write it ('1,500.50', '1500');
 * the form holds integer minor units (150050). The text is tidied when the field is left.
 */
export function MoneyInput<T extends FieldValues>(props: FieldProps<T>) {
  useTranslation();
  const money = useOrgMoney();
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const [text, setText] = useState(() => textOf(field.value, money.digits));
  const [seen, setSeen] = useState<unknown>(field.value);
  if (!Object.is(field.value, seen)) {
    // Changed from outside (a reset): show the new amount.
    setSeen(field.value);
    if (!Object.is(moneyValue(text, money.digits), field.value)) setText(textOf(field.value, money.digits));
  }
  const message = displayMessage(fieldState.error?.message);
  return (
    <TextField
      id={fieldId(props.name)}
      label={props.label}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        const value = moneyValue(event.target.value, money.digits);
        setSeen(value);
        field.onChange(value);
      }}
      onBlur={() => {
        const value = moneyValue(text, money.digits);
        if (value !== undefined && Number.isFinite(value)) setText(moneyInputText(value, money.digits));
        field.onBlur();
      }}
      name={field.name}
      inputRef={field.ref}
      error={message !== undefined}
      helperText={message ?? props.helperText}
      required={props.required}
      disabled={props.disabled}
      autoFocus={props.autoFocus}
      autoComplete="off"
      fullWidth
      slotProps={{
        htmlInput: { inputMode: 'decimal' },
        input: { startAdornment: <InputAdornment position="start">{money.symbol}</InputAdornment> },
      }}
    />
  );
}
