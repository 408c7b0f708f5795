import type { ReactNode } from 'react';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { SearchUi } from './SearchUi';

export interface MobileDrawerToolsProps {
  /** The language switch, handed in by the frame that owns it. */
  languageSwitch: ReactNode;
  /** Closes the drawer after a search result was chosen. */
  onNavigate: () => void;
  onOpenSettings: () => void;
}

/**
 * What the header shows on wide screens, in the menu drawer on phones and small tablets: the
 * 'Search UI' box, the language and the settings (the floating toggle would cover the page there).
 */
export function MobileDrawerTools({ languageSwitch, onNavigate, onOpenSettings }: MobileDrawerToolsProps) {
  const { t } = useTranslation();
  return (
    <Box data-testid="drawer-tools" sx={{ px: 2, pb: 1.5, display: 'grid', gap: 1.5 }}>
      <SearchUi inDrawer onNavigate={onNavigate} />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        {languageSwitch}
        <Button size="small" startIcon={<SettingsOutlined />} onClick={onOpenSettings} aria-haspopup="dialog">
          {t('drawerTools.settings')}
        </Button>
      </Box>
    </Box>
  );
}
