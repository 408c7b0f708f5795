import type { ComponentType } from 'react';
import type { demoGroups } from '../catalogue';
import { AppLayoutPage, GridLayoutPage } from '../gallery/MapsLayoutsPages';

export const pages: Record<(typeof demoGroups)['layouts'][number], ComponentType> = {
  grid: GridLayoutPage,
  'app-layout': AppLayoutPage,
};
