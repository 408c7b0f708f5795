import type { ReactNode } from 'react';
import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import { BrandLogo } from '../lib/BrandLogo';
import { useBranding } from '../lib/branding';
import { heroBackground } from './landing/HeroSection';

export interface StatusPageProps {
  icon: SvgIconComponent;
  title: string;
  text: string;
  /** Extra content under the text, e.g. a list. */
  children?: ReactNode;
  /** Buttons; the first is the way back. */
  actions: ReactNode;
}

/** The frame of the public notice pages (maintenance, coming soon): brand, a card, the footer line. */
export function StatusPage({ icon: Icon, title, text, children, actions }: StatusPageProps) {
  const brand = useBranding();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 4,
        p: 2,
        background: heroBackground,
      }}
    >
      <Link component={RouterLink} to="/" underline="none" sx={{ color: 'common.white' }}>
        <BrandLogo color="inherit" />
      </Link>
      <Paper
        component="main"
        elevation={12}
        sx={{
          width: '100%',
          maxWidth: 520,
          p: { xs: 3, sm: 5 },
          borderRadius: 4,
          textAlign: 'center',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 2,
        }}
      >
        <Box
          sx={{
            width: 96,
            height: 96,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            color: 'primary.main',
            bgcolor: (theme) => alpha(theme.palette.primary.main, 0.12),
            mb: 1,
          }}
        >
          <Icon sx={{ fontSize: 52 }} aria-hidden />
        </Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography color="text.secondary">{text}</Typography>
        {children}
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            gap: 1.5,
            justifyContent: 'center',
            width: { xs: '100%', sm: 'auto' },
            mt: 1,
          }}
        >
          {actions}
        </Box>
      </Paper>
      <Typography variant="body2" sx={{ color: 'common.white', opacity: 0.85 }}>
        {brand.footerText}
      </Typography>
    </Box>
  );
}
