import type { GridColDef } from '@mui/x-data-grid';
import { defineResource } from '../lib/table/resource';
import { ResourceTable } from '../lib/table/ResourceTable';

// A minimal resource (id and name, sorted by name) for tests of the shared table mechanisms.

export type Thing = { id: number; name: string };

export const things = defineResource<Thing>({
  name: 'thing',
  label: 'Thing',
  plural: 'Things',
  module: 'feeTypes',
  sortFields: ['name'],
});

const thingColumns: GridColDef<Thing>[] = [{ field: 'name', headerName: 'Name', width: 200 }];

/** The shared table over `things`, with the texts its empty state and add button need. */
export function ThingsTable() {
  return (
    <ResourceTable<Thing>
      resource={things}
      columns={thingColumns}
      title="Things"
      emptyTitle="No things yet"
      emptyText="Add your first thing."
      addLabel="Add Thing"
    />
  );
}
