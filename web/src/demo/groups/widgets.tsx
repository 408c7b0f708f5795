import type { ComponentType } from 'react';
import type { demoGroups } from '../catalogue';
import { InfographicsPage, MiniAppsPage } from '../gallery/WidgetsPages';

export const pages: Record<(typeof demoGroups)['widgets'][number], ComponentType> = {
  infographics: InfographicsPage,
  'mini-apps': MiniAppsPage,
};
