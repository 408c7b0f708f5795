import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { hardNavigate } from '../../lib/navigation';
import { PageSpinner } from '../../lib/PageSpinner';
import { useSessionView } from '../../lib/useSession';
import { BranchDialog } from './BranchDialog';
import { branchGate, branchesPath } from './branchGate';

/**
 * Wraps the page of the /app frame. The page itself is held back until a branch is active, so it
 * makes no calls that need one.
 */
export function BranchGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { branches, activeBranch } = useSessionView();
  const decision = branchGate(pathname, branches, activeBranch);

  useEffect(() => {
    if (decision === 'goToBranches') hardNavigate(branchesPath);
  }, [decision]);

  if (decision === 'goToBranches') return <PageSpinner />;
  if (decision === 'selectBranch') return <BranchDialog branches={branches} />;
  return children;
}
