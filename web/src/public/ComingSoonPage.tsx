import ArrowBack from '@mui/icons-material/ArrowBack';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import RocketLaunchOutlined from '@mui/icons-material/RocketLaunchOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { StatusPage } from './StatusPage';

const upcoming = ['comingSoon.item1', 'comingSoon.item2', 'comingSoon.item3'] as const;

/** /coming-soon (spec section 2). */
export function ComingSoonPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      icon={RocketLaunchOutlined}
      title={t('comingSoon.title')}
      text={t('comingSoon.text')}
      actions={
        <Button component={RouterLink} to="/" variant="contained" startIcon={<ArrowBack aria-hidden />}>
          {t('comingSoon.back')}
        </Button>
      }
    >
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, textAlign: 'start' }}>
        {upcoming.map((key) => (
          <Box component="li" key={key} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <CheckCircleOutlined color="secondary" fontSize="small" aria-hidden sx={{ mt: 0.25 }} />
            <Typography>{t(key)}</Typography>
          </Box>
        ))}
      </Box>
    </StatusPage>
  );
}
