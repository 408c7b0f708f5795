import ArrowBack from '@mui/icons-material/ArrowBack';
import BuildCircleOutlined from '@mui/icons-material/BuildCircleOutlined';
import Refresh from '@mui/icons-material/Refresh';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { StatusPage } from './StatusPage';

/** /maintenance (spec section 2). */
export function MaintenancePage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      icon={BuildCircleOutlined}
      title={t('maintenance.title')}
      text={t('maintenance.text')}
      actions={
        <>
          <Button component={RouterLink} to="/" variant="contained" startIcon={<ArrowBack aria-hidden />}>
            {t('maintenance.back')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<Refresh aria-hidden />}
            onClick={() => window.location.reload()}
          >
            {t('maintenance.retry')}
          </Button>
        </>
      }
    />
  );
}
