import { useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { readActiveBranch } from '../../lib/session';
import { resourcePaths } from '../../lib/table/resource';
import type { Resource } from '../../lib/table/resource';
import { resourceKey } from '../../lib/table/useResourceList';
import { feeStructureResource } from '../feeStructures/resource';
import { packageResource } from '../packages/resource';
import { roomResource } from '../rooms/resource';

/** The largest page the API serves; a branch has far fewer rooms, packages or fee structures. */
const optionsPageSize = 100;

function useOptions<R>(resource: Resource<R>, sort: string) {
  // Rooms belong to a branch, so the branch is part of the key.
  const branchId = readActiveBranch()?.id ?? null;
  return useQuery({
    // Under the resource's key, so saving a room or package refreshes these lists too.
    queryKey: [...resourceKey(resource), 'memberOptions', branchId],
    queryFn: ({ signal }) =>
      get(resourcePaths(resource).list, {
        query: { page: 0, pageSize: optionsPageSize, sort },
        schema: resource.list,
        signal,
      }),
    select: (page) => page.items,
    // A reader without the module's view still gets the member screens, only without names.
    meta: { handlesError: true },
    retry: false,
  });
}

export function useRoomOptions() {
  return useOptions(roomResource, 'name');
}

export function usePackageOptions() {
  return useOptions(packageResource, 'packageName');
}

export function useFeeStructureOptions() {
  return useOptions(feeStructureResource, 'name');
}

/** id -> name maps of the three catalogues, for table cells. */
export function useMemberLookups() {
  const rooms = useRoomOptions();
  const packages = usePackageOptions();
  const feeStructures = useFeeStructureOptions();
  return {
    rooms: rooms.data ?? [],
    packages: packages.data ?? [],
    feeStructures: feeStructures.data ?? [],
  };
}
