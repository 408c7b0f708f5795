import Chip from '@mui/material/Chip';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

/** Active / Inactive as a small chip. */
export function StatusChip({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={active ? 'success' : 'default'}
      label={active ? t('table.active') : t('table.inactive')}
    />
  );
}

/** Yes / No for a boolean column. */
export function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return <>{value ? t('table.yes') : t('table.no')}</>;
}

/** The status of a row as a switch that saves at once; a chip for readers who may not edit. */
export function StatusSwitch({
  active,
  name,
  onToggle,
  busy,
}: {
  active: boolean;
  name: string;
  onToggle: (() => void) | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation();
  if (onToggle === undefined) return <StatusChip active={active} />;
  const label = active ? t('table.active') : t('table.inactive');
  return (
    <Tooltip title={label}>
      <Switch
        size="small"
        checked={active}
        disabled={busy}
        onChange={onToggle}
        // Space on the focused cell would otherwise also toggle the grid's own handling.
        onKeyDown={(event) => event.stopPropagation()}
        slotProps={{ input: { 'aria-label': t('table.statusOf', { name }) } }}
      />
    </Tooltip>
  );
}
