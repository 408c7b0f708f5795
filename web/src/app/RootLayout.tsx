import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigation, useRouteError } from 'react-router';
import { ApiError } from '../lib/api';
import { errorMessage } from '../lib/errorMessage';
import { appFontFamily } from '../lib/theme/fontFamily';
import { lightPalette } from '../lib/theme/lightPalette';
import { useUiSettings } from '../lib/uiSettings';
import './rootLayout.css';
import './theme/devanagari.css';

/** The palette's primary colour, as MUI's LinearProgress and CircularProgress would draw it. */
function usePrimary(): string {
  const { theme, type } = useUiSettings();
  return lightPalette(theme, type).primary.main;
}

/**
 * The root of every route, in the entry chunk: so it carries no MUI (issue 21). The bar across the
 * top while a navigation loads is MUI's indeterminate LinearProgress in look.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const primary = usePrimary();
  return (
    <>
      {navigation.state !== 'idle' && (
        <div
          role="progressbar"
          aria-label={t('app.loading')}
          className="la-nav-progress"
          style={{ color: primary }}
        />
      )}
      <Outlet />
      {/* New pages start at the top; back/forward restores where the reader was. */}
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first page's code loads. */
export function FirstLoad() {
  const primary = usePrimary();
  // Does not wait for the texts, which may still be on their way: the label follows when they are.
  const { t, ready } = useTranslation(undefined, { useSuspense: false });
  return (
    <div className="la-first-load" role="progressbar" aria-label={ready ? t('app.loading') : undefined}>
      <svg viewBox="22 22 44 44" aria-hidden="true" style={{ color: primary }}>
        <circle
          cx="44"
          cy="44"
          r="20.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="3.6"
          strokeDasharray="80 200"
        />
      </svg>
    </div>
  );
}

/**
 * Shown when a route outside the MUI layout fails, or that layout's own code cannot be fetched
 * (often a deploy replaced the chunks); inside it, RouteError says the same with MUI's Alert.
 */
export function RootRouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const { theme, type } = useUiSettings();
  const { error: colours } = lightPalette(theme, type);
  return (
    <div
      role="alert"
      style={{
        maxWidth: 640,
        margin: '24px auto',
        padding: '6px 16px',
        display: 'flex',
        alignItems: 'center',
        gap: 16,
        borderRadius: 8,
        fontFamily: appFontFamily,
        fontSize: '0.875rem',
        background: colours.lightBg,
        color: colours.text,
      }}
    >
      <p style={{ flex: 1 }}>
        {t('errors.pageFailed')}
        {error instanceof ApiError && ` ${errorMessage(error)}`}
      </p>
      <button type="button" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </button>
    </div>
  );
}
