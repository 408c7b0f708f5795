import { useRef, useState } from 'react';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { datePattern, formatDate, inputLocale, parseDateInput } from '../dates';

export interface DateFieldProps extends Omit<
  TextFieldProps,
  'value' | 'onChange' | 'type' | 'defaultValue' | 'select'
> {
  /** The date as 'YYYY-MM-DD', or '' / null for none. */
  value: string | null | undefined;
  /**
   * What the field holds now: the date as 'YYYY-MM-DD' when the text is a real date, else null;
   * `text` tells an emptied field ('') from one still being typed.
   */
  onChange: (date: string | null, text: string) => void;
  /** Bounds for the calendar ('YYYY-MM-DD'). */
  min?: string;
  max?: string;
}

/**
 * Every date input of the app: a text field in the order and with the separator the reader's locale
 * writes dates (lib/dates: '16.10.2026' in German, '16/10/2026' in Indian English), the same form
 * the tables show, with a calendar button. The browser's own date input was not used: Chromium
 * formats it by the browser's language, not the app's (a German screen showed mm/dd/yyyy).
 */
export function DateField({ value, onChange, min, max, slotProps, ...rest }: DateFieldProps) {
  const { t } = useTranslation();
  // Latin digits even where the screen writes Devanagari ones (issue 48, point 2): what people type.
  const locale = inputLocale();
  const iso = value ?? '';
  const [text, setText] = useState(() => formatDate(iso, locale));
  // The value and locale the text was last written for: a new value from outside (a reset, the
  // previous-day button) or another language rewrites the text, a value typed here does not.
  const [seen, setSeen] = useState({ iso, locale });
  if (seen.iso !== iso || seen.locale !== locale) {
    setSeen({ iso, locale });
    // A form holding unfinished text ('16.10.') hands it back as its value: that is not news.
    const outside = iso === '' || parseDateInput(iso, locale) === iso;
    const stale = outside && (parseDateInput(text, locale) ?? '') !== iso;
    if (seen.locale !== locale || stale) setText(formatDate(iso, locale));
  }
  const picker = useRef<HTMLInputElement>(null);

  const { order, separator } = datePattern(locale);
  const placeholder = order.map((part) => t(`dateInput.${part}`)).join(separator);

  const take = (typed: string) => {
    const date = parseDateInput(typed, locale);
    setText(typed);
    setSeen({ iso: date ?? iso, locale });
    onChange(date, typed);
  };

  return (
    <TextField
      {...rest}
      value={text}
      placeholder={placeholder}
      autoComplete="off"
      onChange={(event) => take(event.target.value)}
      onBlur={(event) => {
        // A complete date is rewritten the reader's way ('2026-10-16' or '16.10.26' -> '16.10.2026').
        const date = parseDateInput(text, locale);
        if (date !== null) setText(formatDate(date, locale));
        rest.onBlur?.(event);
      }}
      slotProps={{
        ...slotProps,
        inputLabel: { shrink: true },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={{ position: 'relative' }}>
              <IconButton
                edge="end"
                size="small"
                aria-label={t('dateInput.openCalendar')}
                disabled={rest.disabled}
                onClick={() => picker.current?.showPicker?.()}
              >
                <CalendarMonthOutlined fontSize="small" />
              </IconButton>
              {/* The browser's calendar, opened by the button; it is never seen or focused itself. */}
              <input
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden
                value={parseDateInput(text, locale) ?? ''}
                min={min}
                max={max}
                onChange={(event) => {
                  const picked = event.target.value;
                  setText(formatDate(picked, locale));
                  setSeen({ iso: picked, locale });
                  onChange(picked === '' ? null : picked, picked);
                }}
                style={{ position: 'absolute', inset: 0, opacity: 0, pointerEvents: 'none' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
