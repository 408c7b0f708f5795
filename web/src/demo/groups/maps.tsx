import type { ComponentType } from 'react';
import type { demoGroups } from '../catalogue';
import { MapMarkerPage } from '../gallery/MapsLayoutsPages';

export const pages: Record<(typeof demoGroups)['maps'][number], ComponentType> = {
  'map-marker': MapMarkerPage,
};
