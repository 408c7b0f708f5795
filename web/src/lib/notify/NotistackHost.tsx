import { useEffect } from 'react';
import * as notistack from 'notistack';
import { CloseButton } from './CloseButton';
import { hostMounted } from './providerMounted';

export { notistack };

/** Notification auto-hide of the specification (section 9). */
const notificationAutoHideMs = 3000;

/** notistack's provider, without children: messages reach it through its global functions. */
export function NotistackHost() {
  useEffect(() => {
    hostMounted(true);
    return () => hostMounted(false);
  }, []);
  return (
    <notistack.SnackbarProvider
      autoHideDuration={notificationAutoHideMs}
      maxSnack={3}
      action={(id) => <CloseButton onClose={() => notistack.closeSnackbar(id)} />}
    />
  );
}
