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
    const load = () => void loadHost().catch(() => {});
    // Cancelled on unmounting: a test's page is gone by then (and its module loader with it).
    // jsdom has no requestIdleCallback.
    const idle = typeof window.requestIdleCallback === 'function';
    const handle = idle ? window.requestIdleCallback(load) : window.setTimeout(load, 200);
    return () => {
      stop();
      if (idle) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
    };
  }, []);
  if (host === undefined) return null;
  return <host.NotistackHost />;
}
