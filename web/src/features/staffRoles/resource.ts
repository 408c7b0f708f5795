import { staffRoleSortFields } from '@app/contract/listNames';
import type { StaffRole } from '@app/contract/staffRoles';
import { defineResource } from '../../lib/table/resource';

export const staffRoleResource = defineResource<StaffRole>({
  name: 'staffRole',
  label: 'StaffRole',
  plural: 'StaffRoles',
  module: 'staffRoles',
  sortFields: staffRoleSortFields,
});
