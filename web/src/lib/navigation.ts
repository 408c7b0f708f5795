let leaving = false;

// A full page load on purpose: after the session is dropped or the branch changes, every cached
// query and in-memory store must start over, which a client-side route change would not do.
export function hardNavigate(path: string): void {
  leaving = true;
  window.location.assign(path);
}

/** Starts the current page over, for the same reason (a new active branch). */
export function reloadPage(): void {
  leaving = true;
  window.location.reload();
}

/**
 * True once a full load is under way: the page must not start a client-side redirect of its own
 * then (clearing the session re-renders guards before the browser has left).
 */
export function isLeavingPage(): boolean {
  return leaving;
}

/** A record id from the path, or null (then no call is made: the page says not found). */
export function parseRouteId(raw: string | undefined): number | null {
  if (raw === undefined || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}
