import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';

export function RootLayout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <>
      {navigation.state !== 'idle' && (
        <Box sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 'tooltip' }}>
          <LinearProgress aria-label={t('app.loading')} />
        </Box>
      )}
      <Outlet />
      {/* New pages start at the top; back/forward restores where the reader was. */}
      <ScrollRestoration />
    </>
  );
}
