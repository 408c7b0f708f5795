import { visitSortFields } from '@app/contract/listNames';
import type { Visit } from '@app/contract/attendance';
import { defineResource } from '../../lib/table/resource';

/** Visits of the active branch, paired from the door devices' punches (read only). */
export const visitResource = defineResource<Visit>({
  name: 'attendance',
  label: 'Visit',
  plural: 'Visits',
  module: 'attendance',
  sortFields: visitSortFields,
  filterNames: ['from', 'to', 'flagged', 'inside'],
  routes: { list: '/attendance/getVisits', export: '/attendance/exportVisits' },
});
