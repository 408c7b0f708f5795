import Check from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Section } from './Section';

/** The spec's sample plans (section 1 and 2): FREE, $24 and $200, with the spec's spelling. */
export const pricingPlans = [
  {
    id: 'free',
    title: 'landing.pricing.freeTitle',
    price: 'landing.pricing.freePrice',
    text: 'landing.pricing.freeText',
    monthly: false,
    highlighted: false,
    features: [
      'landing.pricing.free1',
      'landing.pricing.free2',
      'landing.pricing.free3',
      'landing.pricing.free4',
    ],
  },
  {
    id: 'recommended',
    title: 'landing.pricing.recommendedTitle',
    price: 'landing.pricing.recommendedPrice',
    text: 'landing.pricing.recommendedText',
    monthly: true,
    highlighted: true,
    features: [
      'landing.pricing.recommended1',
      'landing.pricing.recommended2',
      'landing.pricing.recommended3',
      'landing.pricing.recommended4',
      'landing.pricing.recommended5',
    ],
  },
  {
    id: 'extended',
    title: 'landing.pricing.extendedTitle',
    price: 'landing.pricing.extendedPrice',
    text: 'landing.pricing.extendedText',
    monthly: true,
    highlighted: false,
    features: [
      'landing.pricing.extended1',
      'landing.pricing.extended2',
      'landing.pricing.extended3',
      'landing.pricing.extended4',
      'landing.pricing.extended5',
    ],
  },
] as const;

export function PricingSection() {
  const { t } = useTranslation('landing');
  return (
    <Section id="pricing" title={t('landing.pricing.title')} subtitle={t('landing.pricing.subtitle')}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
          gap: { xs: 3, md: 4 },
          alignItems: 'center',
          maxWidth: { xs: 440, md: 'none' },
          mx: 'auto',
        }}
      >
        {pricingPlans.map((plan) => {
          const headingId = `plan-${plan.id}`;
          return (
            <Card
              key={plan.id}
              component="article"
              aria-labelledby={headingId}
              elevation={plan.highlighted ? 12 : 0}
              variant={plan.highlighted ? 'elevation' : 'outlined'}
              sx={{
                position: 'relative',
                overflow: 'visible',
                borderTop: 6,
                borderTopColor: plan.highlighted ? 'secondary.main' : 'primary.main',
                py: { md: plan.highlighted ? 2 : 0 },
              }}
            >
              {plan.highlighted && (
                <Chip
                  label={t('landing.pricing.popular')}
                  color="secondary"
                  size="small"
                  sx={{
                    position: 'absolute',
                    top: -14,
                    insetInline: 0,
                    mx: 'auto',
                    width: 'fit-content',
                    fontWeight: 700,
                  }}
                />
              )}
              <CardContent
                sx={{ p: 4, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}
              >
                <Typography id={headingId} variant="h5" component="h3" sx={{ fontWeight: 700 }}>
                  {t(plan.title)}
                </Typography>
                <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
                  <Typography
                    component="p"
                    sx={(theme) => ({
                      fontSize: '2.75rem',
                      fontWeight: 800,
                      lineHeight: 1,
                      // Some secondary colours (cyan, amber) are too pale as text on white: the
                      // shade towards the background's opposite keeps 3:1 for this large figure.
                      color: plan.highlighted
                        ? theme.palette.secondary[theme.palette.mode === 'dark' ? 'light' : 'dark']
                        : theme.palette.primary.main,
                    })}
                  >
                    {t(plan.price)}
                  </Typography>
                  {plan.monthly && (
                    <Typography color="text.secondary">{t('landing.pricing.perMonth')}</Typography>
                  )}
                </Box>
                <Typography color="text.secondary" sx={{ textAlign: 'center', minHeight: { md: 48 } }}>
                  {t(plan.text)}
                </Typography>
                <Divider flexItem />
                <Box
                  component="ul"
                  sx={{ listStyle: 'none', p: 0, m: 0, width: '100%', display: 'grid', gap: 1.25 }}
                >
                  {plan.features.map((feature) => (
                    <Box
                      component="li"
                      key={feature}
                      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
                    >
                      <Check fontSize="small" color="success" aria-hidden sx={{ mt: 0.25 }} />
                      <Typography variant="body2">{t(feature)}</Typography>
                    </Box>
                  ))}
                </Box>
                <Button
                  component={RouterLink}
                  to="/register"
                  variant={plan.highlighted ? 'contained' : 'outlined'}
                  color={plan.highlighted ? 'secondary' : 'primary'}
                  size="large"
                  fullWidth
                  sx={{ mt: 1, fontWeight: 700 }}
                >
                  {t('landing.pricing.getInNow')}
                </Button>
              </CardContent>
            </Card>
          );
        })}
      </Box>
    </Section>
  );
}
