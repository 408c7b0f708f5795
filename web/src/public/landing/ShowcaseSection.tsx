import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Section } from './Section';

type Preview = 'dashboard' | 'payments' | 'members' | 'charts';

/**
 * The showcase cards open the specification's targets (section 2: /app/pages/ecommerce,
 * /app/pages/contact, /app, app/dashboard/cryptocurrency): the product's dashboard and three of the
 * template's demo screens (issue 18), each said to be a demo on sample data (issue 14, point 10).
 * The spec writes the last target without its leading slash; it is written out here, which is where
 * a browser resolves it from /landing.
 */
export const showcaseItems = [
  {
    to: '/app',
    title: 'landing.showcase.dashboardTitle',
    text: 'landing.showcase.dashboardText',
    preview: 'dashboard',
  },
  {
    to: '/app/pages/ecommerce',
    title: 'landing.showcase.shopTitle',
    text: 'landing.showcase.shopText',
    preview: 'payments',
  },
  {
    to: '/app/pages/contact',
    title: 'landing.showcase.contactsTitle',
    text: 'landing.showcase.contactsText',
    preview: 'members',
  },
  {
    to: '/app/dashboard/cryptocurrency',
    title: 'landing.showcase.cryptoTitle',
    text: 'landing.showcase.cryptoText',
    preview: 'charts',
  },
] as const satisfies readonly {
  to: string;
  title: string;
  text: string;
  preview: Preview;
}[];

export function ShowcaseSection() {
  const { t } = useTranslation('landing');
  return (
    <Section
      id="showcase"
      tinted
      title={t('landing.showcase.title')}
      subtitle={t('landing.showcase.subtitle')}
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
          gap: 3,
        }}
      >
        {showcaseItems.map(({ to, title, text, preview }) => (
          <Card key={to} sx={{ display: 'flex', flexDirection: 'column' }}>
            <Box sx={{ bgcolor: 'action.hover', p: 2, borderBottom: 1, borderColor: 'divider' }}>
              <PreviewDrawing kind={preview} />
            </Box>
            <CardContent sx={{ flex: 1 }}>
              <Typography variant="h6" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                {t(title)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t(text)}
              </Typography>
            </CardContent>
            <CardActions sx={{ px: 2, pb: 2 }}>
              <Button
                component={RouterLink}
                to={to}
                endIcon={<ArrowForward aria-hidden />}
                aria-label={t('landing.showcase.open', { name: t(title) })}
              >
                {t('landing.showcase.openShort')}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
    </Section>
  );
}

/** Small schematic pictures of each demo screen, drawn in the palette's colours. */
function PreviewDrawing({ kind }: { kind: Preview }) {
  const theme = useTheme();
  const primary = theme.palette.primary.main;
  const secondary = theme.palette.secondary.main;
  const faint = theme.palette.action.disabledBackground;
  const paper = theme.palette.background.paper;
  return (
    <Box
      component="svg"
      viewBox="0 0 200 110"
      aria-hidden
      sx={{ display: 'block', width: '100%', height: 'auto', borderRadius: 1 }}
    >
      <rect x="0" y="0" width="200" height="110" rx="6" fill={paper} />
      <rect x="0" y="0" width="200" height="14" rx="6" fill={primary} />
      {kind === 'dashboard' && (
        <>
          {[0, 1, 2].map((index) => (
            <rect key={index} x={10 + index * 62} y="22" width="56" height="22" rx="3" fill={faint} />
          ))}
          {[30, 48, 38, 62, 54, 70, 44].map((height, index) => (
            <rect
              key={index}
              x={14 + index * 26}
              y={102 - height * 0.75}
              width="14"
              height={height * 0.75}
              rx="2"
              fill={index % 2 === 0 ? primary : secondary}
            />
          ))}
        </>
      )}
      {kind === 'payments' && (
        <>
          {[0, 1, 2, 3].map((index) => (
            <g key={index}>
              <rect x="10" y={24 + index * 20} width="96" height="5" rx="2" fill={faint} />
              <rect
                x="112"
                y={24 + index * 20}
                width="26"
                height="5"
                rx="2"
                fill={index === 2 ? secondary : primary}
              />
            </g>
          ))}
          <rect x="150" y="24" width="40" height="40" rx="3" fill={faint} />
          {[0, 1, 2, 3, 4, 5, 6, 7].map((index) => (
            <rect
              key={index}
              x={154 + (index % 3) * 12 + (index > 5 ? 6 : 0)}
              y={28 + Math.floor(index / 3) * 12}
              width="8"
              height="8"
              fill={primary}
            />
          ))}
          <rect x="150" y="74" width="40" height="10" rx="3" fill={secondary} />
        </>
      )}
      {kind === 'members' &&
        [0, 1, 2, 3].map((index) => (
          <g key={index}>
            <circle cx="22" cy={30 + index * 21} r="7" fill={index === 1 ? secondary : primary} />
            <rect x="36" y={25 + index * 21} width={90 - index * 12} height="5" rx="2" fill={faint} />
            <rect x="36" y={32 + index * 21} width="60" height="3" rx="1.5" fill={faint} opacity="0.7" />
            {index !== 2 && <circle cx="184" cy={30 + index * 21} r="3" fill={secondary} />}
          </g>
        ))}
      {kind === 'charts' && (
        <>
          <polyline
            points="10,90 35,72 60,80 85,52 110,60 135,36 160,44 190,24"
            fill="none"
            stroke={primary}
            strokeWidth="3"
            strokeLinejoin="round"
          />
          <polyline
            points="10,96 35,88 60,92 85,78 110,82 135,66 160,72 190,58"
            fill="none"
            stroke={secondary}
            strokeWidth="2"
            strokeDasharray="4 3"
          />
          {[24, 48, 72, 96].map((y) => (
            <line key={y} x1="10" x2="190" y1={y} y2={y} stroke={faint} strokeWidth="0.8" />
          ))}
        </>
      )}
    </Box>
  );
}
