import type { PermissionAction, PermissionRecord } from '@app/contract/modules';
import { normalisePermissions } from '@app/contract/staffRoleNames';

export type Checked = 'all' | 'some' | 'none';

function stateOf(values: readonly boolean[]): Checked {
  const on = values.filter(Boolean).length;
  if (on === 0) return 'none';
  return on === values.length ? 'all' : 'some';
}

const actionsOf = (record: PermissionRecord) => [record.view, record.add, record.edit, record.delete];

/** How much of one module's row is granted. */
export function rowState(record: PermissionRecord): Checked {
  return stateOf(actionsOf(record));
}

/** How much of one action's column is granted, over every module. */
export function columnState(records: readonly PermissionRecord[], action: PermissionAction): Checked {
  return stateOf(records.map((record) => record[action]));
}

/** How much of the whole grid is granted. */
export function gridState(records: readonly PermissionRecord[]): Checked {
  return stateOf(records.flatMap(actionsOf));
}

export function setCell(
  records: readonly PermissionRecord[],
  module: string,
  action: PermissionAction,
  value: boolean,
): PermissionRecord[] {
  return records.map((r) => (r.moduleUniqueName === module ? { ...r, [action]: value } : r));
}

/** Every action of one module on or off. */
export function setRow(
  records: readonly PermissionRecord[],
  module: string,
  value: boolean,
): PermissionRecord[] {
  return records.map((r) =>
    r.moduleUniqueName === module ? { ...r, view: value, add: value, edit: value, delete: value } : r,
  );
}

/** One action on or off for every module. */
export function setColumn(
  records: readonly PermissionRecord[],
  action: PermissionAction,
  value: boolean,
): PermissionRecord[] {
  return records.map((r) => ({ ...r, [action]: value }));
}

export function setAll(records: readonly PermissionRecord[], value: boolean): PermissionRecord[] {
  return records.map((r) => ({ ...r, view: value, add: value, edit: value, delete: value }));
}

/** Every module in the contract's order with nothing granted: the grid of a new role. */
export const emptyPermissions = (): PermissionRecord[] => normalisePermissions([]);
