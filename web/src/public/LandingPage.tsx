import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PublicCard } from './PublicCard';

export function LandingPage() {
  const { t } = useTranslation();
  return (
    <PublicCard title={t('landing.title')}>
      <Typography color="text.secondary">{t('landing.placeholder')}</Typography>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
        <Button component={RouterLink} to="/app" variant="contained">
          {t('landing.seeDemo')}
        </Button>
        <Button component={RouterLink} to="/login" variant="outlined">
          {t('landing.signIn')}
        </Button>
      </Stack>
    </PublicCard>
  );
}
