import EventSeatOutlined from '@mui/icons-material/EventSeatOutlined';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import FingerprintOutlined from '@mui/icons-material/FingerprintOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import StoreOutlined from '@mui/icons-material/StoreOutlined';
import WifiOutlined from '@mui/icons-material/WifiOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Section } from './Section';

const features = [
  { icon: EventSeatOutlined, title: 'landing.features.seatsTitle', text: 'landing.features.seatsText' },
  {
    icon: EventAvailableOutlined,
    title: 'landing.features.validityTitle',
    text: 'landing.features.validityText',
  },
  {
    icon: FingerprintOutlined,
    title: 'landing.features.biometricTitle',
    text: 'landing.features.biometricText',
  },
  { icon: WifiOutlined, title: 'landing.features.wifiTitle', text: 'landing.features.wifiText' },
  { icon: ReceiptLongOutlined, title: 'landing.features.feesTitle', text: 'landing.features.feesText' },
  { icon: StoreOutlined, title: 'landing.features.branchesTitle', text: 'landing.features.branchesText' },
] as const satisfies readonly { icon: SvgIconComponent; title: string; text: string }[];

export function FeaturesSection() {
  const { t } = useTranslation('landing');
  return (
    <Section id="feature" title={t('landing.features.title')} subtitle={t('landing.features.subtitle')}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
          gap: 3,
        }}
      >
        {features.map(({ icon: Icon, title, text }) => (
          <Card
            key={title}
            variant="outlined"
            sx={{
              height: '100%',
              transition: (theme) => theme.transitions.create(['box-shadow', 'transform']),
              '&:hover': { boxShadow: 6, transform: 'translateY(-4px)' },
            }}
          >
            <CardContent sx={{ p: 3 }}>
              <Box
                sx={{
                  width: 52,
                  height: 52,
                  borderRadius: 2,
                  display: 'grid',
                  placeItems: 'center',
                  mb: 2,
                  color: 'primary.main',
                  bgcolor: (theme) => alpha(theme.palette.primary.main, 0.12),
                }}
              >
                <Icon aria-hidden />
              </Box>
              <Typography variant="h6" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                {t(title)}
              </Typography>
              <Typography color="text.secondary">{t(text)}</Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Section>
  );
}
