// The member page's own entry (member.html, issue 37): the server sends that page for every /m/...
// address. React and the page, nothing of the admin app (no router, i18next, MUI or TanStack Query),
// so a phone on a slow network draws it from a small download (bench/src/routeWeights.ts).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemberPage, tokenOf } from './MemberPage';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MemberPage token={tokenOf(window.location.pathname)} />
  </StrictMode>,
);
