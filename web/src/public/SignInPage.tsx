import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PublicCard } from './PublicCard';

export function SignInPage() {
  const { t } = useTranslation();
  return (
    <PublicCard title={t('signIn.title')}>
      <Typography color="text.secondary">{t('signIn.placeholder')}</Typography>
      <Button component={RouterLink} to="/landing" variant="outlined">
        {t('signIn.toLanding')}
      </Button>
    </PublicCard>
  );
}
