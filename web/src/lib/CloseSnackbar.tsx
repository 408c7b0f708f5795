import Close from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import { closeSnackbar } from './notify/notify';
import type { SnackbarKey } from './notify/notify';
import { useTranslation } from 'react-i18next';

/** The close button every notification carries, so it can be cleared before it hides itself. */
export function CloseSnackbar({ id }: { id: SnackbarKey }) {
  const { t } = useTranslation();
  return (
    <IconButton
      size="small"
      color="inherit"
      aria-label={t('frame.closeNotification')}
      onClick={() => closeSnackbar(id)}
    >
      <Close fontSize="small" />
    </IconButton>
  );
}
