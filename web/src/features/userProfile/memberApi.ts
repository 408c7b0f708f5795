import { useQueries, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ListResponse } from '@app/contract/list';
import type { User, userHistoryEntrySchema } from '@app/contract/users';
import { get } from '../../lib/api';
import { readActiveBranch } from '../../lib/session';

/**
 * Every member query starts with 'user', the users resource's key: the members screens' saves and
 * the import invalidate ['user'], which refreshes the profile too.
 */
export const memberKey = (userId: number) => ['user', 'profile', readActiveBranch()?.id ?? null, userId];
export const historyKey = (userId: number) => ['user', 'history', readActiveBranch()?.id ?? null, userId];

export const historyPageSize = 10;

export function useMember(userId: number | null) {
  return useQuery({
    queryKey: memberKey(userId ?? 0),
    queryFn: ({ signal }) => get<User>('/user/getUser', { query: { userId }, signal }),
    enabled: userId !== null,
    // The page shows not-found or the failure itself.
    meta: { handlesError: true },
  });
}

export type HistoryEntry = z.output<typeof userHistoryEntrySchema>;

export function useMemberHistory(userId: number, page: number) {
  return useQuery({
    queryKey: [...historyKey(userId), page],
    queryFn: ({ signal }) =>
      get<ListResponse<HistoryEntry>>('/user/getUserHistory', {
        query: { userId, page, pageSize: historyPageSize },
        signal,
      }),
    meta: { handlesError: true },
  });
}

/**
 * Reads one catalogue record by id (`path?{param}=id`) and takes its name from the answer with
 * `pick`; the answer is not checked in the browser (lib/api.ts).
 */
function nameReader<A>(path: string, param: string, pick: (answer: A) => string) {
  return async (id: number, signal: AbortSignal): Promise<string> =>
    pick(await get<A>(path, { query: { [param]: id }, signal }));
}

const named = (r: { name: string }) => r.name;

/** The catalogue records a member points at; each has a get route `/{kind}/get{Label}?{kind}Id=`. */
const catalogue = {
  room: nameReader('/room/getRoom', 'roomId', named),
  // Packages keep the specification's field name.
  package: nameReader('/package/getPackage', 'packageId', (r: { packageName: string }) => r.packageName),
  feeStructure: nameReader('/feeStructure/getFeeStructure', 'feeStructureId', named),
};

export type CatalogueKind = keyof typeof catalogue;

/**
 * Names of rooms, packages or fee structures by id. Everyone who may open a profile may read them
 * (contract impliedReads); a read that fails all the same is announced by the query client, and
 * the page goes on with the id ("Room #3") instead of failing.
 */
export function useCatalogueNames(kind: CatalogueKind, ids: Iterable<number>): Map<number, string> {
  const readName = catalogue[kind];
  const list = [...new Set(ids)].sort((a, b) => a - b);
  const branchId = readActiveBranch()?.id ?? null;
  const results = useQueries({
    queries: list.map((id) => ({
      // 'name', not 'one': a picker keeps the whole record under [kind, 'one', ...] (ResourcePicker),
      // and must not read a name from the cache as a record. Both sit under [kind], which saves refresh.
      queryKey: [kind, 'name', branchId, id],
      queryFn: ({ signal }: { signal: AbortSignal }) => readName(id, signal),
      staleTime: 5 * 60_000,
    })),
  });
  const names = new Map<number, string>();
  results.forEach((result, i) => {
    if (result.data !== undefined) names.set(list[i]!, result.data);
  });
  return names;
}
