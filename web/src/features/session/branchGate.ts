import type { ActiveBranch, StoredBranch } from '../../lib/session';

/**
 * What the signed-in frame does about the active branch (spec section 4):
 * - 'ok': show the page;
 * - 'selectBranch': branches exist but none is active, so the branch dialog opens;
 * - 'goToBranches': no branch is stored, so the browser is sent to /app/branches by a full load.
 * /app/branches itself is exempt from both, since that is where a branch gets chosen or made.
 */
export type BranchGateDecision = 'ok' | 'selectBranch' | 'goToBranches';

export const branchesPath = '/app/branches';

export function isBranchesPath(pathname: string): boolean {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === branchesPath || trimmed.startsWith(`${branchesPath}/`);
}

export function branchGate(
  pathname: string,
  branches: readonly StoredBranch[],
  activeBranch: ActiveBranch | null,
): BranchGateDecision {
  if (isBranchesPath(pathname)) return 'ok';
  if (branches.length === 0) return 'goToBranches';
  if (activeBranch === null) return 'selectBranch';
  return 'ok';
}
