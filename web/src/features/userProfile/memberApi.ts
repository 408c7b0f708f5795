import { useQueries, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { listResponseSchema } from '@app/contract/list';
import { userHistoryEntrySchema, userSchema } from '@app/contract/users';
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
    queryFn: ({ signal }) => get('/user/getUser', { query: { userId }, schema: userSchema, signal }),
    enabled: userId !== null,
    // The page shows not-found or the failure itself.
    meta: { handlesError: true },
  });
}

const historySchema = listResponseSchema(userHistoryEntrySchema);
export type HistoryEntry = z.infer<typeof userHistoryEntrySchema>;

export function useMemberHistory(userId: number, page: number) {
  return useQuery({
    queryKey: [...historyKey(userId), page],
    queryFn: ({ signal }) =>
      get('/user/getUserHistory', {
        query: { userId, page, pageSize: historyPageSize },
        schema: historySchema,
        signal,
      }),
    meta: { handlesError: true },
  });
}

const named = z.object({ name: z.string() }).transform((r) => r.name);

/** The catalogue records a member points at; each has a get route `/{kind}/get{Label}?{kind}Id=`. */
const catalogue = {
  room: { path: '/room/getRoom', param: 'roomId', schema: named },
  // Packages keep the specification's field name.
  package: {
    path: '/package/getPackage',
    param: 'packageId',
    schema: z.object({ packageName: z.string() }).transform((r) => r.packageName),
  },
  feeStructure: { path: '/feeStructure/getFeeStructure', param: 'feeStructureId', schema: named },
} as const;

export type CatalogueKind = keyof typeof catalogue;

/**
 * Names of rooms, packages or fee structures by id. Everyone who may open a profile may read them
 * (contract impliedReads); a read that fails all the same is announced by the query client, and
 * the page goes on with the id ("Room #3") instead of failing.
 */
export function useCatalogueNames(kind: CatalogueKind, ids: Iterable<number>): Map<number, string> {
  const { path, param, schema } = catalogue[kind];
  const list = [...new Set(ids)].sort((a, b) => a - b);
  const branchId = readActiveBranch()?.id ?? null;
  const results = useQueries({
    queries: list.map((id) => ({
      queryKey: [kind, 'one', branchId, id],
      queryFn: ({ signal }: { signal: AbortSignal }) => get(path, { query: { [param]: id }, schema, signal }),
      staleTime: 5 * 60_000,
    })),
  });
  const names = new Map<number, string>();
  results.forEach((result, i) => {
    if (result.data !== undefined) names.set(list[i]!, result.data);
  });
  return names;
}
