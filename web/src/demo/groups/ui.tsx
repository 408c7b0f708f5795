import type { ComponentType } from 'react';
import type { demoGroups } from '../catalogue';
import { BadgesPage, PaginationPage, SteppersPage } from '../gallery/UiPages';

export const pages: Record<(typeof demoGroups)['ui'][number], ComponentType> = {
  pagination: PaginationPage,
  steppers: SteppersPage,
  badges: BadgesPage,
};
