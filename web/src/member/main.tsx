// The web's member entry (member.html): the check-in page (/m/in/<code>, issue 47); the member's own
// page (/m/<token>) is drawn on the server (issue 45, point 1). React and the page, nothing of the
// admin app (no router, i18next, MUI or TanStack Query), so a phone draws it from a small download
// (bench/src/routeWeights.ts).
//
// member.html draws an outline by itself. The page's code is fetched once that outline is on screen
// (after the next frame), so it never holds the first paint back.
const afterFirstPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

void afterFirstPaint()
  .then(() => import('./start'))
  .then(({ start }) => start(document.getElementById('root')!));
