// The staff form's value and body types, below both the form (staffForm.ts) and its lazily loaded
// schemas (staffFormSchema.ts), so neither imports the other back (issue 35).
import type { StaffStatus } from '@app/contract/staff';

/** What the staff form holds: the branches as an "all" switch plus a list. */
export interface StaffFormValues {
  staffName: string;
  email: string;
  mobile: string | null;
  roleId: number;
  allBranches: boolean;
  branchIds: number[] | null;
  /** Add only. */
  password?: string;
  /** Edit only. */
  status?: StaffStatus;
}

/** The body the form sends: addStaff's on Add, editStaff's (without staffId) on Edit. */
export interface StaffFormOutput {
  staffName: string;
  email: string;
  mobile: string | null;
  roleId: number;
  branchIds: number[] | null;
  password?: string;
  status?: StaffStatus;
}
