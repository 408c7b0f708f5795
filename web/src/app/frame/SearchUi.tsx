import { useMemo, useState } from 'react';
import SearchIcon from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { searchMenu } from '@app/contract/menu';
import type { MenuEntry } from '@app/contract/menu';
import { menuLabel } from '../menu/menuLabel';
import { useMenuOptions, usePermissions } from './useFrameMenu';

/** The name with the part matching the query in bold. */
export function Highlighted({ text, query }: { text: string; query: string }) {
  const needle = query.trim().toLocaleLowerCase();
  const at = needle === '' ? -1 : text.toLocaleLowerCase().indexOf(needle);
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <strong>{text.slice(at, at + needle.length)}</strong>
      {text.slice(at + needle.length)}
    </>
  );
}

export interface SearchUiProps {
  /** In the phone's menu drawer (on paper) instead of on the coloured header. */
  inDrawer?: boolean;
  /** Called after a suggestion was chosen (the drawer closes). */
  onNavigate?: () => void;
}

/** The header's 'Search UI' box: at most 5 visible menu entries; choosing one navigates to it. */
export function SearchUi({ inDrawer = false, onNavigate }: SearchUiProps = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const permissions = usePermissions();
  const menuOptions = useMenuOptions();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const options = useMemo(
    () => searchMenu(query, permissions, (entry) => menuLabel(t, entry), menuOptions),
    [query, permissions, t, menuOptions],
  );

  return (
    <Autocomplete<MenuEntry, false, false, false>
      size="small"
      options={options}
      value={null}
      inputValue={query}
      onInputChange={(_event, value, reason) => {
        if (reason === 'reset') return;
        setQuery(value);
        setOpen(true);
      }}
      onChange={(_event, entry) => {
        if (entry?.link !== undefined) {
          setQuery('');
          void navigate(entry.link);
          onNavigate?.();
        }
      }}
      filterOptions={(list) => list}
      getOptionLabel={(entry) => menuLabel(t, entry)}
      isOptionEqualToValue={(a, b) => a.key === b.key}
      noOptionsText={t('frame.searchNoResults')}
      open={open && query.trim() !== ''}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      forcePopupIcon={false}
      // Inside the drawer (a modal) the list must stay in the drawer's part of the page.
      disablePortal={inDrawer}
      autoHighlight
      renderOption={(props, entry) => {
        const { key, ...rest } = props;
        return (
          <Box component="li" key={key} {...rest}>
            <Highlighted text={menuLabel(t, entry)} query={query} />
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          placeholder={t('frame.searchUi')}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': t('frame.searchUi') },
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <InputAdornment position="start" sx={{ color: 'inherit' }}>
                  <SearchIcon fontSize="small" aria-hidden />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
      sx={
        inDrawer
          ? { width: '100%', '& .MuiInputBase-root': { borderRadius: 2 } }
          : {
              width: { md: 200, lg: 240 },
              '& .MuiInputBase-root': {
                color: 'inherit',
                bgcolor: (theme) => alpha(theme.palette.common.white, 0.15),
                borderRadius: 2,
              },
              '& .MuiOutlinedInput-notchedOutline': { border: 'none' },
              '& input::placeholder': { color: 'inherit', opacity: 0.8 },
            }
      }
    />
  );
}
