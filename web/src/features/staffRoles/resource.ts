import { staffRoleSchema, staffRoleSortFields } from '@app/contract/staffRoles';
import type { StaffRole } from '@app/contract/staffRoles';
import { defineResource } from '../../lib/table/resource';

export const staffRoleResource = defineResource<StaffRole>({
  name: 'staffRole',
  label: 'StaffRole',
  plural: 'StaffRoles',
  module: 'staffRoles',
  record: staffRoleSchema,
  sortFields: staffRoleSortFields,
});
