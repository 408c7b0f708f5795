import { hasPermission } from '../../lib/session';
import { useOptions } from '../../lib/table/useOptions';
import { feeStructureResource } from '../feeStructures/resource';

/** Every fee structure, inactive ones included, so an enquiry naming one still shows its name. */
export function useFeeStructureOptions() {
  // A reader without access to fee structures sees ids instead of names, not an error notice.
  return useOptions(feeStructureResource, 'name', {
    enabled: hasPermission('feeStructures', 'view'),
    quiet: true,
  });
}
