// Notifications (notistack), whose code (~7 KB gzip) is not part of what a page loads first
// (issue 21): `<Notifications />` (AppProviders) mounts notistack's provider once its code has
// come, fetched when the browser is idle after the first page or with the first message, whichever
// is sooner. A message sent before the provider is up waits for it; its key is known at once.
import type { OptionsObject, SnackbarKey, SnackbarMessage } from 'notistack';
import type * as HostModule from './NotistackHost';
import { whenProviderMounted } from './providerMounted';

export type { SnackbarKey };
export type NotifyOptions = OptionsObject;

type Host = typeof HostModule;

let hostCode: Promise<Host> | undefined;
let loadedHost: Host | undefined;
const hostLoadedListeners = new Set<(host: Host) => void>();

/** notistack's provider and functions: downloaded once, told to every mounted `<Notifications />`. */
export function loadHost(): Promise<Host> {
  hostCode ??= import('./NotistackHost').then(
    (host) => {
      loadedHost = host;
      for (const listener of hostLoadedListeners) listener(host);
      return host;
    },
    (error: unknown) => {
      // Not downloaded (offline): the next message asks again.
      hostCode = undefined;
      throw error;
    },
  );
  return hostCode;
}

export function onHostLoaded(listener: (host: Host) => void): () => void {
  hostLoadedListeners.add(listener);
  return () => hostLoadedListeners.delete(listener);
}

export const hostIfLoaded = (): Host | undefined => loadedHost;

let lastKey = 0;

/** Shows `message` as soon as the provider is up; returns its key for closeSnackbar. */
export function enqueueSnackbar(message: SnackbarMessage, options: NotifyOptions = {}): SnackbarKey {
  const key = options.key ?? `notify-${++lastKey}`;
  loadHost()
    .then(whenProviderMounted)
    .then(() => loadedHost!.notistack.enqueueSnackbar(message, { ...options, key }))
    .catch(() => {});
  return key;
}

/** Closes one message, or all without a key. */
export function closeSnackbar(key?: SnackbarKey): void {
  loadHost()
    .then(whenProviderMounted)
    .then(() => loadedHost!.notistack.closeSnackbar(key))
    .catch(() => {});
}

const api = { enqueueSnackbar, closeSnackbar };

/** notistack's hook, same shape: the functions above. */
export function useSnackbar(): typeof api {
  return api;
}
