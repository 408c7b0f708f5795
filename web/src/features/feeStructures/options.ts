import { useOptions } from '../../lib/table/useOptions';
import { packageResource } from '../packages/resource';
import { feeTypeResource } from '../feeTypes/resource';

/** Every fee type, inactive ones included, so a structure using one still shows its name. */
export function useFeeTypeOptions() {
  return useOptions(feeTypeResource, 'name');
}

export function usePackageOptions() {
  return useOptions(packageResource, 'packageName');
}
