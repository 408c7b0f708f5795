import { useEffect, useState } from 'react';
import { hostIfLoaded, loadHost, onHostLoaded } from './notify';

/**
 * Where notifications are drawn (once, in AppProviders). notistack's code is fetched when the
 * browser is next idle after the first page, so the first message rarely waits for it.
 */
export function Notifications() {
  const [host, setHost] = useState(hostIfLoaded);
  useEffect(() => {
    const stop = onHostLoaded(setHost);
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    idle(() => void loadHost().catch(() => {}));
    return stop;
  }, []);
  if (host === undefined) return null;
  return <host.NotistackHost />;
}
