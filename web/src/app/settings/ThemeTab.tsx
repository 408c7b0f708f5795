import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import Check from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { updateUiSettings, useUiSettings } from '../../lib/uiSettings';
import { paletteKeys, palettes } from '../../lib/theme/palettes';
import { loadRtlCache } from '../theme/emotionCache';
import type { PaletteKey } from '../../lib/theme/palettes';

/** The palette list shows this many until 'Show All' (spec section 4, UI state). */
export const collapsedPaletteCount = 9;

export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <Typography
        variant="overline"
        component="h3"
        color="text.secondary"
        sx={{ display: 'block', mb: 1, lineHeight: 2 }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function ThemeTab() {
  const { t } = useTranslation();
  const { type, direction, theme } = useUiSettings();
  const [showAll, setShowAll] = useState(false);
  // Checked at once while the rtl styles' code loads; the page turns when it has.
  const [turningRtl, setTurningRtl] = useState(false);
  // Counts the switch's changes: turned off again before the code came, rtl is not applied.
  const rtlChanges = useRef(0);
  const switchRtl = (on: boolean) => {
    const change = ++rtlChanges.current;
    setTurningRtl(on);
    if (!on) updateUiSettings({ direction: 'ltr' });
    else
      void loadRtlCache().then(() => {
        if (change !== rtlChanges.current) return;
        setTurningRtl(false);
        updateUiSettings({ direction: 'rtl' });
      });
  };
  const shown = showAll ? paletteKeys : paletteKeys.slice(0, collapsedPaletteCount);
  const paletteName = (key: PaletteKey) =>
    // Palette keys are runtime strings here; ThemeTab's test proves each has a name in en and de.
    t(`settings.paletteNames.${key}` as 'settings.paletteNames.purpleTheme', {
      defaultValue: palettes[key].name,
    });

  return (
    <>
      <SettingsSection title={t('settings.mode')}>
        <FormControlLabel
          control={
            <Switch
              checked={type === 'dark'}
              onChange={(event) => updateUiSettings({ type: event.target.checked ? 'dark' : 'light' })}
            />
          }
          label={t('settings.darkMode')}
        />
      </SettingsSection>
      <SettingsSection title={t('settings.direction')}>
        <FormControlLabel
          control={
            <Switch
              checked={direction === 'rtl' || turningRtl}
              onChange={(event) => switchRtl(event.target.checked)}
            />
          }
          label={t('settings.rtl')}
        />
      </SettingsSection>
      <SettingsSection title={t('settings.palette')}>
        <Box
          role="group"
          aria-label={t('settings.palette')}
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1.5 }}
        >
          {shown.map((key) => (
            <PaletteSwatch
              key={key}
              name={paletteName(key)}
              primary={palettes[key].primary}
              secondary={palettes[key].secondary}
              selected={key === theme}
              onSelect={() => updateUiSettings({ theme: key })}
            />
          ))}
        </Box>
        <Button
          onClick={() => setShowAll((value) => !value)}
          aria-expanded={showAll}
          size="small"
          sx={{ mt: 1.5 }}
          fullWidth
        >
          {showAll ? t('settings.hideSome') : t('settings.showAll')}
        </Button>
      </SettingsSection>
    </>
  );
}

interface PaletteSwatchProps {
  name: string;
  primary: string;
  secondary: string;
  selected: boolean;
  onSelect: () => void;
}

function PaletteSwatch({ name, primary, secondary, selected, onSelect }: PaletteSwatchProps) {
  return (
    <Tooltip title={name} placement="top">
      <ButtonBase
        onClick={onSelect}
        aria-label={name}
        aria-pressed={selected}
        focusRipple
        sx={{
          height: 52,
          borderRadius: 2,
          overflow: 'hidden',
          display: 'grid',
          placeItems: 'center',
          background: `linear-gradient(135deg, ${primary} 0 55%, ${secondary} 55% 100%)`,
          outline: '3px solid',
          outlineColor: selected ? 'text.primary' : 'transparent',
          outlineOffset: 2,
          transition: (theme) => theme.transitions.create(['outline-color', 'transform']),
          '&:hover': { transform: 'translateY(-2px)' },
          '&.Mui-focusVisible': { outlineColor: 'text.secondary' },
        }}
      >
        {selected && (
          <Box
            sx={{
              width: 26,
              height: 26,
              borderRadius: '50%',
              bgcolor: 'common.white',
              color: 'common.black',
              display: 'grid',
              placeItems: 'center',
              boxShadow: 2,
            }}
          >
            <Check fontSize="small" aria-hidden />
          </Box>
        )}
      </ButtonBase>
    </Tooltip>
  );
}
