import type { CSSProperties, ReactNode } from 'react';
import { alpha } from '@mui/system/colorManipulator';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { localeLabels, locales, setLocale } from '../../../lib/i18n';
import { overlayAlpha } from '../../../lib/theme/darkPrimary';
import { lightPalette } from '../../../lib/theme/lightPalette';
import type { LightPalette } from '../../../lib/theme/lightPalette';
import { useUiSettings } from '../../../lib/uiSettings';
import { AuthIllustration } from '../AuthIllustration';
import type { AuthLayoutVariant } from '../AuthLayout';
import { Icon } from './icons';
import './authLook.css';

interface LightAuthLayoutProps {
  variant: AuthLayoutVariant;
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** Dark-mode Paper's white overlay at an elevation; none in light mode (MUI Paper). */
function overlay(dark: boolean, elevation: number): string {
  if (!dark) return 'none';
  const white = `rgba(255, 255, 255, ${overlayAlpha(elevation)})`;
  return `linear-gradient(${white}, ${white})`;
}

/** The palette as the custom properties authLook.css reads. */
function cssVariables(p: LightPalette, dark: boolean): CSSProperties {
  const link = dark ? p.primary.light : p.primary.main;
  return {
    colorScheme: dark ? 'dark' : 'light',
    '--la-p-main': p.primary.main,
    '--la-p-light': p.primary.light,
    '--la-p-dark': p.primary.dark,
    '--la-p-contrast': p.primary.contrastText,
    '--la-bg-default': p.background.default,
    '--la-bg-paper': p.background.paper,
    '--la-bg-paper-94': alpha(p.background.paper, 0.94),
    '--la-card-page-bg': dark ? p.background.default : p.grey100,
    '--la-text': p.text.primary,
    '--la-text-2': p.text.secondary,
    '--la-divider': p.divider,
    '--la-outline': dark ? 'rgba(255, 255, 255, 0.23)' : 'rgba(0, 0, 0, 0.23)',
    '--la-link': link,
    '--la-link-40': alpha(link, 0.4),
    '--la-error': p.error.main,
    '--la-error-bg': p.error.lightBg,
    '--la-error-text': p.error.text,
    '--la-action-active': p.action.active,
    '--la-action-hover': p.action.hover,
    '--la-action-selected': p.action.selected,
    '--la-action-disabled': p.action.disabled,
    '--la-action-disabled-bg': p.action.disabledBackground,
    '--la-overlay-3': overlay(dark, 3),
    '--la-overlay-12': overlay(dark, 12),
    '--la-bleed-image': [
      `radial-gradient(circle at 15% 20%, ${alpha(p.secondary.main, 0.55)} 0, transparent 45%)`,
      `radial-gradient(circle at 85% 85%, ${alpha(p.primary.light, 0.6)} 0, transparent 50%)`,
      `linear-gradient(135deg, ${p.primary.dark} 0%, ${p.primary.main} 100%)`,
    ].join(', '),
  } as CSSProperties;
}

/** The language choice before signing in (the MUI pages use lib/LanguageSwitch, same look). */
function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  return (
    <div role="group" aria-label={t('auth.language')} className="la-toggle-group">
      {locales.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          className="la-toggle"
          aria-pressed={current === locale}
          onClick={() => {
            if (current !== locale) void setLocale(locale);
          }}
        >
          {localeLabels[locale]}
        </button>
      ))}
    </div>
  );
}

function BrandLink({ onColour = false }: { onColour?: boolean }) {
  const { t } = useTranslation();
  return (
    <RouterLink to="/" className={`la-brand${onColour ? ' la-on-colour' : ''}`}>
      <Icon path="localLibrary" />
      {t('app.name')}
    </RouterLink>
  );
}

function Heading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div>
      <h1 className="la-title">{title}</h1>
      {subtitle !== undefined && <p className="la-subtitle">{subtitle}</p>}
    </div>
  );
}

/**
 * The three sign-in looks (card, split with a picture, full-bleed backdrop) of AuthLayout, drawn
 * with plain elements and authLook.css instead of MUI, so the sign-in route stays within its
 * weight budget (issue 21). Colours follow the stored palette and mode, as the MUI pages do.
 */
export function LightAuthLayout({ variant, title, subtitle, children }: LightAuthLayoutProps) {
  const { t } = useTranslation();
  const { theme: key, type: mode } = useUiSettings();
  const dark = mode === 'dark';
  const palette = lightPalette(key, mode);
  const style = cssVariables(palette, dark);
  const content = (
    <div className="la-stack">
      <Heading title={title} subtitle={subtitle} />
      {children}
    </div>
  );

  if (variant === 'split') {
    return (
      <main className="la-auth la-split-page" style={style}>
        <div className="la-split-art">
          <div className="la-split-art-inner">
            <AuthIllustration size={300} ink={palette.primary.contrastText} accent={palette.secondary.main} />
            <p className="la-split-title">{t('auth.illustrationTitle')}</p>
            <p className="la-split-text">{t('auth.illustrationText')}</p>
          </div>
        </div>
        <div className="la-split-main">
          <div className="la-top-row">
            <BrandLink />
            <LanguageToggle />
          </div>
          <div className="la-split-body">
            <div className="la-split-content">{content}</div>
          </div>
        </div>
      </main>
    );
  }
  const bleed = variant === 'fullBleed';
  return (
    <main className={`la-auth ${bleed ? 'la-bleed-page' : 'la-card-page'}`} style={style}>
      <div className="la-top-row">
        <BrandLink onColour={bleed} />
        <LanguageToggle />
      </div>
      <div className="la-paper">{content}</div>
    </main>
  );
}
