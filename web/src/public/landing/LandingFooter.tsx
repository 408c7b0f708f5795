import type { MouseEvent } from 'react';
import Facebook from '@mui/icons-material/Facebook';
import GitHub from '@mui/icons-material/GitHub';
import Instagram from '@mui/icons-material/Instagram';
import LinkedIn from '@mui/icons-material/LinkedIn';
import X from '@mui/icons-material/X';
import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BrandLogo } from '../../lib/BrandLogo';
import { branding, useBranding } from '../../lib/branding';
import type { SocialNetwork } from '../../lib/branding';
import { scrollToSection } from './sections';

const socialIcons: Record<SocialNetwork, SvgIconComponent> = {
  facebook: Facebook,
  x: X,
  linkedin: LinkedIn,
  instagram: Instagram,
  github: GitHub,
};

const productLinks = [
  { id: 'feature', labelKey: 'landing.nav.feature' },
  { id: 'showcase', labelKey: 'landing.nav.showcase' },
  { id: 'pricing', labelKey: 'landing.nav.pricing' },
  { id: 'contact', labelKey: 'landing.nav.contact' },
] as const;

const accountLinks = [
  { to: '/login', labelKey: 'landing.nav.signIn' },
  { to: '/register', labelKey: 'landing.footer.register' },
  { to: '/reset-password', labelKey: 'landing.footer.resetPassword' },
] as const;

function FooterHeading({ children }: { children: string }) {
  return (
    <Typography
      variant="overline"
      component="h2"
      sx={{ fontWeight: 700, color: 'text.primary', lineHeight: 2 }}
    >
      {children}
    </Typography>
  );
}

export function LandingFooter() {
  const { t } = useTranslation('landing');
  const brand = useBranding();
  const goTo = (id: string) => (event: MouseEvent) => {
    event.preventDefault();
    scrollToSection(id);
  };
  return (
    <Box
      component="footer"
      sx={{ bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider', pt: 6, pb: 4 }}
    >
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1fr 1fr' },
            gap: 4,
            mb: 4,
          }}
        >
          <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
            <BrandLogo />
            <Typography color="text.secondary" sx={{ mt: 2, maxWidth: 380 }}>
              {brand.description}
            </Typography>
          </Box>
          <Box component="nav" aria-label={t('landing.footer.product')}>
            <FooterHeading>{t('landing.footer.product')}</FooterHeading>
            <Stack useFlexGap spacing={1}>
              {productLinks.map(({ id, labelKey }) => (
                <Link key={id} href={`#${id}`} onClick={goTo(id)} color="text.secondary" underline="hover">
                  {t(labelKey)}
                </Link>
              ))}
            </Stack>
          </Box>
          <Box component="nav" aria-label={t('landing.footer.account')}>
            <FooterHeading>{t('landing.footer.account')}</FooterHeading>
            <Stack useFlexGap spacing={1}>
              {accountLinks.map(({ to, labelKey }) => (
                <Link key={to} component={RouterLink} to={to} color="text.secondary" underline="hover">
                  {t(labelKey)}
                </Link>
              ))}
            </Stack>
          </Box>
        </Box>
        <Divider />
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column-reverse', sm: 'row' },
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
            pt: 3,
          }}
        >
          <Typography variant="body2" color="text.secondary">
            {brand.footerText}
          </Typography>
          <Stack
            direction="row"
            useFlexGap
            spacing={0.5}
            component="ul"
            aria-label={t('landing.footer.socialLabel')}
            sx={{ listStyle: 'none', p: 0, m: 0 }}
          >
            {branding.social.map(({ network, url }) => {
              const Icon = socialIcons[network];
              return (
                <li key={network}>
                  <IconButton
                    href={url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('landing.footer.social', {
                      name: branding.name,
                      network: t(`landing.footer.${network}`),
                    })}
                    sx={{ color: 'text.secondary', '&:hover': { color: 'primary.main' } }}
                  >
                    <Icon />
                  </IconButton>
                </li>
              );
            })}
          </Stack>
        </Box>
      </Container>
    </Box>
  );
}
