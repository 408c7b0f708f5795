import { useMemo, useState } from 'react';
import LockResetIcon from '@mui/icons-material/LockReset';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { GridColDef } from '@mui/x-data-grid';
import type { Staff } from '@app/contract/staff';
import type { Control, UseFormReturn } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldRow } from '../../lib/form/FieldRow';
import { BranchMultiSelect, SelectInput, SwitchInput, TextInput } from '../../lib/form/fields';
import { hasPermission, readStaffDetails } from '../../lib/session';
import { StatusChip } from '../../lib/table/cells';
import { createdAtColumn } from '../../lib/table/columns';
import { ResourcePage } from '../../lib/table/ResourcePage';
import type { RowAction } from '../../lib/table/ResourceTable';
import { useTableState } from '../../lib/table/useTableState';
import { useSessionView } from '../../lib/useSession';
import { OwnerChip } from '../staffRoles/StaffRolesPage';
import { PasswordInput } from './PasswordInput';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { staffResource } from './resource';
import { useRoleOptions } from './roleOptions';
import { addStaffFormSchema, editStaffFormSchema, staffFormDefaults, staffToValues } from './staffForm';
import type { StaffFormOutput, StaffFormValues } from './staffForm';

type Form = UseFormReturn<StaffFormValues, unknown, StaffFormOutput>;

/** The staff form: the password only when adding, branches as "all" or a list. */
export function StaffFields({ form, editing }: { form: Form; editing: Staff | null }) {
  const { t } = useTranslation();
  // The fields see the values as typed; the transformed output only matters on submit.
  const control = form.control as unknown as Control<StaffFormValues>;
  const roles = useRoleOptions();
  const allBranches = useWatch({ control, name: 'allBranches' });
  const roleOptions = (roles.data ?? []).map((role) => ({ value: role.id, label: role.name }));
  return (
    <>
      <TextInput control={control} name="staffName" label={t('staff.staffName')} required autoFocus />
      <FieldRow>
        <TextInput control={control} name="email" label={t('staff.email')} required autoComplete="off" />
        <TextInput control={control} name="mobile" label={t('staff.mobile')} />
      </FieldRow>
      {roles.isError && <Alert severity="error">{t('staff.rolesFailed')}</Alert>}
      <SelectInput control={control} name="roleId" label={t('staff.role')} options={roleOptions} required />
      <SwitchInput
        control={control}
        name="allBranches"
        label={t('staff.allBranches')}
        helperText={t('staff.allBranchesHelp')}
      />
      {!allBranches && (
        <BranchMultiSelect
          control={control}
          name="branchIds"
          label={t('staff.branches')}
          allLabel={t('staff.chooseBranches')}
          required
        />
      )}
      {editing === null ? (
        <PasswordInput
          control={control}
          name="password"
          label={t('staff.password')}
          helperText={t('staff.passwordHelp')}
          required
        />
      ) : (
        <StatusSwitchField form={form} />
      )}
    </>
  );
}

/** Active / inactive as a switch over the form's status text. */
function StatusSwitchField({ form }: { form: Form }) {
  const { t } = useTranslation();
  const status = useWatch({ control: form.control, name: 'status' });
  return (
    <FormControlLabel
      label={t('staff.active')}
      control={
        <Switch
          checked={status === 'active'}
          onChange={(event) =>
            form.setValue('status', event.target.checked ? 'active' : 'inactive', { shouldDirty: true })
          }
        />
      }
    />
  );
}

/** Show inactive: the list's includeInactive filter, kept in the URL like the others. */
function ShowInactive() {
  const { t } = useTranslation();
  const state = useTableState({
    sortFields: staffResource.sortFields,
    filterNames: staffResource.filterNames,
  });
  return (
    <FormControlLabel
      sx={{ mx: 0.5 }}
      label={t('staff.showInactive')}
      control={
        <Switch
          size="small"
          checked={state.filters.includeInactive === 'true'}
          onChange={(event) => state.setFilter('includeInactive', event.target.checked ? 'true' : '')}
        />
      }
    />
  );
}

export function StaffPage() {
  const { t } = useTranslation();
  const { branches } = useSessionView();
  const [resetting, setResetting] = useState<{ row: Staff | null; open: boolean; seq: number }>({
    row: null,
    open: false,
    seq: 0,
  });

  const columns = useMemo<GridColDef<Staff>[]>(() => {
    const branchName = new Map(branches.map((branch) => [branch.id, branch.name]));
    return [
      { field: 'staffName', headerName: t('staff.staffName'), flex: 1, minWidth: 160 },
      { field: 'email', headerName: t('staff.email'), flex: 1.2, minWidth: 190 },
      { field: 'mobile', headerName: t('staff.mobile'), width: 140, sortable: false },
      {
        field: 'roleName',
        headerName: t('staff.role'),
        width: 170,
        sortable: false,
        renderCell: ({ row }) => (row.isOwner ? <OwnerChip /> : row.roleName),
      },
      {
        field: 'branchIds',
        headerName: t('staff.branches'),
        width: 170,
        sortable: false,
        valueGetter: (value: number[] | null) =>
          value === null
            ? t('staff.allBranches')
            : value.map((id) => branchName.get(id) ?? `#${id}`).join(', '),
      },
      {
        field: 'status',
        headerName: t('table.status'),
        width: 110,
        renderCell: ({ row }) => <StatusChip active={row.status === 'active'} />,
      },
      createdAtColumn<Staff>(t),
    ];
  }, [t, branches]);

  const rowActions = useMemo<RowAction<Staff>[]>(() => {
    if (!hasPermission('staff', 'edit')) return [];
    const self = readStaffDetails()?.staffId;
    return [
      {
        key: 'resetPassword',
        label: t('staff.resetPassword'),
        icon: <LockResetIcon />,
        // One's own password is changed from the user menu.
        shown: (row) => row.staffId !== self,
        onClick: (row) => setResetting((r) => ({ row, open: true, seq: r.seq + 1 })),
      },
    ];
  }, [t]);

  return (
    <>
      <ResourcePage<Staff, StaffFormValues, StaffFormOutput>
        resource={staffResource}
        texts={{
          title: t('staff.title'),
          subtitle: t('staff.subtitle'),
          add: t('staff.add'),
          addTitle: t('staff.addTitle'),
          editTitle: t('staff.editTitle'),
          emptyTitle: t('staff.emptyTitle'),
          emptyText: t('staff.emptyText'),
        }}
        columns={columns}
        hiddenColumns={['createdAt']}
        rowName={(row) => row.staffName}
        schema={addStaffFormSchema}
        editSchema={editStaffFormSchema}
        defaults={staffFormDefaults}
        toValues={staffToValues}
        renderFields={(form, row) => <StaffFields form={form} editing={row} />}
        toolbarExtra={<ShowInactive />}
        rowActions={rowActions}
        deleteTexts={{
          title: t('staff.deactivateTitle'),
          text: (name) => t('staff.deactivateText', { name }),
          confirm: t('staff.deactivate'),
        }}
        formWidth="sm"
      />
      <ResetPasswordDialog
        key={resetting.seq}
        staff={resetting.row}
        open={resetting.open}
        onClose={() => setResetting((r) => ({ ...r, open: false }))}
      />
    </>
  );
}
