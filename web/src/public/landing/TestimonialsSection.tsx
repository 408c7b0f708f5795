import FormatQuote from '@mui/icons-material/FormatQuote';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Section } from './Section';

const testimonials = [
  {
    quote: 'landing.testimonials.quote1',
    name: 'landing.testimonials.name1',
    role: 'landing.testimonials.role1',
  },
  {
    quote: 'landing.testimonials.quote2',
    name: 'landing.testimonials.name2',
    role: 'landing.testimonials.role2',
  },
  {
    quote: 'landing.testimonials.quote3',
    name: 'landing.testimonials.name3',
    role: 'landing.testimonials.role3',
  },
] as const;

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

export function TestimonialsSection() {
  const { t } = useTranslation('landing');
  return (
    <Section
      id="testimonials"
      title={t('landing.testimonials.title')}
      subtitle={t('landing.testimonials.subtitle')}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 3 }}>
        {testimonials.map(({ quote, name, role }, index) => (
          <Card
            key={quote}
            component="figure"
            variant="outlined"
            sx={{ m: 0, height: '100%', position: 'relative' }}
          >
            <CardContent sx={{ p: 3, display: 'flex', flexDirection: 'column', height: '100%', gap: 2 }}>
              <FormatQuote
                aria-hidden
                sx={{ fontSize: 44, color: 'secondary.main', transform: 'scaleX(-1)', marginInlineStart: -1 }}
              />
              <Rating value={5} readOnly size="small" sx={{ color: 'secondary.main' }} aria-hidden />
              <Typography component="blockquote" sx={{ m: 0, flex: 1, fontSize: '1.05rem', lineHeight: 1.6 }}>
                {t(quote)}
              </Typography>
              <Box component="figcaption" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                <Avatar
                  aria-hidden
                  sx={{
                    bgcolor: index === 1 ? 'secondary.main' : 'primary.main',
                    // White on a pale palette colour (cyan, the dark-mode primary) is unreadable.
                    color: index === 1 ? 'secondary.contrastText' : 'primary.contrastText',
                  }}
                >
                  {initials(t(name))}
                </Avatar>
                <Box>
                  <Typography sx={{ fontWeight: 700 }}>{t(name)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(role)}
                  </Typography>
                </Box>
              </Box>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Section>
  );
}
