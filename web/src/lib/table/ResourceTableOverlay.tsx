import AddIcon from '@mui/icons-material/Add';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import SearchOff from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTableSlots } from './tableContext';

function Overlay({ icon, children, role }: { icon: ReactNode; children: ReactNode; role?: string }) {
  return (
    <Box
      role={role}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 1,
        p: 2,
      }}
    >
      {icon}
      {children}
    </Box>
  );
}

/**
 * What the grid shows without rows: the server's message when loading failed, 'No results' when a
 * search or filter matches nothing, or an invitation to add the first row.
 */
export function ResourceTableOverlay() {
  const { t } = useTranslation();
  const state = useTableSlots();

  if (state.error !== null) {
    return (
      <Overlay role="alert" icon={<ErrorOutline color="error" sx={{ fontSize: 40 }} aria-hidden />}>
        <Typography>{state.error}</Typography>
        <Button variant="outlined" size="small" onClick={state.retry}>
          {t('table.retry')}
        </Button>
      </Overlay>
    );
  }

  if (state.narrowed) {
    const q = state.q.trim();
    return (
      <Overlay icon={<SearchOff color="disabled" sx={{ fontSize: 40 }} aria-hidden />}>
        <Typography>{q === '' ? t('table.noResultsFiltered') : t('table.noResults', { q })}</Typography>
        <Button variant="outlined" size="small" onClick={state.clearSearch}>
          {t('table.clear')}
        </Button>
      </Overlay>
    );
  }

  return (
    <Overlay icon={<InboxOutlined color="disabled" sx={{ fontSize: 40 }} aria-hidden />}>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 500 }}>
        {state.emptyTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 420 }}>
        {state.emptyText}
      </Typography>
      {state.onAdd !== undefined && (
        <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={state.onAdd}>
          {state.addLabel}
        </Button>
      )}
    </Overlay>
  );
}
