// The staff form's values, apart from its schemas (staffFormSchema.ts) and fields (StaffFields.tsx),
// so the list holds the form's defaults without downloading zod before the form first opens.
import type { Staff } from '@app/contract/staff';
import { lazySchema } from '../../lib/form/lazySchema';
import type { StaffFormValues } from './staffFormTypes';

/** The schemas of Add and Edit, downloaded (with zod) when the form first opens (lib/form/lazySchema). */
export const loadAddStaffSchema = lazySchema(() =>
  import('./staffFormSchema').then((schemas) => schemas.addStaffFormSchema),
);
export const loadEditStaffSchema = lazySchema(() =>
  import('./staffFormSchema').then((schemas) => schemas.editStaffFormSchema),
);

export const staffFormDefaults: Partial<StaffFormValues> = {
  staffName: '',
  email: '',
  mobile: '',
  roleId: undefined,
  allBranches: true,
  branchIds: null,
  password: '',
};

export function staffToValues(row: Staff): StaffFormValues {
  return {
    staffName: row.staffName,
    email: row.email,
    mobile: row.mobile ?? '',
    roleId: row.roleId,
    allBranches: row.branchIds === null,
    branchIds: row.branchIds,
    status: row.status,
  };
}
