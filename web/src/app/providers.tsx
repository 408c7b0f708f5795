import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import i18n from '../lib/i18n';
import { Notifications } from '../lib/notify/Notifications';
import { createQueryClient } from './queryClient';
import { useUiSettings } from '../lib/uiSettings';
import { createAppTheme } from './theme/createAppTheme';
import { useDirectionCache } from './theme/emotionCache';

export const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

// Transitions written in `sx` or plain CSS rather than through the theme; animations such as
// spinners stay, because they say "still working".
const stillCss = {
  '*, *::before, *::after': { transitionDuration: '0s !important', scrollBehavior: 'auto !important' },
};

/**
 * MUI's own texts in the language on screen, following a change: Hindi's are fetched when Hindi
 * is chosen (theme/muiHindi); English is MUI's own, German keeps MUI's English as before.
 */
function useMuiLocalization(): object | undefined {
  const [language, setLanguage] = useState(i18n.language);
  const [loaded, setLoaded] = useState<{ language: string; texts: object }>();
  useEffect(() => {
    const follow = (next: string) => setLanguage(next);
    i18n.on('languageChanged', follow);
    return () => i18n.off('languageChanged', follow);
  }, []);
  useEffect(() => {
    if (language !== 'hi') return;
    let live = true;
    void import('./theme/muiHindi').then(({ hiIN }) => {
      if (live) setLoaded({ language, texts: hiIN });
    });
    return () => {
      live = false;
    };
  }, [language]);
  return loaded?.language === language ? loaded.texts : undefined;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const { theme: palette, type: mode, direction } = useUiSettings();
  // Read before the first paint (noSsr) so a page never starts with motion it then drops.
  const reducedMotion = useMediaQuery(reducedMotionQuery, { noSsr: true });
  const localization = useMuiLocalization();
  const theme = useMemo(
    () => createAppTheme({ palette, mode, direction, reducedMotion, localization }),
    [palette, mode, direction, reducedMotion, localization],
  );
  const cache = useDirectionCache(direction);

  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <CacheProvider value={cache}>
          <ThemeProvider theme={theme}>
            <CssBaseline enableColorScheme />
            {reducedMotion && <GlobalStyles styles={stillCss} />}
            {children}
            <Notifications />
          </ThemeProvider>
        </CacheProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
