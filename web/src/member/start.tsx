import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CheckInPage } from './CheckInPage';
import { checkInPathPrefix } from '@app/contract/kioskNames';

/**
 * Draws the check-in page (/m/in/<code>) into `root`. The member's own page (/m/<token>) is drawn on
 * the server (issue 45, point 1; api/src/modules/portal/page); this entry is left with the check-in,
 * which needs the phone's remembered link (local storage) that only a script can read.
 */
export function start(root: HTMLElement) {
  const path = window.location.pathname;
  const code = path.toLowerCase().startsWith(checkInPathPrefix) ? path.slice(checkInPathPrefix.length) : '';
  createRoot(root).render(
    <StrictMode>
      <CheckInPage code={decodeURIComponent(code)} />
    </StrictMode>,
  );
}
