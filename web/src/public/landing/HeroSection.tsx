import CheckCircle from '@mui/icons-material/CheckCircle';
import EventSeatOutlined from '@mui/icons-material/EventSeatOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import WifiOutlined from '@mui/icons-material/WifiOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha, darken } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { branding } from '../../lib/branding';
import { landingNavHeight } from './sections';

/** Dark enough under white text for every palette, the yellow ones included. */
export function heroBackground(theme: Theme): string {
  const shade = theme.palette.mode === 'dark' ? 0.72 : 0.55;
  const { primary, secondary } = theme.palette;
  return [
    `radial-gradient(circle at 85% 15%, ${alpha(secondary.main, 0.35)}, transparent 45%)`,
    `radial-gradient(circle at 10% 90%, ${alpha(primary.light, 0.25)}, transparent 40%)`,
    `linear-gradient(135deg, ${darken(primary.main, shade + 0.1)} 0%, ${darken(primary.main, shade)} 100%)`,
  ].join(', ');
}

export function HeroSection() {
  const { t } = useTranslation('landing');
  const points = [t('landing.hero.point1'), t('landing.hero.point2'), t('landing.hero.point3')];
  return (
    <Box
      component="section"
      aria-labelledby="hero-heading"
      sx={{
        color: 'common.white',
        background: heroBackground,
        pt: `${landingNavHeight + 40}px`,
        pb: { xs: 8, md: 12 },
        overflow: 'hidden',
      }}
    >
      <Container
        maxWidth="lg"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1.1fr) minmax(0, 0.9fr)' },
          gap: { xs: 6, md: 8 },
          alignItems: 'center',
        }}
      >
        <Box>
          <Chip
            label={t('landing.hero.eyebrow')}
            sx={{
              mb: 3,
              color: 'common.white',
              bgcolor: 'rgba(255,255,255,0.14)',
              fontWeight: 600,
              height: 'auto',
              py: 0.5,
              '& .MuiChip-label': { whiteSpace: 'normal' },
            }}
          />
          <Typography
            id="hero-heading"
            variant="h1"
            sx={{
              fontWeight: 800,
              fontSize: { xs: '2.3rem', sm: '3rem', md: '3.6rem' },
              lineHeight: 1.1,
              letterSpacing: '-0.02em',
              textWrap: 'balance',
              mb: 3,
            }}
          >
            {t('landing.hero.title')}
          </Typography>
          <Typography sx={{ fontSize: { xs: '1.05rem', md: '1.2rem' }, opacity: 0.9, mb: 4, maxWidth: 560 }}>
            {t('landing.hero.text')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} useFlexGap spacing={2} sx={{ mb: 4 }}>
            <Button
              component={RouterLink}
              to="/app"
              variant="contained"
              color="secondary"
              size="large"
              sx={{ px: 4, py: 1.5, fontWeight: 700 }}
            >
              {t('landing.hero.seeDemo')}
            </Button>
            <Button
              href={branding.buyUrl}
              target="_blank"
              rel="noopener noreferrer"
              variant="outlined"
              color="inherit"
              size="large"
              endIcon={<OpenInNew aria-hidden />}
              sx={{ px: 4, py: 1.5, fontWeight: 700, borderColor: 'rgba(255,255,255,0.6)' }}
            >
              {t('landing.hero.buyNow')}
              <Box component="span" sx={visuallyHidden}>
                {' '}
                {t('landing.hero.newTab')}
              </Box>
            </Button>
          </Stack>
          <Stack component="ul" useFlexGap spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {points.map((point) => (
              <Box component="li" key={point} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <CheckCircle fontSize="small" sx={{ color: 'secondary.light' }} aria-hidden />
                <Typography component="span">{point}</Typography>
              </Box>
            ))}
          </Stack>
        </Box>
        <DashboardPreview />
      </Container>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function Stat(props: { icon: SvgIconComponent; label: string; value: string }) {
  const Icon = props.icon;
  return (
    <Paper
      variant="outlined"
      sx={{
        p: { xs: 1, sm: 1.5 },
        display: 'flex',
        gap: { xs: 1, sm: 1.5 },
        alignItems: 'center',
        minWidth: 0,
      }}
    >
      <Box
        sx={{
          width: { xs: 32, sm: 36 },
          height: { xs: 32, sm: 36 },
          borderRadius: 1.5,
          display: 'grid',
          placeItems: 'center',
          bgcolor: (theme) => alpha(theme.palette.primary.main, 0.14),
          color: 'primary.main',
          flexShrink: 0,
        }}
      >
        <Icon fontSize="small" aria-hidden />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="p" noWrap>
          {props.label}
        </Typography>
        <Typography variant="subtitle1" component="p" noWrap sx={{ fontWeight: 700, lineHeight: 1.2 }}>
          {/* Figures like '86 / 120' keep their order on rtl pages. */}
          <bdi>{props.value}</bdi>
        </Typography>
      </Box>
    </Paper>
  );
}

/** A drawn example of the branch dashboard: shows the product without a screenshot file. */
function DashboardPreview() {
  const { t } = useTranslation('landing');
  const renewals = [
    { text: t('landing.hero.renewal1'), day: t('landing.hero.mon') },
    { text: t('landing.hero.renewal2'), day: t('landing.hero.wed') },
    { text: t('landing.hero.renewal3'), day: t('landing.hero.fri') },
  ];
  return (
    <Paper
      elevation={12}
      role="img"
      aria-label={t('landing.hero.previewLabel')}
      sx={{
        p: { xs: 2, sm: 3 },
        borderRadius: 3,
        color: 'text.primary',
        transform: { md: 'perspective(1200px) rotateY(-6deg) rotateX(2deg)' },
      }}
    >
      <Box aria-hidden>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
          {['#FF5F57', '#FEBC2E', '#28C840'].map((colour) => (
            <Box key={colour} sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: colour }} />
          ))}
          <Typography variant="subtitle2" sx={{ marginInlineStart: 1, fontWeight: 700 }}>
            {t('landing.hero.previewBranch')}
          </Typography>
        </Box>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
            gap: { xs: 1, sm: 1.5 },
            mb: 2,
          }}
        >
          <Stat
            icon={EventSeatOutlined}
            label={t('landing.hero.seats')}
            value={t('landing.hero.seatsValue')}
          />
          <Stat
            icon={PaymentsOutlined}
            label={t('landing.hero.collected')}
            value={t('landing.hero.collectedValue')}
          />
          <Stat
            icon={HowToRegOutlined}
            label={t('landing.hero.checkIns')}
            value={t('landing.hero.checkInsValue')}
          />
          <Stat icon={WifiOutlined} label={t('landing.hero.wifi')} value={t('landing.hero.wifiValue')} />
        </Box>
        <LinearProgress
          variant="determinate"
          value={72}
          sx={{ height: 8, borderRadius: 4, mb: 2.5 }}
          aria-hidden
        />
        <Typography variant="overline" color="text.secondary" component="p">
          {t('landing.hero.renewals')}
        </Typography>
        <Stack useFlexGap spacing={1}>
          {renewals.map(({ text, day }) => (
            <Box
              key={text}
              sx={{
                display: 'flex',
                justifyContent: 'space-between',
                alignItems: 'center',
                gap: 1,
                px: 1.5,
                py: 1,
                borderRadius: 1.5,
                bgcolor: 'action.hover',
              }}
            >
              <Typography variant="body2" noWrap>
                {text}
              </Typography>
              <Chip
                size="small"
                label={t('landing.hero.due', { day })}
                variant="outlined"
                // Secondary-coloured text is too faint on white for some palettes; the border keeps the accent.
                sx={{ flexShrink: 0, borderColor: 'secondary.main', color: 'text.primary' }}
              />
            </Box>
          ))}
        </Stack>
      </Box>
    </Paper>
  );
}
