import { deviceSortFields } from '@app/contract/listNames';
import type { Device } from '@app/contract/devices';
import { defineResource } from '../../lib/table/resource';

/** The active branch's door devices; "create" is claiming a device that called in (issue 15). */
export const deviceResource = defineResource<Device>({
  name: 'device',
  label: 'Device',
  plural: 'Devices',
  module: 'devices',
  sortFields: deviceSortFields,
  routes: { create: '/device/acceptDevice', export: null },
});
