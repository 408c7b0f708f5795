// The staff form's schemas, loaded with zod when the form first opens (staffForm.ts's loaders).
import { minPasswordLength } from '@app/contract/auth';
import { addStaffSchema, editStaffSchema, staffStatuses } from '@app/contract/staff';
import { z } from 'zod';
import type { StaffFormOutput, StaffFormValues } from './staffFormTypes';

export const atLeastOneBranch = 'staff.atLeastOneBranch';
export const passwordTooShort = `At least ${minPasswordLength} characters`;

const shared = {
  staffName: addStaffSchema.shape.staffName,
  email: addStaffSchema.shape.email,
  mobile: editStaffSchema.shape.mobile.unwrap(),
  roleId: addStaffSchema.shape.roleId,
  allBranches: z.boolean(),
  branchIds: z.array(z.number().int().positive()).nullable(),
};

function branchesChosen(values: { allBranches: boolean; branchIds: number[] | null }, ctx: z.RefinementCtx) {
  if (!values.allBranches && (values.branchIds ?? []).length === 0) {
    ctx.addIssue({ code: 'custom', path: ['branchIds'], message: atLeastOneBranch });
  }
}

function body<V extends { allBranches: boolean; branchIds: number[] | null }>(values: V) {
  const { allBranches, branchIds, ...rest } = values;
  return { ...rest, branchIds: allBranches ? null : [...new Set(branchIds ?? [])].sort((a, b) => a - b) };
}

/** Add: every field of addStaff, the password included. */
export const addStaffFormSchema = z
  .object({ ...shared, password: addStaffSchema.shape.password })
  .superRefine(branchesChosen)
  .transform(body) as unknown as z.ZodType<StaffFormOutput, StaffFormValues>;

/** Edit: no password (Reset password does that), and the status, so a deactivated one can return. */
export const editStaffFormSchema = z
  .object({ ...shared, status: z.enum(staffStatuses) })
  .superRefine(branchesChosen)
  .transform(body) as unknown as z.ZodType<StaffFormOutput, StaffFormValues>;
