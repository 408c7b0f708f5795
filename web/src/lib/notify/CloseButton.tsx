import Close from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';

/**
 * The close button every notification carries, so it can be cleared before it hides itself. It
 * only draws the button: the host closes through notistack directly, screens through notify.ts
 * (lib/CloseSnackbar.tsx), and so the host never imports notify.ts back (issue 35).
 */
export function CloseButton({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <IconButton size="small" color="inherit" aria-label={t('frame.closeNotification')} onClick={onClose}>
      <Close fontSize="small" />
    </IconButton>
  );
}
