// Whether notistack's provider is mounted: below both the lazily loaded host (NotistackHost.tsx),
// which reports it, and notify.ts, which waits for it, so neither imports the other back (issue 35).

// Settled while a provider is mounted; a new promise after it unmounts (tests mount one per case).
let providerUp!: () => void;
let providerMounted = new Promise<void>((resolve) => (providerUp = resolve));

/** Called by the provider's host when it mounts and unmounts. */
export function hostMounted(mounted: boolean): void {
  if (mounted) providerUp();
  else providerMounted = new Promise<void>((resolve) => (providerUp = resolve));
}

/** Settles once a provider is mounted (at once while one is). */
export const whenProviderMounted = (): Promise<void> => providerMounted;
