import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemberPage, tokenOf } from './MemberPage';

/** Draws the member page into `root` (replacing member.html's outline). */
export function start(root: HTMLElement) {
  createRoot(root).render(
    <StrictMode>
      <MemberPage token={tokenOf(window.location.pathname)} />
    </StrictMode>,
  );
}
