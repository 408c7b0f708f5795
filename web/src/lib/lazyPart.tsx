import { Suspense, lazy, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/**
 * A component whose code is downloaded the first time it renders: the forms and dialogs of a
 * screen, which most visits never open, stay out of what the screen loads first (issue 21).
 */
// Any props, as React's own `lazy` takes: the part keeps its own props type (M[K]).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

export function lazyPart<M extends Record<K, AnyComponent>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  // The module may export other things too (a form's helpers); only `name` is the part.
  return lazy(async () => ({ default: (await load())[name] }));
}

/** Shown in place of a part while its code downloads. */
export function PartLoading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 120 }}>
      <CircularProgress size={28} aria-label={t('app.loading')} />
    </Box>
  );
}

/** Loads a lazy part (with its loading state) where it is rendered. */
export function PartSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PartLoading />}>{children}</Suspense>;
}

/**
 * Renders a lazy dialog from the first time it opens on, never before, and keeps it mounted after
 * it closes so it can fade out. Nothing shows while its code downloads (a dialog is a moment away).
 */
export function OpenedOnce({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
