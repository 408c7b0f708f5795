import { mayRead } from '../../lib/session';
import { useOptions } from '../../lib/table/useOptions';
import { feeStructureResource } from '../feeStructures/resource';

/** Every fee structure, inactive ones included, so an enquiry naming one still shows its name. */
export function useFeeStructureOptions() {
  // Enquiries imply reading fee structures (contract impliedReads).
  return useOptions(feeStructureResource, 'name', { enabled: mayRead('feeStructures') });
}
