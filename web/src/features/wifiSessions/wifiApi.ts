import type { MemberWifi, PackageUsage, WifiSession } from '@app/contract/wifi';
import { get, post } from '../../lib/api';

export const disconnectSession = (sessionId: number) =>
  post<WifiSession>('/wifiSession/disconnect', undefined, { query: { sessionId } });

export const fetchMemberWifi = (userId: number) =>
  get<MemberWifi>('/wifi/getMemberWifi', { query: { userId } });

export const resetWifiPin = (userId: number) =>
  post<MemberWifi>('/wifi/resetPin', undefined, { query: { userId } });

export const fetchPackageUsage = () => get<PackageUsage>('/wifi/getPackageUsage');

/** Query keys: a member's WiFi card and the packages' usage of the active branch. */
export const memberWifiKey = (userId: number) => ['memberWifi', userId] as const;
export const packageUsageKey = ['packageUsage'] as const;
