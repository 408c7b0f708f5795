import { Suspense, useState } from 'react';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import Fade from '@mui/material/Fade';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import SwipeableDrawer from '@mui/material/SwipeableDrawer';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { allowedModules, moduleForPath } from '@app/contract/menu';
import { ActiveBranchSelect } from '../features/session/ActiveBranchSelect';
import { BranchGate } from '../features/session/BranchGate';
import { RequireSession } from '../features/session/RequireSession';
import { UserMenu } from '../features/session/UserMenu';
import { PageSpinner } from '../lib/PageSpinner';
import { LanguageSwitch } from '../lib/LanguageSwitch';
import { BrandLogo } from '../lib/BrandLogo';
import { FrameBreadcrumbs, pageTitle, showsBreadcrumbs } from './frame/FrameBreadcrumbs';
import { FullscreenToggle, ModeToggle } from './frame/HeaderTools';
import { MobileDrawerTools } from './frame/MobileDrawerTools';
import { headerColours } from './frame/headerColours';
import { SearchUi } from './frame/SearchUi';
import { SideMenu } from './frame/SideMenu';
import { PermissionDeniedPage } from './frame/StatusPages';
import { TopMenu } from './frame/TopMenu';
import { TopProgressBar } from './frame/TopProgressBar';
import { usePermissions, useVisibleMenu } from './frame/useFrameMenu';
import { usePreloadMenuWhenIdle } from './frame/usePreloadMenu';
import { updateUiSettings, useUiSettings } from '../lib/uiSettings';
import { SettingsPanel } from './settings/SettingsToggle';

/** Drawer widths of the specification (section 2); collapsed is theme.spacing(8). */
export const drawerWidth = 240;
/** Header thresholds of UI.md: solid past 30 px, the page title past 40 px; 64 px toolbar. */
export const solidHeaderAfterPx = 30;
export const headerTitleAfterPx = 40;
export const toolbarHeight = 64;

/** Whether the permissions allow the product route at `pathname` (routes no module guards are open). */
function useRouteAllowed(pathname: string): boolean {
  const permissions = usePermissions();
  const module = moduleForPath(pathname);
  return module === null || allowedModules(permissions).has(module);
}

/** The signed-in frame: header tools, menu in the chosen layout, breadcrumbs and the page. */
export function AppFrame() {
  return (
    <RequireSession>
      <Frame />
    </RequireSession>
  );
}

function Frame() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { layout, sidebarOpen } = useUiSettings();
  const entries = useVisibleMenu();
  usePreloadMenuWhenIdle(entries);
  const allowed = useRouteAllowed(pathname);
  const mdUp = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const lgUp = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'));
  const [mobileOpen, setMobileOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const solid = useScrollTrigger({ disableHysteresis: true, threshold: solidHeaderAfterPx });
  const showTitle = useScrollTrigger({ disableHysteresis: true, threshold: headerTitleAfterPx });
  const titleShown = showTitle && lgUp && showsBreadcrumbs(pathname);

  const sidebar = layout === 'left-sidebar' || layout === 'right-sidebar';
  const atEnd = layout === 'right-sidebar';
  const permanent = sidebar && lgUp;
  const topMenu = !sidebar && mdUp;
  const drawerToggleShown = !topMenu;
  const toggleLabel = permanent
    ? sidebarOpen
      ? t('frame.collapseMenu')
      : t('frame.expandMenu')
    : t('frame.openMenu');

  // The top bar's logo leads to / (spec section 2); the side drawer's brand stays /app.
  const brand = (
    <Link
      component={RouterLink}
      to="/"
      color="inherit"
      underline="none"
      aria-label={t('app.name')}
      sx={{ display: 'inline-flex', minWidth: 0 }}
    >
      <BrandLogo color="inherit" />
    </Link>
  );

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.default' }}>
      <TopProgressBar />
      <AppBar
        position="fixed"
        color="primary"
        enableColorOnDark
        elevation={solid ? 4 : 0}
        data-scrolled={solid ? 'solid' : 'plain'}
        sx={(theme) => {
          const colours = headerColours(theme, solid);
          return {
            zIndex: theme.zIndex.drawer + 1,
            bgcolor: colours.background,
            color: colours.text,
            transition: theme.transitions.create(['background-color', 'box-shadow']),
          };
        }}
      >
        <Toolbar sx={{ minHeight: { xs: toolbarHeight }, gap: { xs: 0.5, sm: 1 } }}>
          {drawerToggleShown && (
            <Tooltip title={toggleLabel}>
              <IconButton
                color="inherit"
                edge="start"
                aria-label={toggleLabel}
                aria-expanded={permanent ? sidebarOpen : mobileOpen}
                onClick={() =>
                  permanent ? updateUiSettings({ sidebarOpen: !sidebarOpen }) : setMobileOpen(true)
                }
              >
                {permanent && sidebarOpen ? <ChevronLeft /> : <MenuIcon />}
              </IconButton>
            </Tooltip>
          )}
          <Box sx={{ display: { xs: 'none', sm: 'inline-flex' }, mr: 1 }}>{brand}</Box>
          {/* UI.md: past 40 px the action icons fade out and the page title fades in in their place
              (wide screens only, where the title fits). Both share one grid cell. */}
          <Box sx={{ display: 'grid', alignItems: 'center', minWidth: 0, '& > *': { gridArea: '1 / 1' } }}>
            <Fade in={!titleShown}>
              <Box data-header-actions sx={{ display: 'inline-flex' }}>
                <Box sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
                  <FullscreenToggle />
                </Box>
                <ModeToggle />
              </Box>
            </Fade>
            {lgUp && (
              <Fade in={titleShown}>
                <Typography
                  id="header-page-title"
                  variant="h6"
                  component="p"
                  noWrap
                  aria-hidden
                  sx={{ mx: 1, minWidth: 0 }}
                >
                  {pageTitle(t, pathname)}
                </Typography>
              </Fade>
            )}
          </Box>
          <Box sx={{ flex: 1 }} />
          <Box sx={{ display: { xs: 'none', md: 'block' } }}>
            <SearchUi />
          </Box>
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <LanguageSwitch />
          </Box>
          <ActiveBranchSelect />
          <UserMenu />
        </Toolbar>
      </AppBar>

      {permanent ? (
        <Drawer
          variant="permanent"
          anchor={atEnd ? 'right' : 'left'}
          open={sidebarOpen}
          sx={(theme) => {
            const width = sidebarOpen ? drawerWidth : theme.spacing(8);
            return {
              order: atEnd ? 2 : 0,
              width,
              flexShrink: 0,
              transition: theme.transitions.create('width'),
              '& .MuiDrawer-paper': {
                width,
                overflowX: 'hidden',
                boxSizing: 'border-box',
                transition: theme.transitions.create('width'),
              },
            };
          }}
        >
          <Toolbar sx={{ minHeight: { xs: toolbarHeight } }} />
          <SideMenu entries={entries} collapsed={!sidebarOpen} />
        </Drawer>
      ) : (
        !topMenu && (
          <SwipeableDrawer
            anchor={atEnd ? 'right' : 'left'}
            open={mobileOpen}
            onOpen={() => setMobileOpen(true)}
            onClose={() => setMobileOpen(false)}
            // Above the app bar (see SettingsDrawer): otherwise the bar hides the drawer's brand row.
            sx={{ zIndex: (theme) => theme.zIndex.modal }}
            slotProps={{ paper: { sx: { width: drawerWidth }, 'aria-label': t('app.mainNavigation') } }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', px: 2, minHeight: toolbarHeight }}>
              <Link
                component={RouterLink}
                to="/app"
                underline="none"
                color="inherit"
                onClick={() => setMobileOpen(false)}
              >
                <BrandLogo />
              </Link>
            </Box>
            {!mdUp && (
              // Below md the header has no room for the search, the language and the settings toggle.
              <MobileDrawerTools
                languageSwitch={<LanguageSwitch />}
                onNavigate={() => setMobileOpen(false)}
                onOpenSettings={() => {
                  setMobileOpen(false);
                  setSettingsOpen(true);
                }}
              />
            )}
            <Divider />
            <SideMenu entries={entries} onNavigate={() => setMobileOpen(false)} />
          </SwipeableDrawer>
        )
      )}

      <Box sx={{ flex: 1, minWidth: 0, order: 1, display: 'flex', flexDirection: 'column' }}>
        <Toolbar sx={{ minHeight: { xs: toolbarHeight } }} />
        {topMenu && <TopMenu entries={entries} mega={layout === 'mega-menu'} />}
        <Container
          component="main"
          id="main"
          maxWidth="lg"
          // Room for the floating settings toggle (44 px at the edge), so it never covers an action.
          sx={{ flex: 1, py: 3, [atEnd ? 'paddingInlineStart' : 'paddingInlineEnd']: { md: 7 } }}
        >
          <FrameBreadcrumbs />
          <BranchGate>
            {allowed ? (
              <Suspense fallback={<PageSpinner />}>
                <Outlet />
              </Suspense>
            ) : (
              <PermissionDeniedPage />
            )}
          </BranchGate>
        </Container>
      </Box>
      <SettingsPanel open={settingsOpen} onOpenChange={setSettingsOpen} floating={mdUp} />
    </Box>
  );
}
