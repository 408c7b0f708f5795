import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ApiError } from '../lib/api';
import { errorMessage } from '../lib/errorMessage';

/** Shown when a page throws or its code cannot be fetched (often a deploy replaced the chunks). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  return (
    <Box sx={{ p: 3, maxWidth: 640, mx: 'auto' }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {t('errors.reload')}
          </Button>
        }
      >
        {t('errors.pageFailed')}
        {error instanceof ApiError && ` ${errorMessage(error)}`}
      </Alert>
    </Box>
  );
}
