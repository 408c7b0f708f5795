import { Outlet } from 'react-router';
import { AppProviders } from './providers';
import { loadRtlCache } from './theme/emotionCache';
import { getUiSettings } from '../lib/uiSettings';

/** What the shell needs before its first render: the rtl styles' code when rtl is stored. */
export function beforeShell(): Promise<unknown> {
  return getUiSettings().direction === 'rtl' ? loadRtlCache() : Promise.resolve();
}

/**
 * Every route but sign-in sits in this lazy layout: MUI's theme, TanStack Query and notistack
 * arrive with the first page that uses them, in parallel with that page's own chunk, and the
 * sign-in page (plain elements, public/auth/light) loads none of them (issue 21).
 */
export function AppShell() {
  return (
    <AppProviders>
      <Outlet />
    </AppProviders>
  );
}
