import { useSyncExternalStore } from 'react';
import { getSessionView, subscribeSession } from './session';
import type { SessionView } from './session';

/** The stored session as the frame shows it; re-renders when it changes. */
export function useSessionView(): SessionView {
  return useSyncExternalStore(subscribeSession, getSessionView);
}
