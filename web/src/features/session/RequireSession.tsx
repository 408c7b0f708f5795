import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { isLeavingPage } from '../../lib/navigation';
import { useSessionView } from '../../lib/useSession';

/** Everything under /app needs a stored access token; without one the visitor signs in first. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { signedIn } = useSessionView();
  if (!signedIn) return isLeavingPage() ? null : <Navigate to="/login" replace />;
  return children;
}
