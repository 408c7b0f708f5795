import { useEffect, useState } from 'react';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import Fullscreen from '@mui/icons-material/Fullscreen';
import FullscreenExit from '@mui/icons-material/FullscreenExit';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { updateUiSettings, useUiSettings } from '../../lib/uiSettings';

/** Full Screen / Exit Full Screen, following document.fullscreenElement. */
export function FullscreenToggle() {
  const { t } = useTranslation();
  const [full, setFull] = useState(() => document.fullscreenElement != null);
  useEffect(() => {
    const onChange = () => setFull(document.fullscreenElement != null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const label = full ? t('frame.exitFullScreen') : t('frame.fullScreen');
  return (
    <Tooltip title={label}>
      <IconButton
        color="inherit"
        aria-label={label}
        onClick={() => {
          const request = full ? document.exitFullscreen?.() : document.documentElement.requestFullscreen?.();
          void request?.catch(() => undefined);
        }}
      >
        {full ? <FullscreenExit /> : <Fullscreen />}
      </IconButton>
    </Tooltip>
  );
}

/** Switches the settings' mode between light and dark. */
export function ModeToggle() {
  const { t } = useTranslation();
  const { type } = useUiSettings();
  const label = type === 'dark' ? t('frame.lightMode') : t('frame.darkMode');
  return (
    <Tooltip title={label}>
      <IconButton
        color="inherit"
        aria-label={label}
        onClick={() => updateUiSettings({ type: type === 'dark' ? 'light' : 'dark' })}
      >
        {type === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
      </IconButton>
    </Tooltip>
  );
}
