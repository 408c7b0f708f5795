import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** The centred card the public pages sit in, under the brand that links home (spec section 2). */
export function PublicCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        bgcolor: (theme) => (theme.palette.mode === 'light' ? 'grey.100' : 'background.default'),
      }}
    >
      <Card elevation={3} sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent sx={{ p: 4, display: 'flex', flexDirection: 'column', gap: 2, textAlign: 'center' }}>
          <Link
            component={RouterLink}
            to="/"
            variant="h6"
            underline="none"
            color="primary"
            sx={{ fontWeight: 700, alignSelf: 'center' }}
          >
            {t('app.name')}
          </Link>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
