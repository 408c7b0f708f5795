import { z } from 'zod';
import { moduleNames } from './moduleNames.ts';

export {
  impliedReads,
  modulesImplyingRead,
  moduleNames,
  permissionActions,
  readImplied,
  type ModuleName,
  type PermissionAction,
} from './moduleNames.ts';

export const permissionRecordSchema = z.object({
  moduleUniqueName: z.enum(moduleNames),
  view: z.boolean(),
  add: z.boolean(),
  edit: z.boolean(),
  delete: z.boolean(),
});

export type PermissionRecord = z.infer<typeof permissionRecordSchema>;

/** Every module with every action: what an organisation's Owner role holds. */
export function fullPermissions(): PermissionRecord[] {
  return moduleNames.map((moduleUniqueName) => ({
    moduleUniqueName,
    view: true,
    add: true,
    edit: true,
    delete: true,
  }));
}
