import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemberPage, tokenOf } from './MemberPage';
import { CheckInPage } from './CheckInPage';
import { checkInPathPrefix } from '@app/contract/kioskNames';

/** Draws the member page into `root` (replacing member.html's outline). */
export function start(root: HTMLElement) {
  createRoot(root).render(
    <StrictMode>
      {window.location.pathname.toLowerCase().startsWith(checkInPathPrefix) ? (
        <CheckInPage code={decodeURIComponent(window.location.pathname.slice(checkInPathPrefix.length))} />
      ) : (
        <MemberPage token={tokenOf(window.location.pathname)} />
      )}
    </StrictMode>,
  );
}
