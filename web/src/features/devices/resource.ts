import { deviceSchema, deviceSortFields } from '@app/contract/devices';
import type { Device } from '@app/contract/devices';
import { defineResource } from '../../lib/table/resource';

/** The active branch's door devices; "create" is claiming a device that called in (issue 15). */
export const deviceResource = defineResource<Device>({
  name: 'device',
  label: 'Device',
  plural: 'Devices',
  module: 'devices',
  record: deviceSchema,
  sortFields: deviceSortFields,
  routes: { create: '/device/acceptDevice', export: null },
});
