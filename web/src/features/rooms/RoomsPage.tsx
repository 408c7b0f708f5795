import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import type { Room } from '@app/contract/rooms';
import { useTranslation } from 'react-i18next';
import { lazySchema } from '../../lib/form/lazySchema';
import { PartSuspense, lazyPart } from '../../lib/lazyPart';
import { createdAtColumn, statusFilter } from '../../lib/table/columns';
import { ResourcePage } from '../../lib/table/ResourcePage';
import { roomResource } from './resource';
import { useSessionView } from '../../lib/useSession';
import type { RoomOutput as Output, RoomValues as Values } from './RoomFields';

// The form's schema and fields are downloaded when it first opens, not with the list (issue 21).
const loadRoomSchema = lazySchema(() =>
  import('@app/contract/rooms').then((contract) => contract.roomInputSchema),
);
const RoomFields = lazyPart(() => import('./RoomFields'), 'RoomFields');

const defaults = { name: '', floor: '', capacity: undefined, status: true };

function toValues(row: Room): Values {
  return { name: row.name, floor: row.floor, capacity: row.capacity, status: row.status };
}

export function RoomsPage() {
  const { t } = useTranslation();
  const { activeBranch } = useSessionView();
  const columns = useMemo<GridColDef<Room>[]>(
    () => [
      { field: 'name', headerName: t('rooms.name'), flex: 1, minWidth: 160 },
      { field: 'floor', headerName: t('rooms.floor'), flex: 1, minWidth: 100 },
      {
        field: 'capacity',
        headerName: t('rooms.capacity'),
        type: 'number',
        width: 120,
        valueFormatter: (value: number) => t('rooms.seats', { count: value }),
      },
      { field: 'status', headerName: t('table.status'), width: 110 },
      createdAtColumn<Room>(t),
    ],
    [t],
  );
  const filters = useMemo(() => [statusFilter(t)], [t]);
  const branchName = activeBranch?.name;

  return (
    <ResourcePage<Room, Values, Output>
      resource={roomResource}
      texts={{
        title: t('rooms.title'),
        subtitle:
          branchName === undefined ? t('rooms.subtitle') : t('rooms.subtitleBranch', { branch: branchName }),
        add: t('rooms.add'),
        addTitle: t('rooms.addTitle'),
        editTitle: t('rooms.editTitle'),
        emptyTitle: t('rooms.emptyTitle'),
        emptyText: t('rooms.emptyText'),
      }}
      columns={columns}
      filters={filters}
      hiddenColumns={['createdAt']}
      rowName={(row) => row.name}
      schema={loadRoomSchema}
      defaults={defaults}
      toValues={toValues}
      statusField="status"
      renderFields={(form) => (
        <PartSuspense>
          <RoomFields form={form} />
        </PartSuspense>
      )}
    />
  );
}
