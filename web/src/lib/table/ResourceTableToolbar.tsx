import { DateField } from '../form/DateField';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchBox } from './SearchBox';
import { useTableSlots } from './tableContext';

/** The Columns button: the grid's own opens its columns panel; icon only on a phone. */
export type ColumnsButton = ComponentType<{ compact: boolean }>;

/**
 * The table's toolbar: search, the resource's filters, columns, CSV export and Add. The grid and
 * the first page drawn before it (FirstPage) both show it, each with its own Columns button.
 */
export function ResourceTableToolbar({ ColumnsButton }: { ColumnsButton: ColumnsButton }) {
  const { t } = useTranslation();
  const state = useTableSlots();
  // On a phone, Columns and Export become icons so the actions fit on one line.
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const exportIcon = state.exporting ? (
    <CircularProgress size={16} color="inherit" aria-hidden />
  ) : (
    <DownloadIcon />
  );
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        p: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <SearchBox value={state.q} onChange={state.setQ} label={t('table.search')} />
      {state.filters.map((filter) =>
        filter.kind === 'date' ? (
          <DateField
            key={filter.name}
            size="small"
            label={filter.label}
            value={state.filterValues[filter.name] ?? ''}
            onChange={(date, text) => {
              if (date !== null || text.trim() === '') state.setFilter(filter.name, date ?? '');
            }}
            sx={{ width: 170, flex: { xs: '1 1 140px', sm: '0 0 auto' } }}
          />
        ) : (
          <TextField
            key={filter.name}
            select
            size="small"
            label={filter.label}
            value={state.filterValues[filter.name] ?? ''}
            onChange={(event) => state.setFilter(filter.name, event.target.value)}
            sx={{ minWidth: 140, flex: { xs: '1 1 140px', sm: '0 0 auto' } }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('table.all')}</MenuItem>
            {filter.options.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        ),
      )}
      {state.toolbarExtra}
      {/* The actions stay together and to the right, also when they wrap onto a line of their own. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, ml: 'auto' }}>
        {compact ? (
          <>
            <ColumnsButton compact />
            {state.onExport !== undefined && (
              <Tooltip title={t('table.export')}>
                <span>
                  <IconButton
                    aria-label={t('table.export')}
                    color="primary"
                    onClick={state.onExport}
                    disabled={state.exporting}
                  >
                    {exportIcon}
                  </IconButton>
                </span>
              </Tooltip>
            )}
          </>
        ) : (
          <>
            <ColumnsButton compact={false} />
            {state.onExport !== undefined && (
              <Button size="small" onClick={state.onExport} disabled={state.exporting} startIcon={exportIcon}>
                {t('table.export')}
              </Button>
            )}
          </>
        )}
        {state.onAdd !== undefined && (
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={state.onAdd}>
            {state.addLabel}
          </Button>
        )}
      </Box>
    </Box>
  );
}
