// A full page load on purpose: after the session is dropped or the branch changes, every cached
// query and in-memory store must start over, which a client-side route change would not do.
export function hardNavigate(path: string): void {
  window.location.assign(path);
}
