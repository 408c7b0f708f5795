import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { staffRoleInputSchema } from '@app/contract/staffRoles';
import type { StaffRole, StaffRoleInput } from '@app/contract/staffRoles';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TextInput } from '../../lib/form/fields';
import { createdAtColumn } from '../../lib/table/columns';
import { ResourcePage } from '../../lib/table/ResourcePage';
import { emptyPermissions, PermissionGrid } from './PermissionGrid';
import { staffRoleResource } from './resource';

type Values = StaffRoleInput;
type Output = z.output<typeof staffRoleInputSchema>;

const defaults = (): Values => ({ name: '', description: '', permissions: emptyPermissions() });

function toValues(row: StaffRole): Values {
  return { name: row.name, description: row.description, permissions: row.permissions };
}

export function OwnerChip() {
  const { t } = useTranslation();
  return <Chip size="small" color="primary" variant="outlined" label={t('staffRoles.owner')} />;
}

/** Name, description and the permission grid; the Owner role is shown, never changed. */
export function StaffRoleFields({
  form,
  readOnly,
}: {
  form: UseFormReturn<Values, unknown, Output>;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const { control } = form;
  return (
    <>
      {readOnly && <Alert severity="info">{t('staffRoles.ownerNote')}</Alert>}
      <TextInput
        control={control}
        name="name"
        label={t('staffRoles.name')}
        required
        autoFocus={!readOnly}
        disabled={readOnly}
      />
      <TextInput
        control={control}
        name="description"
        label={t('staffRoles.description')}
        multiline
        disabled={readOnly}
      />
      <PermissionGrid control={control} name="permissions" disabled={readOnly} />
    </>
  );
}

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
    <ResourcePage<StaffRole, Values, Output>
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
      schema={staffRoleInputSchema}
      defaults={defaults()}
      toValues={toValues}
      renderFields={(form, row) => <StaffRoleFields form={form} readOnly={row?.isOwner === true} />}
      formWidth="md"
    />
  );
}
