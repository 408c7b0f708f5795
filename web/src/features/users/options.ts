import { useOptions } from '../../lib/table/useOptions';
import { feeStructureResource } from '../feeStructures/resource';
import { packageResource } from '../packages/resource';
import { roomResource } from '../rooms/resource';

// A reader without a catalogue's view still gets the member screens, only without names.
export function useRoomOptions() {
  return useOptions(roomResource, 'name', { quiet: true });
}

export function usePackageOptions() {
  return useOptions(packageResource, 'packageName', { quiet: true });
}

export function useFeeStructureOptions() {
  return useOptions(feeStructureResource, 'name', { quiet: true });
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
