import type { Branch, BranchInput } from '@app/contract/branches';
import type { BranchGst, BranchGstInput } from '@app/contract/gst';
import type { ListQuery, ListResponse } from '@app/contract/list';
import { ApiError, del, get, post, put } from '../../lib/api';
import { clearActiveBranch } from '../../lib/session';

export const branchesQueryKey = ['branches'] as const;

export async function fetchBranches(query: ListQuery, signal?: AbortSignal): Promise<ListResponse<Branch>> {
  const load = () => get<ListResponse<Branch>>('/branch/getBranches', { query: { ...query }, signal });
  try {
    return await load();
  } catch (error) {
    // A stored active branch that was closed or taken away makes every call fail; this is the
    // screen where a new one is chosen, so forget the stale one and ask again without it.
    if (error instanceof ApiError && error.reason === 'BRANCH_NOT_ALLOWED') {
      clearActiveBranch();
      return load();
    }
    throw error;
  }
}

export function createBranch(input: BranchInput): Promise<Branch> {
  return post<Branch>('/branch/createBranch', input);
}

export function updateBranch(id: number, input: BranchInput): Promise<Branch> {
  return put<Branch>('/branch/updateBranch', input, { query: { branchId: id } });
}

export function deleteBranch(id: number): Promise<void> {
  return del('/branch/deleteBranch', { query: { branchId: id } });
}

/** A branch's GST settings (issue 44): whether its payments are tax invoices or bills of supply. */
export const branchGstQueryKey = (branchId: number) => ['branches', 'gst', branchId] as const;

export function fetchBranchGst(branchId: number, signal?: AbortSignal): Promise<BranchGst> {
  return get<BranchGst>('/branch/getGst', { query: { branchId }, signal });
}

export function updateBranchGst(branchId: number, input: BranchGstInput): Promise<BranchGst> {
  return put<BranchGst>('/branch/updateGst', input, { query: { branchId } });
}
