import type { GridColDef } from '@mui/x-data-grid';
import { z } from 'zod';
import { defineResource } from '../lib/table/resource';

// A minimal resource (id and name, sorted by name) for tests of the shared table mechanisms.

export const thingSchema = z.object({ id: z.number(), name: z.string() });
export type Thing = z.infer<typeof thingSchema>;

export const things = defineResource<Thing>({
  name: 'thing',
  label: 'Thing',
  plural: 'Things',
  module: 'feeTypes',
  record: thingSchema,
  sortFields: ['name'],
});

export const thingColumns: GridColDef<Thing>[] = [{ field: 'name', headerName: 'Name', width: 200 }];
