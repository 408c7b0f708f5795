import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import ButtonBase from '@mui/material/ButtonBase';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useUiSettings } from '../../lib/uiSettings';
import { OpenedOnce, lazyPart } from '../../lib/lazyPart';

// The drawer's palettes and layouts download when it first opens, not with every screen.
const SettingsDrawer = lazyPart(() => import('./SettingsDrawer'), 'SettingsDrawer');

export interface SettingsToggleProps {
  onClick: () => void;
}

/**
 * The floating button that opens the settings drawer, on the same side as the drawer. Logical
 * insets keep both on the same side under rtl (MUI mirrors the drawer's anchor there).
 */
export function SettingsToggle({ onClick }: SettingsToggleProps) {
  const { t } = useTranslation();
  const { layout } = useUiSettings();
  const atStart = layout === 'right-sidebar';
  return (
    <Tooltip title={t('settings.open')} placement={atStart ? 'right' : 'left'}>
      <ButtonBase
        onClick={onClick}
        aria-label={t('settings.open')}
        aria-haspopup="dialog"
        focusRipple
        sx={{
          position: 'fixed',
          top: '40%',
          ...(atStart ? { insetInlineStart: 0 } : { insetInlineEnd: 0 }),
          zIndex: 'speedDial',
          width: 44,
          height: 44,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          boxShadow: 4,
          ...(atStart
            ? { borderStartEndRadius: 22, borderEndEndRadius: 22 }
            : { borderStartStartRadius: 22, borderEndStartRadius: 22 }),
          '&:hover': { bgcolor: 'primary.dark' },
          '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'text.primary' },
          '& svg': {
            animation: 'settings-spin 8s linear infinite',
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          },
          '@keyframes settings-spin': {
            from: { transform: 'rotate(0deg)' },
            to: { transform: 'rotate(360deg)' },
          },
        }}
      >
        <SettingsOutlined aria-hidden />
      </ButtonBase>
    </Tooltip>
  );
}

export interface SettingsPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Whether the floating toggle shows. On phones it would cover the page's actions (issue 14: 'ADD
   * STAFF' clipped), so there the menu drawer opens the settings instead.
   */
  floating: boolean;
}

/** Toggle and drawer together: what the frame mounts. */
export function SettingsPanel({ open, onOpenChange, floating }: SettingsPanelProps) {
  return (
    <>
      {floating && !open && <SettingsToggle onClick={() => onOpenChange(true)} />}
      <OpenedOnce open={open}>
        <SettingsDrawer open={open} onClose={() => onOpenChange(false)} />
      </OpenedOnce>
    </>
  );
}
