import { wifiRouterSchema, wifiRouterSortFields } from '@app/contract/wifi';
import type { WifiRouter } from '@app/contract/wifi';
import { defineResource } from '../../lib/table/resource';

/** The active branch's WiFi routers (RADIUS NAS): /wifiRouter/getWifiRouters and the standard routes. */
export const wifiRouterResource = defineResource<WifiRouter>({
  name: 'wifiRouter',
  label: 'WifiRouter',
  plural: 'WifiRouters',
  module: 'wifiRouters',
  record: wifiRouterSchema,
  sortFields: wifiRouterSortFields,
  filterNames: ['status'],
});
