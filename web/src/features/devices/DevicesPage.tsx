import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../lib/notify/notify';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { Device, resyncResultSchema } from '@app/contract/devices';
import { PageHeader } from '../../lib/PageHeader';
import { post } from '../../lib/api';
import { errorMessage } from '../../lib/errorMessage';
import { ConfirmDialog } from '../../lib/form/ConfirmDialog';
import { useResourceMutations } from '../../lib/form/useResourceMutations';
import { hasPermission } from '../../lib/session';
import { ResourceTable } from '../../lib/table/ResourceTable';
import { resourceKey } from '../../lib/table/useResourceList';
import { formatDateTime } from '../../lib/dates';
import { OpenedOnce, lazyPart } from '../../lib/lazyPart';
import { deviceResource } from './resource';
import { EntranceScreens } from './EntranceScreens';

// The dialogs (their forms and schemas) are downloaded when first opened, not with the list (issue 21).
const AcceptDeviceDialog = lazyPart(() => import('./AcceptDeviceDialog'), 'AcceptDeviceDialog');
const RenameDeviceDialog = lazyPart(() => import('./RenameDeviceDialog'), 'RenameDeviceDialog');

type ResyncResult = z.output<typeof resyncResultSchema>;

/** A device that called within this long is shown as online (it polls every few seconds). */
const onlineWithinMs = 2 * 60 * 1000;

/** Devices (/app/devices): the branch's door devices, claiming one that called in, re-sending members. */
export function DevicesPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const { create, update, remove } = useResourceMutations<Device, unknown>(deviceResource);
  const [accepting, setAccepting] = useState(false);
  const [renaming, setRenaming] = useState<Device | null>(null);
  const [removing, setRemoving] = useState<Device | null>(null);
  const [resyncAll, setResyncAll] = useState(false);
  const canEdit = hasPermission('devices', 'edit');

  const resync = useMutation({
    mutationFn: (deviceId: number | null) =>
      deviceId === null
        ? post<ResyncResult>('/device/resyncAllDevices')
        : post<ResyncResult>('/device/resyncDevice', undefined, { query: { deviceId } }),
    meta: { handlesError: true },
    onSuccess: ({ queued }) => {
      enqueueSnackbar(t('devices.resynced', { count: queued }), { variant: 'success' });
      setResyncAll(false);
      void queryClient.invalidateQueries({ queryKey: resourceKey(deviceResource) });
    },
    onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
  });

  const columns = useMemo<GridColDef<Device>[]>(
    () => [
      { field: 'name', headerName: t('devices.name'), flex: 1, minWidth: 160 },
      { field: 'serialNumber', headerName: t('devices.serialNumber'), width: 170 },
      {
        field: 'lastContactAt',
        headerName: t('devices.lastContact'),
        width: 270,
        renderCell: ({ row }) => {
          if (row.lastContactAt === null) return t('devices.never');
          const online = Date.now() - new Date(row.lastContactAt).getTime() < onlineWithinMs;
          return (
            <>
              <Chip
                size="small"
                variant="outlined"
                color={online ? 'success' : 'default'}
                label={online ? t('devices.online') : t('devices.offline')}
                sx={{ mr: 1 }}
              />
              {formatDateTime(row.lastContactAt)}
            </>
          );
        },
      },
      {
        field: 'queueLength',
        headerName: t('devices.queue'),
        type: 'number',
        width: 150,
        sortable: false,
        renderCell: ({ row }) =>
          row.queueLength === 0 ? (
            t('devices.upToDate')
          ) : (
            <Chip size="small" color="warning" label={t('devices.waiting', { count: row.queueLength })} />
          ),
      },
      { field: 'members', headerName: t('devices.members'), type: 'number', width: 110, sortable: false },
      { field: 'firmware', headerName: t('devices.firmware'), width: 150, sortable: false },
      { field: 'lastAddress', headerName: t('devices.address'), width: 140, sortable: false },
    ],
    [t],
  );

  return (
    <>
      <PageHeader title={t('devices.title')} subtitle={t('devices.subtitle')} />
      <ResourceTable<Device>
        resource={deviceResource}
        title={t('devices.title')}
        columns={columns}
        hiddenColumns={['firmware', 'lastAddress']}
        emptyTitle={t('devices.emptyTitle')}
        emptyText={t('devices.emptyText')}
        addLabel={t('devices.add')}
        onAdd={hasPermission('devices', 'add') ? () => setAccepting(true) : undefined}
        onEdit={setRenaming}
        onDelete={setRemoving}
        rowActions={
          canEdit
            ? [
                {
                  key: 'resync',
                  label: t('devices.resync'),
                  icon: <SyncOutlined />,
                  onClick: (row) => resync.mutate(row.id),
                },
              ]
            : []
        }
        toolbarExtra={
          canEdit && (
            <Button
              size="small"
              startIcon={resync.isPending ? <CircularProgress size={16} /> : <SyncOutlined />}
              disabled={resync.isPending}
              onClick={() => setResyncAll(true)}
            >
              {t('devices.resyncAll')}
            </Button>
          )
        }
      />
      <EntranceScreens />
      <OpenedOnce open={accepting}>
        <AcceptDeviceDialog
          open={accepting}
          onClose={() => setAccepting(false)}
          onAccept={(input) => create.mutateAsync(input)}
        />
      </OpenedOnce>
      <OpenedOnce open={renaming !== null}>
        <RenameDeviceDialog
          device={renaming}
          onClose={() => setRenaming(null)}
          onRename={(device, input) => update.mutateAsync({ id: device.id, input })}
        />
      </OpenedOnce>
      <ConfirmDialog
        open={removing !== null}
        title={t('devices.removeTitle', { name: removing?.name ?? '' })}
        text={t('devices.removeText')}
        confirmLabel={t('devices.remove')}
        cancelLabel={t('resourceForm.cancel')}
        destructive
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => remove.mutate(removing!.id, { onSettled: () => setRemoving(null) })}
      />
      <ConfirmDialog
        open={resyncAll}
        title={t('devices.resyncAllTitle')}
        text={t('devices.resyncAllText')}
        confirmLabel={t('devices.resyncAll')}
        cancelLabel={t('resourceForm.cancel')}
        busy={resync.isPending}
        onCancel={() => setResyncAll(false)}
        onConfirm={() => resync.mutate(null)}
      />
    </>
  );
}
