import { useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@app/contract/list';
import type { StaffRole } from '@app/contract/staffRoles';
import { get } from '../../lib/api';
import { resourcePaths } from '../../lib/table/resource';
import { resourceKey } from '../../lib/table/useResourceList';
import { staffRoleResource } from '../staffRoles/resource';

/** Every role of the organisation (the API's largest page), for the role select. */
export function useRoleOptions() {
  return useQuery({
    // Under the roles' key, so saving a role refreshes the select too.
    queryKey: [...resourceKey(staffRoleResource), 'options'],
    queryFn: ({ signal }) =>
      get<ListResponse<StaffRole>>(resourcePaths(staffRoleResource).list, {
        query: { page: 0, pageSize: 100, sort: 'name' },
        signal,
      }),
    select: (page) => page.items,
  });
}
