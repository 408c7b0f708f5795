import { mayRead } from '../../lib/session';
import { useOptions } from '../../lib/table/useOptions';
import { feeStructureResource } from '../feeStructures/resource';
import { packageResource } from '../packages/resource';
import { roomResource } from '../rooms/resource';

// Member screens read the three catalogues by the read their users permission implies
// (contract impliedReads), so front-desk staff see names and can choose.
export function useRoomOptions() {
  return useOptions(roomResource, 'name', { enabled: mayRead('rooms') });
}

export function usePackageOptions() {
  return useOptions(packageResource, 'packageName', { enabled: mayRead('packages') });
}

export function useFeeStructureOptions() {
  return useOptions(feeStructureResource, 'name', { enabled: mayRead('feeStructures') });
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
