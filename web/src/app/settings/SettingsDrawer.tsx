import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useUiSettings } from '../../lib/uiSettings';
import { LayoutTab } from './LayoutTab';
import { ThemeTab } from './ThemeTab';

/** UI.md, Settings drawer. */
export const settingsDrawerWidth = 320;

const tabs = ['theme', 'layout'] as const;
type SettingsTab = (typeof tabs)[number];

export interface SettingsDrawerProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The theme and layout settings. It sits on the inline end of the page, and on the start in the
 * right-sidebar layout, where the end is taken by the menu (MUI mirrors the anchor under rtl).
 */
export function SettingsDrawer({ open, onClose }: SettingsDrawerProps) {
  const { t } = useTranslation();
  const { layout } = useUiSettings();
  const [tab, setTab] = useState<SettingsTab>('theme');
  const id = useId();
  const titleId = `${id}-title`;

  return (
    <Drawer
      anchor={layout === 'right-sidebar' ? 'left' : 'right'}
      open={open}
      onClose={onClose}
      // A temporary Drawer sits at zIndex.drawer, below the app bar (drawer + 1, for the clipped
      // side menu): the bar covered this drawer's title and close button, so clicks on the close
      // button landed on the account menu. As a modal dialog it belongs above the bar.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: {
          sx: { width: settingsDrawerWidth, maxWidth: '100vw' },
          role: 'dialog',
          'aria-labelledby': titleId,
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5, gap: 1 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('settings.title')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('settings.close')} edge="end">
          <Close />
        </IconButton>
      </Box>
      <Divider />
      <Tabs
        value={tab}
        onChange={(_event, value: SettingsTab) => setTab(value)}
        variant="fullWidth"
        aria-label={t('settings.tabsLabel')}
      >
        {tabs.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`settings.${name}`)}
            id={`${id}-tab-${name}`}
            aria-controls={`${id}-panel-${name}`}
          />
        ))}
      </Tabs>
      <Divider />
      {tabs.map((name) => (
        <TabPanel
          key={name}
          id={`${id}-panel-${name}`}
          labelledBy={`${id}-tab-${name}`}
          hidden={tab !== name}
        >
          {name === 'theme' ? <ThemeTab /> : <LayoutTab />}
        </TabPanel>
      ))}
    </Drawer>
  );
}

function TabPanel(props: { id: string; labelledBy: string; hidden: boolean; children: ReactNode }) {
  return (
    <Box
      role="tabpanel"
      id={props.id}
      aria-labelledby={props.labelledBy}
      hidden={props.hidden}
      sx={{ p: 2, overflowY: 'auto' }}
    >
      {!props.hidden && props.children}
    </Box>
  );
}
