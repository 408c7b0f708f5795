import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { zodResolver } from '@hookform/resolvers/zod';
import { fullPermissions, moduleNames } from '@app/contract/modules';
import type { PermissionRecord } from '@app/contract/modules';
import { staffRoleInputSchema } from '@app/contract/staffRoles';
import type { StaffRoleInput } from '@app/contract/staffRoles';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import '../../lib/i18n';
import { emptyPermissions } from './PermissionGrid';
import { StaffRoleFields } from './StaffRoleFields';

let latest: PermissionRecord[] = [];

function Host({ permissions, readOnly = false }: { permissions: PermissionRecord[]; readOnly?: boolean }) {
  const form = useForm<StaffRoleInput, unknown, z.output<typeof staffRoleInputSchema>>({
    resolver: zodResolver(staffRoleInputSchema),
    defaultValues: { name: 'Front desk', description: '', permissions },
  });
  latest = form.watch('permissions') as PermissionRecord[];
  return <StaffRoleFields form={form} readOnly={readOnly} />;
}

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const record = (module: string) => latest.find((r) => r.moduleUniqueName === module)!;

afterEach(() => {
  latest = [];
});

describe('PermissionGrid', () => {
  it('lists every module in the contract order with View, Add, Edit and Delete', () => {
    render(<Host permissions={emptyPermissions()} />);
    const rows = screen.getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(rows).toHaveLength(moduleNames.length);
    expect(rows[0]).toBe('Dashboard');
    expect(rows.at(-1)).toBe('Devices');
    expect(box('Packages: View').checked).toBe(false);
  });

  it('a row toggle turns every action of its module on, then off', () => {
    render(<Host permissions={emptyPermissions()} />);
    fireEvent.click(box('All permissions for Packages'));
    expect(record('packages')).toEqual({
      moduleUniqueName: 'packages',
      view: true,
      add: true,
      edit: true,
      delete: true,
    });
    expect(record('rooms').view).toBe(false);
    expect(box('Packages: Delete').checked).toBe(true);
    fireEvent.click(box('All permissions for Packages'));
    expect(record('packages').view).toBe(false);
  });

  it('a column toggle turns one action on for every module', () => {
    render(<Host permissions={emptyPermissions()} />);
    fireEvent.click(box('View for every module'));
    expect(latest.every((r) => r.view && !r.add)).toBe(true);
    expect(box('View for every module').checked).toBe(true);
    fireEvent.click(box('View for every module'));
    expect(latest.every((r) => !r.view)).toBe(true);
  });

  it('shows a partly granted row or column as indeterminate; clicking it grants all', () => {
    render(<Host permissions={emptyPermissions()} />);
    fireEvent.click(box('Staff: View'));
    const row = box('All permissions for Staff');
    const column = box('View for every module');
    expect(row.dataset.indeterminate).toBe('true');
    expect(column.dataset.indeterminate).toBe('true');
    expect(box('Every permission').dataset.indeterminate).toBe('true');
    expect(box('All permissions for Rooms').dataset.indeterminate).toBe('false');
    fireEvent.click(row);
    expect(record('staff')).toMatchObject({ view: true, add: true, edit: true, delete: true });
    expect(box('All permissions for Staff').dataset.indeterminate).toBe('false');
    expect(box('All permissions for Staff').checked).toBe(true);
  });

  it('shows the Owner role read-only: everything checked and disabled, with the note', () => {
    render(<Host permissions={fullPermissions()} readOnly />);
    expect(screen.getByText('The Owner role always has every permission.')).toBeTruthy();
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.length).toBe(moduleNames.length * 5 + 5);
    expect(boxes.every((b) => b.checked && b.disabled)).toBe(true);
    expect((screen.getByRole('textbox', { name: /Role name/ }) as HTMLInputElement).disabled).toBe(true);
  });
});
