import { wifiSessionSortFields } from '@app/contract/listNames';
import type { WifiSession } from '@app/contract/wifi';
import { defineResource } from '../../lib/table/resource';

/** Accounting sessions of the active branch (GET /wifiSession/getWifiSessions); no export. */
export const wifiSessionResource = defineResource<WifiSession>({
  name: 'wifiSession',
  label: 'WifiSession',
  plural: 'WifiSessions',
  module: 'wifiSessions',
  sortFields: wifiSessionSortFields,
  filterNames: ['online'],
  routes: { export: null },
});
