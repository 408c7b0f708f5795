import { useId, useState } from 'react';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'id'> & {
  label: string;
  /** The field's message, shown under it and announced with it; the field is then invalid. */
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  end?: ReactNode;
};

/** MUI's outlined TextField in plain elements: a floating label, a notched outline, a helper line. */
export function TextInput({ label, error, inputRef, end, required, value, ...input }: InputProps) {
  const id = useId();
  const [focused, setFocused] = useState(false);
  const shrink = focused || (typeof value === 'string' && value !== '');
  const helperId = `${id}-helper`;
  return (
    <div className={`la-field${shrink ? ' la-shrink' : ''}${error === undefined ? '' : ' la-error'}`}>
      <label htmlFor={id} className="la-label">
        {label}
        {required && <span aria-hidden="true">{'\u2009*'}</span>}
      </label>
      <div className={`la-input-root${end === undefined ? '' : ' la-with-end'}`}>
        <input
          {...input}
          id={id}
          ref={inputRef}
          value={value}
          required={required}
          className="la-input"
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? undefined : helperId}
          onFocus={(event) => {
            setFocused(true);
            input.onFocus?.(event);
          }}
          onBlur={(event) => {
            setFocused(false);
            input.onBlur?.(event);
          }}
        />
        {end}
        <fieldset aria-hidden="true" className="la-outline">
          <legend>
            <span>
              {label}
              {required && '\u2009*'}
            </span>
          </legend>
        </fieldset>
      </div>
      {error !== undefined && (
        <p id={helperId} className="la-helper">
          {error}
        </p>
      )}
    </div>
  );
}

/** The password input with its show/hide toggle (spec section 4), as lib/PasswordField. */
export function PasswordInput(props: Omit<InputProps, 'type' | 'end'>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextInput
      {...props}
      type={shown ? 'text' : 'password'}
      end={
        <button
          type="button"
          className="la-icon-button"
          aria-label={shown ? t('auth.hidePassword') : t('auth.showPassword')}
          aria-pressed={shown}
          onClick={() => setShown((value) => !value)}
          // Keeps the caret in the field while the toggle is clicked.
          onMouseDown={(event) => event.preventDefault()}
        >
          <Icon path={shown ? 'visibilityOff' : 'visibility'} />
        </button>
      }
    />
  );
}

export function CheckboxLabel({
  label,
  checked,
  onChange,
  name,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  name: string;
}) {
  return (
    <label className="la-check-label">
      <span className={`la-check${checked ? ' la-checked' : ''}`}>
        <input
          type="checkbox"
          name={name}
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />
        <Icon path={checked ? 'checkBox' : 'checkBoxBlank'} />
      </span>
      <span>{label}</span>
    </label>
  );
}

export function SubmitButton({
  busy,
  disabled,
  children,
}: {
  busy: boolean;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <button type="submit" className="la-button la-contained" disabled={disabled}>
      {busy && (
        <svg className="la-spinner" viewBox="22 22 44 44" aria-hidden="true">
          <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
        </svg>
      )}
      {children}
    </button>
  );
}

export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="la-alert la-body2">
      <Icon path="errorOutline" />
      <div className="la-alert-message">{children}</div>
    </div>
  );
}
