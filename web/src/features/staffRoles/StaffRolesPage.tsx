import { useMemo } from 'react';
import Box from '@mui/material/Box';
import type { GridColDef } from '@mui/x-data-grid';
import type { StaffRole } from '@app/contract/staffRoles';
import { useTranslation } from 'react-i18next';
import { PartSuspense, lazyPart } from '../../lib/lazyPart';
import { createdAtColumn } from '../../lib/table/columns';
import { ResourcePage } from '../../lib/table/ResourcePage';
import { OwnerChip } from './OwnerChip';
import { staffRoleResource } from './resource';
import { loadRoleSchema, roleDefaults, roleToValues } from './roleValues';
import type { RoleOutput, RoleValues } from './roleValues';

// Downloaded when the form first opens, not with the list (issue 21).
const StaffRoleFields = lazyPart(() => import('./StaffRoleFields'), 'StaffRoleFields');

export function StaffRolesPage() {
  const { t } = useTranslation();
  const columns = useMemo<GridColDef<StaffRole>[]>(
    () => [
      {
        field: 'name',
        headerName: t('staffRoles.name'),
        flex: 1,
        minWidth: 180,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: '100%', minWidth: 0 }}>
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {row.name}
            </Box>
            {row.isOwner && <OwnerChip />}
          </Box>
        ),
      },
      { field: 'description', headerName: t('staffRoles.description'), flex: 2, minWidth: 200 },
      {
        field: 'staffCount',
        headerName: t('staffRoles.staffCount'),
        type: 'number',
        width: 120,
        sortable: false,
      },
      createdAtColumn<StaffRole>(t),
    ],
    [t],
  );

  return (
    <ResourcePage<StaffRole, RoleValues, RoleOutput>
      resource={staffRoleResource}
      texts={{
        title: t('staffRoles.title'),
        subtitle: t('staffRoles.subtitle'),
        add: t('staffRoles.add'),
        addTitle: t('staffRoles.addTitle'),
        editTitle: t('staffRoles.editTitle'),
        emptyTitle: t('staffRoles.emptyTitle'),
        emptyText: t('staffRoles.emptyText'),
      }}
      columns={columns}
      hiddenColumns={['createdAt']}
      rowName={(row) => row.name}
      schema={loadRoleSchema}
      defaults={roleDefaults()}
      toValues={roleToValues}
      renderFields={(form, row) => (
        <PartSuspense>
          <StaffRoleFields form={form} readOnly={row?.isOwner === true} />
        </PartSuspense>
      )}
      formWidth="md"
    />
  );
}
