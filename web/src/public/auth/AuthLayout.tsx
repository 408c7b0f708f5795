import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';
import LocalLibrary from '@mui/icons-material/LocalLibrary';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AuthIllustration } from './AuthIllustration';
import { LanguageSwitch } from '../../lib/LanguageSwitch';

/** The three looks of the auth pages: a centred card, a split with a picture, a full-bleed backdrop. */
export type AuthLayoutVariant = 'card' | 'split' | 'fullBleed';

interface AuthLayoutProps {
  variant: AuthLayoutVariant;
  title: string;
  subtitle?: string;
  children: ReactNode;
}

function BrandLink({ onColour = false }: { onColour?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      component={RouterLink}
      to="/"
      variant="h6"
      underline="none"
      sx={{
        fontWeight: 700,
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        color: onColour ? 'primary.contrastText' : 'primary.main',
      }}
    >
      <LocalLibrary aria-hidden />
      {t('app.name')}
    </Link>
  );
}

/** Links in the palette's main colour are too faint on a dark surface; its lighter shade reads. */
function contentSx(theme: Theme) {
  const { primary, mode } = theme.palette;
  return { '& a.MuiLink-root': { color: mode === 'dark' ? primary.light : primary.main } };
}

function Heading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {subtitle !== undefined && (
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {subtitle}
        </Typography>
      )}
    </Box>
  );
}

function CardLayout({ title, subtitle, children }: Omit<AuthLayoutProps, 'variant'>) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        px: 2,
        py: 4,
        bgcolor: (theme) => (theme.palette.mode === 'light' ? 'grey.100' : 'background.default'),
      }}
    >
      <Stack direction="row" sx={{ width: '100%', maxWidth: 440, justifyContent: 'space-between' }}>
        <BrandLink />
        <LanguageSwitch />
      </Stack>
      <Paper elevation={3} sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 } }}>
        <Stack spacing={3} sx={contentSx}>
          <Heading title={title} subtitle={subtitle} />
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}

function SplitLayout({ title, subtitle, children }: Omit<AuthLayoutProps, 'variant'>) {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', gridTemplateColumns: { xs: '1fr', md: '5fr 6fr' } }}
    >
      <Box
        sx={{
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          justifyContent: 'center',
          p: 6,
          color: 'primary.contrastText',
          background: (theme) =>
            `linear-gradient(160deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 100%)`,
        }}
      >
        <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <AuthIllustration
            size={300}
            ink={theme.palette.primary.contrastText}
            accent={theme.palette.secondary.main}
          />
          <Typography variant="h4" component="p" sx={{ fontWeight: 600 }}>
            {t('auth.illustrationTitle')}
          </Typography>
          <Typography sx={{ opacity: 0.9, maxWidth: 380 }}>{t('auth.illustrationText')}</Typography>
        </Stack>
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          px: { xs: 2, sm: 6 },
          py: { xs: 3, sm: 4 },
          bgcolor: 'background.paper',
        }}
      >
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <BrandLink />
          <LanguageSwitch />
        </Stack>
        <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', py: 3 }}>
          <Stack spacing={3} sx={(theme) => ({ width: '100%', maxWidth: 420, ...contentSx(theme) })}>
            <Heading title={title} subtitle={subtitle} />
            {children}
          </Stack>
        </Box>
      </Box>
    </Box>
  );
}

function FullBleedLayout({ title, subtitle, children }: Omit<AuthLayoutProps, 'variant'>) {
  return (
    <Box
      component="main"
      sx={(theme) => ({
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        px: 2,
        py: 4,
        backgroundColor: theme.palette.primary.dark,
        backgroundImage: [
          `radial-gradient(circle at 15% 20%, ${alpha(theme.palette.secondary.main, 0.55)} 0, transparent 45%)`,
          `radial-gradient(circle at 85% 85%, ${alpha(theme.palette.primary.light, 0.6)} 0, transparent 50%)`,
          `linear-gradient(135deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 100%)`,
        ].join(', '),
      })}
    >
      <Stack
        direction="row"
        sx={{ width: '100%', maxWidth: 460, justifyContent: 'space-between', alignItems: 'center' }}
      >
        <BrandLink onColour />
        <LanguageSwitch />
      </Stack>
      <Paper
        elevation={12}
        sx={(theme) => ({
          width: '100%',
          maxWidth: 460,
          p: { xs: 3, sm: 5 },
          borderRadius: 3,
          backgroundColor: alpha(theme.palette.background.paper, 0.94),
          backdropFilter: 'blur(6px)',
        })}
      >
        <Stack spacing={3} sx={contentSx}>
          <Heading title={title} subtitle={subtitle} />
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}

export function AuthLayout({ variant, ...props }: AuthLayoutProps) {
  if (variant === 'split') return <SplitLayout {...props} />;
  if (variant === 'fullBleed') return <FullBleedLayout {...props} />;
  return <CardLayout {...props} />;
}
