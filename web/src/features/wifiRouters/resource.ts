import { wifiRouterSortFields } from '@app/contract/listNames';
import type { WifiRouter } from '@app/contract/wifi';
import { defineResource } from '../../lib/table/resource';

/** The active branch's WiFi routers (RADIUS NAS): /wifiRouter/getWifiRouters and the standard routes. */
export const wifiRouterResource = defineResource<WifiRouter>({
  name: 'wifiRouter',
  label: 'WifiRouter',
  plural: 'WifiRouters',
  module: 'wifiRouters',
  sortFields: wifiRouterSortFields,
  filterNames: ['status'],
});
