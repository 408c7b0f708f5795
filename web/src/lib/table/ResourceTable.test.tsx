import { beforeAll } from 'vitest';
import { loadGrid } from './useGrid';
import { resourceTableCases } from './resourceTableCases';

// The grid's code is here before the first table renders, as on every table after a visit's first.
beforeAll(async () => {
  await loadGrid();
});

resourceTableCases('grid');
