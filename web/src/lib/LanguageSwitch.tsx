import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { localeLabels, locales, setLocale } from './i18n';
import type { Locale } from './i18n';

/** Lets a visitor pick the language before signing in, where the settings drawer is out of reach. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={i18n.resolvedLanguage ?? i18n.language}
      onChange={(_event, value: Locale | null) => {
        if (value !== null) void setLocale(value);
      }}
      aria-label={t('auth.language')}
      sx={{ bgcolor: 'background.paper' }}
    >
      {locales.map((locale) => (
        <ToggleButton key={locale} value={locale} lang={locale} sx={{ px: 1.25, py: 0.25 }}>
          {localeLabels[locale]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
