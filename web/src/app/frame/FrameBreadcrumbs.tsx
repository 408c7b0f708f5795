import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { extraProductRoutes, menuLeaves, menuTrail, moduleForPath } from '@app/contract/menu';
import { menuLabel } from '../menu/menuLabel';

/** Paths that show neither breadcrumbs nor the page title (spec section 2). */
export const pathsWithoutBreadcrumbs = [
  '/app',
  '/app/dashboard/sales-marketing',
  '/app/dashboard/cryptocurrency',
];

export function showsBreadcrumbs(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return !pathsWithoutBreadcrumbs.includes(path);
}

/**
 * Segments whose readable form is not their name: the specification spells the Branch Payments route
 * 'branche-payments' (the URL keeps it; the words do not).
 */
const segmentNames: Record<string, string> = {
  'branche-payments': 'Branch Payments',
  wifiRouters: 'WiFi Routers',
  wifiSessions: 'WiFi Live Sessions',
};

/** 'feeStructures' → 'Fee Structures', 'inactive_users' → 'Inactive Users'. */
export function readableSegment(segment: string): string {
  if (segment in segmentNames) return segmentNames[segment]!;
  const words = decodeURIComponent(segment)
    .replace(/[-_]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim();
  return words.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());
}

const samePath = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The words for the crumb of `path` (ending in `segment`), in the language on screen: the menu's
 * name where the path is a menu entry's own link (or a plain alias of one, '/app/users'), else the
 * segment's text under `crumbs.*`, else the segment made readable (ids, unknown demo paths).
 */
export function crumbLabel(t: TFunction, path: string, segment: string): string {
  const alias = extraProductRoutes.some(
    (route) => route.path !== '/app' && !route.path.includes(':') && samePath(route.path, path),
  );
  const leaf = alias
    ? menuTrail(path).at(-1)
    : menuLeaves().find((entry) => entry.link !== undefined && samePath(entry.link, path));
  if (leaf !== undefined) return menuLabel(t, leaf);
  // Segment texts are looked up by the URL's own spelling; i18n.test.ts proves en and de agree.
  return t(`crumbs.${segment}` as 'crumbs.app', { defaultValue: readableSegment(segment) });
}

/** The title of a route: the menu's name for it, else its last segment's words. */
export function pageTitle(t: TFunction, pathname: string): string {
  const leaf = menuTrail(pathname).at(-1);
  if (leaf !== undefined) return menuLabel(t, leaf);
  const segments = pathname.split('/').filter((segment) => segment !== '');
  return crumbLabel(t, `/${segments.join('/')}`, segments.at(-1) ?? '');
}

/**
 * 'You are here:' and the path segments. The page title (h4) is each page's own PageHeader, which
 * uses pageTitle's names; the header bar shows pageTitle once the page scrolls.
 */
export function FrameBreadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (!showsBreadcrumbs(pathname)) return null;
  const segments = pathname.split('/').filter((segment) => segment !== '');

  return (
    <Box sx={{ mb: 2 }}>
      <Box
        component="nav"
        aria-label={t('frame.breadcrumbs')}
        sx={{ color: 'text.secondary', typography: 'body2' }}
      >
        <span>{t('frame.youAreHere')} </span>
        {segments.map((segment, index) => {
          const to = `/${segments.slice(0, index + 1).join('/')}`;
          const last = index === segments.length - 1;
          // Only a segment that is a page of its own links; '/app/UserProfile' or a receipt's
          // '/app/payments/42' alone would be a dead end.
          const page = to === '/app' || moduleForPath(to) !== null;
          const label = crumbLabel(t, to, segment);
          return (
            <span key={to}>
              {index > 0 && ' / '}
              {last || !page ? (
                <span aria-current={last ? 'page' : undefined}>{label}</span>
              ) : (
                <Link component={RouterLink} to={to} color="inherit">
                  {label}
                </Link>
              )}
            </span>
          );
        })}
      </Box>
    </Box>
  );
}
