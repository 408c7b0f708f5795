import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { roomInputSchema } from '@app/contract/rooms';
import type { Room, RoomInput } from '@app/contract/rooms';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FieldRow } from '../../lib/form/FieldRow';
import { NumberInput, SwitchInput, TextInput } from '../../lib/form/fields';
import { createdAtColumn, statusFilter } from '../../lib/table/columns';
import { ResourcePage } from '../../lib/table/ResourcePage';
import { roomResource } from './resource';
import { useSessionView } from '../../lib/useSession';

type Values = RoomInput;
type Output = z.output<typeof roomInputSchema>;

const defaults = { name: '', floor: '', capacity: undefined, status: true };

function toValues(row: Room): Values {
  return { name: row.name, floor: row.floor, capacity: row.capacity, status: row.status };
}

function RoomFields({ form }: { form: UseFormReturn<Values, unknown, Output> }) {
  const { t } = useTranslation();
  const { control } = form;
  return (
    <>
      <TextInput control={control} name="name" label={t('rooms.name')} required autoFocus />
      <FieldRow>
        <TextInput control={control} name="floor" label={t('rooms.floor')} />
        <NumberInput
          control={control}
          name="capacity"
          label={t('rooms.capacity')}
          helperText={t('rooms.capacityHelp')}
          required
        />
      </FieldRow>
      <SwitchInput control={control} name="status" label={t('rooms.status')} />
    </>
  );
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
      schema={roomInputSchema}
      defaults={defaults}
      toValues={toValues}
      statusField="status"
      renderFields={(form) => <RoomFields form={form} />}
    />
  );
}
