import { useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { hasPermission } from '../../lib/session';
import { resourcePaths } from '../../lib/table/resource';
import { resourceKey } from '../../lib/table/useResourceList';
import { feeStructureResource } from '../feeStructures/resource';

/** The largest page the API serves; an organisation's fee structures are far fewer. */
const optionsPageSize = 100;

/**
 * Every fee structure, inactive ones included, so an enquiry naming one still shows its name.
 * Under the resource's key, so saving a fee structure refreshes this list too.
 */
export function useFeeStructureOptions() {
  return useQuery({
    queryKey: [...resourceKey(feeStructureResource), 'options'],
    queryFn: ({ signal }) =>
      get(resourcePaths(feeStructureResource).list, {
        query: { page: 0, pageSize: optionsPageSize, sort: 'name' },
        schema: feeStructureResource.list,
        signal,
      }),
    select: (page) => page.items,
    // A reader without access to fee structures sees ids instead of names, not an error notice.
    enabled: hasPermission('feeStructures', 'view'),
    meta: { handlesError: true },
  });
}
