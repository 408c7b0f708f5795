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
