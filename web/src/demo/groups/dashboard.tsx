import type { ComponentType } from 'react';
import type { demoGroups } from '../catalogue';
import { CryptocurrencyDashboard } from '../dashboards/CryptocurrencyDashboard';
import { SalesMarketingDashboard } from '../dashboards/SalesMarketingDashboard';

export const pages: Record<(typeof demoGroups)['dashboard'][number], ComponentType> = {
  'sales-marketing': SalesMarketingDashboard,
  cryptocurrency: CryptocurrencyDashboard,
};
