import { useMemo, useState } from 'react';
import LockResetIcon from '@mui/icons-material/LockReset';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { GridColDef } from '@mui/x-data-grid';
import type { Staff } from '@app/contract/staff';
import { useTranslation } from 'react-i18next';
import { hasPermission, readStaffDetails } from '../../lib/session';
import { StatusChip } from '../../lib/table/cells';
import { createdAtColumn } from '../../lib/table/columns';
import { ResourcePage } from '../../lib/table/ResourcePage';
import type { RowAction } from '../../lib/table/ResourceTable';
import { useTableState } from '../../lib/table/useTableState';
import { useSessionView } from '../../lib/useSession';
import { OpenedOnce, PartSuspense, lazyPart } from '../../lib/lazyPart';
import { OwnerChip } from '../staffRoles/OwnerChip';
import { staffResource } from './resource';
import { loadAddStaffSchema, loadEditStaffSchema, staffFormDefaults, staffToValues } from './staffForm';
import type { StaffFormOutput, StaffFormValues } from './staffFormTypes';

// Downloaded when first opened, not with the list (issue 21).
const StaffFields = lazyPart(() => import('./StaffFields'), 'StaffFields');
const ResetPasswordDialog = lazyPart(() => import('./ResetPasswordDialog'), 'ResetPasswordDialog');

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
        schema={loadAddStaffSchema}
        editSchema={loadEditStaffSchema}
        defaults={staffFormDefaults}
        toValues={staffToValues}
        renderFields={(form, row) => (
          <PartSuspense>
            <StaffFields form={form} editing={row} />
          </PartSuspense>
        )}
        toolbarExtra={<ShowInactive />}
        rowActions={rowActions}
        deleteTexts={{
          title: t('staff.deactivateTitle'),
          text: (name) => t('staff.deactivateText', { name }),
          confirm: t('staff.deactivate'),
        }}
        formWidth="sm"
      />
      <OpenedOnce open={resetting.open}>
        <ResetPasswordDialog
          key={resetting.seq}
          staff={resetting.row}
          open={resetting.open}
          onClose={() => setResetting((r) => ({ ...r, open: false }))}
        />
      </OpenedOnce>
    </>
  );
}
