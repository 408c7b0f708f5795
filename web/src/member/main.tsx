// The member page's own entry (member.html, issue 37): the server sends that page for every /m/...
// address. React and the page, nothing of the admin app (no router, i18next, MUI or TanStack Query),
// so a phone on a slow network draws it from a small download (bench/src/routeWeights.ts).
//
// member.html draws an outline of the page by itself. The page's code is fetched once that outline
// is on screen (after the next frame), so it never holds the first paint back; on a phone the
// outline shows while React and the member's summary are on their way.
const afterFirstPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

void afterFirstPaint()
  .then(() => import('./start'))
  .then(({ start }) => start(document.getElementById('root')!));
