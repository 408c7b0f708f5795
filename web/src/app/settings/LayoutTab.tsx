import Check from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { layouts, updateUiSettings, useUiSettings } from '../../lib/uiSettings';
import type { Layout } from '../../lib/uiSettings';
import { SettingsSection } from './ThemeTab';

const layoutLabelKeys = {
  'left-sidebar': 'settings.layouts.leftSidebar',
  'top-navigation': 'settings.layouts.topNavigation',
  'mega-menu': 'settings.layouts.megaMenu',
  'right-sidebar': 'settings.layouts.rightSidebar',
} as const satisfies Record<Layout, string>;

export function LayoutTab() {
  const { t } = useTranslation();
  const { layout: current } = useUiSettings();
  return (
    <SettingsSection title={t('settings.layout')}>
      <Box
        role="group"
        aria-label={t('settings.layout')}
        sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}
      >
        {layouts.map((layout) => {
          const selected = layout === current;
          return (
            <ButtonBase
              key={layout}
              onClick={() => updateUiSettings({ layout })}
              aria-pressed={selected}
              focusRipple
              sx={{
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'stretch',
                gap: 1,
                p: 1,
                borderRadius: 2,
                border: 2,
                borderColor: selected ? 'primary.main' : 'divider',
                bgcolor: selected ? 'action.selected' : 'transparent',
                '&:hover': { borderColor: selected ? 'primary.main' : 'text.secondary' },
                '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
              }}
            >
              <LayoutPreview layout={layout} />
              <Typography
                variant="caption"
                component="span"
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  gap: 0.5,
                  minHeight: 20,
                }}
              >
                {selected && <Check sx={{ fontSize: 16 }} color="primary" aria-hidden />}
                {t(layoutLabelKeys[layout])}
              </Typography>
            </ButtonBase>
          );
        })}
      </Box>
    </SettingsSection>
  );
}

const bar = { bgcolor: 'primary.main', borderRadius: 0.5 } as const;
const muted = { bgcolor: 'action.disabledBackground', borderRadius: 0.5 } as const;

/** A thumbnail of the frame: where the menu goes, drawn with boxes. */
function LayoutPreview({ layout }: { layout: Layout }) {
  const sidebar = layout === 'left-sidebar' || layout === 'right-sidebar';
  return (
    <Box
      aria-hidden
      sx={{
        height: 64,
        p: 0.75,
        borderRadius: 1,
        bgcolor: 'background.default',
        border: 1,
        borderColor: 'divider',
        display: 'flex',
        flexDirection: sidebar ? (layout === 'right-sidebar' ? 'row-reverse' : 'row') : 'column',
        gap: 0.5,
        position: 'relative',
      }}
    >
      {sidebar ? (
        <>
          <Box sx={{ ...bar, width: '28%' }} />
          <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
            <Box sx={{ ...muted, height: 8 }} />
            <Box sx={{ ...muted, flex: 1, opacity: 0.6 }} />
          </Box>
        </>
      ) : (
        <>
          <Box sx={{ ...bar, height: 10, display: 'flex', gap: 0.5, alignItems: 'center', px: 0.5 }}>
            {[0, 1, 2].map((index) => (
              <Box key={index} sx={{ width: 10, height: 3, bgcolor: 'primary.contrastText', opacity: 0.8 }} />
            ))}
          </Box>
          <Box sx={{ ...muted, flex: 1, opacity: 0.6 }} />
          {layout === 'mega-menu' && (
            <Box
              sx={{
                position: 'absolute',
                top: 20,
                left: 10,
                right: 10,
                height: 24,
                borderRadius: 0.5,
                bgcolor: 'background.paper',
                boxShadow: 2,
                display: 'grid',
                gridTemplateColumns: 'repeat(3, 1fr)',
                gap: 0.5,
                p: 0.5,
              }}
            >
              {[0, 1, 2].map((index) => (
                <Box key={index} sx={{ ...bar, opacity: 0.45 }} />
              ))}
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
