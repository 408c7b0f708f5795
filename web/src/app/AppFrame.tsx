import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet } from 'react-router';
import { ActiveBranchSelect } from '../features/session/ActiveBranchSelect';
import { BranchGate } from '../features/session/BranchGate';
import { RequireSession } from '../features/session/RequireSession';
import { UserMenu } from '../features/session/UserMenu';

/** The signed-in frame; header tools, menu and breadcrumbs (UI.md) arrive with the frame issue. */
export function AppFrame() {
  const { t } = useTranslation();
  return (
    <RequireSession>
      <Box
        sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
      >
        <AppBar position="sticky" color="primary" enableColorOnDark>
          <Toolbar component="nav" aria-label={t('app.mainNavigation')} sx={{ gap: { xs: 1, sm: 2 } }}>
            <Link
              component={RouterLink}
              to="/app"
              variant="h6"
              color="inherit"
              underline="none"
              noWrap
              sx={{ fontWeight: 700, mr: 'auto', minWidth: 0 }}
            >
              {t('app.name')}
            </Link>
            <ActiveBranchSelect />
            <UserMenu />
          </Toolbar>
        </AppBar>
        <Container component="main" id="main" maxWidth="lg" sx={{ flex: 1, py: 4 }}>
          <BranchGate>
            <Outlet />
          </BranchGate>
        </Container>
      </Box>
    </RequireSession>
  );
}
