// MUI's own texts in Hindi (pager, breadcrumbs, alerts), a chunk of their own: fetched only when
// Hindi is on screen, so the sign-in page's weight stays as it was (e2e weight.spec, issue 48).
export { hiIN } from '@mui/material/locale';
