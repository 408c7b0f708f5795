import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        minHeight: '60vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 2,
        p: 3,
      }}
    >
      <Typography variant="h1" component="h1" color="primary" sx={{ fontWeight: 700 }}>
        {t('notFound.title')}
      </Typography>
      <Typography variant="h5" component="p">
        {t('notFound.text')}
      </Typography>
      <Button variant="contained" size="large" component={RouterLink} to="/app/dashboard">
        {t('notFound.goToDashboard')}
      </Button>
    </Box>
  );
}
