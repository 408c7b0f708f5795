import { staffSortFields } from '@app/contract/listNames';
import type { Staff } from '@app/contract/staff';
import { defineResource } from '../../lib/table/resource';

/** Staff has routes of its own (spec section 7): the id travels in the body or the path. */
export const staffResource = defineResource<Staff>({
  name: 'staff',
  label: 'Staff',
  plural: 'Staff',
  module: 'staff',
  sortFields: staffSortFields,
  filterNames: ['includeInactive'],
  rowId: (row) => row.staffId,
  routes: {
    list: '/staff/getActiveStaffByClient',
    export: '/staff/exportStaff',
    create: '/staff/addStaff',
    update: '/staff/editStaff',
    remove: '/staff/deleteStaff',
    idParam: 'staffId',
    updateId: 'body',
    removeId: 'path',
  },
});
