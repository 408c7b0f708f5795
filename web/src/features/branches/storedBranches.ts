import type { Branch } from '@app/contract/branches';
import { hardNavigate } from '../../lib/navigation';
import {
  clearActiveBranch,
  readActiveBranch,
  readBranches,
  writeActiveBranch,
  writeBranches,
} from '../../lib/session';

// The branches list and active branch in local storage (spec section 3) are what the top bar and
// the branch dialog offer, so changes made on /app/branches are mirrored there at once.

function upsert(branch: { id: number; name: string }): void {
  const stored = readBranches();
  const index = stored.findIndex((candidate) => candidate.id === branch.id);
  const next =
    index === -1
      ? [...stored, { id: branch.id, name: branch.name }]
      : stored.map((candidate) =>
          candidate.id === branch.id ? { id: branch.id, name: branch.name } : candidate,
        );
  writeBranches(next);
}

/** After a create or an update: an active branch is usable, an inactive one no longer is. */
export function rememberBranch(branch: Branch): void {
  if (branch.status !== 'active') {
    forgetBranch(branch.id);
    return;
  }
  upsert(branch);
  const active = readActiveBranch();
  if (active?.id === branch.id && active.name !== branch.name) {
    writeActiveBranch({ id: branch.id, name: branch.name });
  }
}

/** After a delete (or deactivation): it leaves the list, and stops being the active branch. */
export function forgetBranch(id: number): void {
  writeBranches(readBranches().filter((branch) => branch.id !== id));
  if (readActiveBranch()?.id === id) clearActiveBranch();
}

/** 'Use this branch': stores it as active and in the list, then starts the app over on it. */
export function chooseBranch(branch: { id: number; name: string }): void {
  writeActiveBranch({ id: branch.id, name: branch.name });
  upsert(branch);
  hardNavigate('/app');
}
