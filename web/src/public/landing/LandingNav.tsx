import { useEffect, useState } from 'react';
import type { MouseEvent } from 'react';
import Close from '@mui/icons-material/Close';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import Menu from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BrandLogo } from '../../lib/BrandLogo';
import { branding } from '../../lib/branding';
import { updateUiSettings, useUiSettings } from '../../lib/uiSettings';
import { localeLabels, locales, setLocale } from '../../lib/i18n';
import { landingNavHeight, landingSections, scrollToSection } from './sections';
import type { LandingSectionId } from './sections';

/** The section currently under the top bar, for highlighting its link. */
function useActiveSection(): LandingSectionId | null {
  const [active, setActive] = useState<LandingSectionId | null>(null);
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) setActive(entry.target.id as LandingSectionId);
        }
      },
      // A thin band just below the bar: the section crossing it is the one being read.
      { rootMargin: `-${landingNavHeight + 8}px 0px -70% 0px` },
    );
    for (const { id } of landingSections) {
      const element = document.getElementById(id);
      if (element !== null) observer.observe(element);
    }
    return () => observer.disconnect();
  }, []);
  return active;
}

export function LandingNav() {
  const { t, i18n } = useTranslation('landing');
  const { type } = useUiSettings();
  const [menuOpen, setMenuOpen] = useState(false);
  const scrolled = useScrollTrigger({ disableHysteresis: true, threshold: 30 });
  const active = useActiveSection();
  // The languages not on screen, one button each (EN, DE, हिन्दी).
  const otherLocales = locales.filter((locale) => locale !== (i18n.resolvedLanguage ?? i18n.language));

  const goTo = (id: string) => (event: MouseEvent) => {
    event.preventDefault();
    setMenuOpen(false);
    scrollToSection(id);
  };

  const toolButtons = (
    <>
      {otherLocales.map((locale) => (
        <Tooltip key={locale} title={t('landing.nav.language')}>
          <Button
            color="inherit"
            onClick={() => void setLocale(locale)}
            lang={locale}
            aria-label={`${t('landing.nav.language')}: ${localeLabels[locale]}`}
            sx={{ minWidth: 44, fontWeight: 700 }}
          >
            {localeLabels[locale]}
          </Button>
        </Tooltip>
      ))}
      <Tooltip title={type === 'dark' ? t('landing.nav.toLight') : t('landing.nav.toDark')}>
        <IconButton
          color="inherit"
          onClick={() => updateUiSettings({ type: type === 'dark' ? 'light' : 'dark' })}
          aria-label={type === 'dark' ? t('landing.nav.toLight') : t('landing.nav.toDark')}
        >
          {type === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
        </IconButton>
      </Tooltip>
    </>
  );

  return (
    <AppBar
      position="fixed"
      elevation={scrolled ? 4 : 0}
      sx={{
        color: scrolled ? 'text.primary' : 'common.white',
        bgcolor: scrolled ? 'background.paper' : 'transparent',
        backgroundImage: 'none',
        transition: (theme) => theme.transitions.create(['background-color', 'color', 'box-shadow']),
      }}
    >
      <Container maxWidth="lg" disableGutters>
        <Toolbar sx={{ minHeight: landingNavHeight, gap: 1 }}>
          <Link
            component={RouterLink}
            to="/landing"
            underline="none"
            color="inherit"
            onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
            aria-label={t('landing.nav.home', { name: branding.name })}
            sx={{ marginInlineEnd: 'auto', display: 'inline-flex' }}
          >
            <BrandLogo color="inherit" />
          </Link>
          <Box
            component="nav"
            aria-label={t('landing.nav.label')}
            sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5 }}
          >
            {landingSections.map(({ id, labelKey }) => (
              <Button
                key={id}
                href={`#${id}`}
                onClick={goTo(id)}
                color="inherit"
                aria-current={active === id ? 'location' : undefined}
                sx={{
                  fontWeight: 600,
                  position: 'relative',
                  '&::after': {
                    content: '""',
                    position: 'absolute',
                    insetInline: 12,
                    bottom: 4,
                    height: 2,
                    borderRadius: 1,
                    bgcolor: 'currentColor',
                    transform: active === id ? 'scaleX(1)' : 'scaleX(0)',
                    transition: 'transform 200ms',
                  },
                }}
              >
                {t(labelKey)}
              </Button>
            ))}
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            {toolButtons}
            <Button
              component={RouterLink}
              to="/login"
              variant={scrolled ? 'contained' : 'outlined'}
              color="inherit"
              sx={{
                display: { xs: 'none', sm: 'inline-flex' },
                marginInlineStart: 1,
                ...(scrolled && { bgcolor: 'primary.main', color: 'primary.contrastText' }),
              }}
            >
              {t('landing.nav.signIn')}
            </Button>
            <IconButton
              color="inherit"
              onClick={() => setMenuOpen(true)}
              aria-label={t('landing.nav.openMenu')}
              aria-expanded={menuOpen}
              sx={{ display: { md: 'none' } }}
            >
              <Menu />
            </IconButton>
          </Box>
        </Toolbar>
      </Container>
      <Drawer
        anchor="right"
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        sx={{ display: { md: 'none' } }}
        slotProps={{ paper: { sx: { width: 280, maxWidth: '85vw' } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, minHeight: landingNavHeight }}>
          <BrandLogo />
          <IconButton
            onClick={() => setMenuOpen(false)}
            aria-label={t('landing.nav.closeMenu')}
            sx={{ marginInlineStart: 'auto' }}
          >
            <Close />
          </IconButton>
        </Box>
        <List component="nav" aria-label={t('landing.nav.label')}>
          {landingSections.map(({ id, labelKey }) => (
            <ListItemButton
              key={id}
              component="a"
              href={`#${id}`}
              onClick={goTo(id)}
              selected={active === id}
            >
              <ListItemText primary={t(labelKey)} />
            </ListItemButton>
          ))}
        </List>
        <Box sx={{ p: 2, mt: 'auto' }}>
          <Button component={RouterLink} to="/login" variant="contained" fullWidth>
            {t('landing.nav.signIn')}
          </Button>
        </Box>
      </Drawer>
    </AppBar>
  );
}
