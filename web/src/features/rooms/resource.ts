import { roomSortFields } from '@app/contract/listNames';
import type { Room } from '@app/contract/rooms';
import { defineResource } from '../../lib/table/resource';

/** Rooms belong to the active branch; the api client sends it with every request. */
export const roomResource = defineResource<Room>({
  name: 'room',
  label: 'Room',
  plural: 'Rooms',
  module: 'rooms',
  sortFields: roomSortFields,
  filterNames: ['status'],
});
