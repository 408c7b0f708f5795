import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { TextFieldProps } from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useTranslation } from 'react-i18next';

/** A password input with the show/hide toggle of the auth forms (spec section 4). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'variant'>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const { slotProps, ...rest } = props;
  return (
    <TextField
      {...rest}
      type={shown ? 'text' : 'password'}
      slotProps={{
        ...slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={shown ? t('auth.hidePassword') : t('auth.showPassword')}
                aria-pressed={shown}
                onClick={() => setShown((value) => !value)}
                // Keeps the caret in the field while the toggle is clicked.
                onMouseDown={(event) => event.preventDefault()}
                edge="end"
              >
                {shown ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
