import { useEffect, useState } from 'react';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** How long typing must pause before the search runs. */
export const searchDebounceMs = 300;

/**
 * A search field that reports what was typed once typing pauses (Enter and leaving the field report
 * at once). It follows changes of `value` made elsewhere, e.g. a 'Clear' button or the browser's
 * back button.
 */
export function SearchBox({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [outside, setOutside] = useState(value);
  if (value !== outside) {
    setOutside(value);
    setText(value);
  }

  useEffect(() => {
    if (text === value) return undefined;
    const timer = window.setTimeout(() => onChange(text), searchDebounceMs);
    return () => window.clearTimeout(timer);
  }, [text, value, onChange]);

  return (
    <TextField
      type="search"
      size="small"
      label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          onChange(text);
        }
      }}
      // Leaving the field searches at once, so nothing typed waits on a timer nobody sees.
      onBlur={() => {
        if (text !== value) onChange(text);
      }}
      sx={{
        flex: { xs: '1 1 100%', sm: '0 1 280px' },
        // The browser's own clear cross would double the one below.
        '& input::-webkit-search-cancel-button': { display: 'none' },
      }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" aria-hidden />
            </InputAdornment>
          ),
          endAdornment:
            text === '' ? undefined : (
              <InputAdornment position="end">
                <IconButton
                  size="small"
                  edge="end"
                  aria-label={t('table.clearSearch')}
                  onClick={() => {
                    setText('');
                    onChange('');
                  }}
                >
                  <ClearIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
        },
      }}
    />
  );
}
