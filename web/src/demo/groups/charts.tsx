import type { ComponentType } from 'react';
import type { demoGroups } from '../catalogue';
import { BarChartsPage, LineChartsPage, PieChartsPage } from '../gallery/ChartsPages';

export const pages: Record<(typeof demoGroups)['charts'][number], ComponentType> = {
  'line-charts': LineChartsPage,
  'bar-charts': BarChartsPage,
  'pie-charts': PieChartsPage,
};
