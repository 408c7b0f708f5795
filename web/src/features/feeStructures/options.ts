import { useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { resourcePaths } from '../../lib/table/resource';
import type { Resource } from '../../lib/table/resource';
import { resourceKey } from '../../lib/table/useResourceList';
import { packageResource } from '../packages/resource';
import { feeTypeResource } from '../feeTypes/resource';

/** The largest page the API serves; a catalogue of fee types or packages is far smaller. */
const optionsPageSize = 100;

function useOptions<R>(resource: Resource<R>, sort: string) {
  return useQuery({
    // Under the resource's key, so saving a fee type or package refreshes these lists too.
    queryKey: [...resourceKey(resource), 'options'],
    queryFn: ({ signal }) =>
      get(resourcePaths(resource).list, {
        query: { page: 0, pageSize: optionsPageSize, sort },
        schema: resource.list,
        signal,
      }),
    select: (page) => page.items,
  });
}

/** Every fee type, inactive ones included, so a structure using one still shows its name. */
export function useFeeTypeOptions() {
  return useOptions(feeTypeResource, 'name');
}

export function usePackageOptions() {
  return useOptions(packageResource, 'packageName');
}
