import BlockOutlined from '@mui/icons-material/BlockOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useRouteError } from 'react-router';
import { firstVisibleLink } from '@app/contract/menu';
import { ApiError } from '../../lib/api';
import { errorMessage } from '../../lib/errorMessage';
import { usePermissions } from './useFrameMenu';

function StatusLayout(props: { icon: ReactNode; title: string; text: ReactNode; actions: ReactNode }) {
  return (
    <Box
      sx={{
        minHeight: '50vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 2,
        p: 3,
      }}
    >
      {props.icon}
      <Typography variant="h4" component="h1">
        {props.title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
        {props.text}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>{props.actions}</Box>
    </Box>
  );
}

/** /app/pages/permissionDenied, and what a product route shows that the permissions do not allow. */
export function PermissionDeniedPage() {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const way = firstVisibleLink(permissions);
  return (
    <StatusLayout
      icon={<BlockOutlined color="error" sx={{ fontSize: 72 }} aria-hidden />}
      title={t('frame.permissionDenied.title')}
      text={t('frame.permissionDenied.text')}
      actions={
        way !== null && (
          <Button variant="contained" component={RouterLink} to={way}>
            {t('frame.permissionDenied.back')}
          </Button>
        )
      }
    />
  );
}

/** /app/pages/error, and the page the frame shows when a page crashes (with 'Try again'). */
export function FrameErrorPage({ detail, onRetry }: { detail?: string | undefined; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <StatusLayout
      icon={<ErrorOutline color="error" sx={{ fontSize: 72 }} aria-hidden />}
      title={t('frame.error.title')}
      text={
        <>
          {t('errors.pageFailed')}
          {detail !== undefined && ` ${detail}`}
        </>
      }
      actions={
        <>
          {onRetry !== undefined && (
            <Button variant="contained" onClick={onRetry}>
              {t('frame.error.tryAgain')}
            </Button>
          )}
          <Button variant={onRetry === undefined ? 'contained' : 'outlined'} component={RouterLink} to="/app">
            {t('frame.error.backHome')}
          </Button>
        </>
      }
    />
  );
}

/**
 * The error boundary of the pages inside the frame. The router resets it on every navigation (so
 * it is keyed by location); 'Try again' navigates to the same location, which renders the page anew.
 */
export function FrameRouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <FrameErrorPage
      detail={error instanceof ApiError ? errorMessage(error) : undefined}
      onRetry={() => void navigate(`${location.pathname}${location.search}`, { replace: true })}
    />
  );
}

export function ErrorDemoPage() {
  return <FrameErrorPage />;
}
