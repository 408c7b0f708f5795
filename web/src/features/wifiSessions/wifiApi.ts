import { memberWifiSchema, packageUsageSchema, wifiSessionSchema } from '@app/contract/wifi';
import { get, post } from '../../lib/api';

export const disconnectSession = (sessionId: number) =>
  post('/wifiSession/disconnect', undefined, { query: { sessionId }, schema: wifiSessionSchema });

export const fetchMemberWifi = (userId: number) =>
  get('/wifi/getMemberWifi', { query: { userId }, schema: memberWifiSchema });

export const resetWifiPin = (userId: number) =>
  post('/wifi/resetPin', undefined, { query: { userId }, schema: memberWifiSchema });

export const fetchPackageUsage = () => get('/wifi/getPackageUsage', { schema: packageUsageSchema });

/** Query keys: a member's WiFi card and the packages' usage of the active branch. */
export const memberWifiKey = (userId: number) => ['memberWifi', userId] as const;
export const packageUsageKey = ['packageUsage'] as const;
