import { closeSnackbar } from './notify/notify';
import type { SnackbarKey } from './notify/notify';
import { CloseButton } from './notify/CloseButton';

/** A notification's close button for a screen's own action (notistack's `action` replaces the host's). */
export function CloseSnackbar({ id }: { id: SnackbarKey }) {
  return <CloseButton onClose={() => closeSnackbar(id)} />;
}
