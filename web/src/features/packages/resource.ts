import { packageSortFields } from '@app/contract/listNames';
import type { Package } from '@app/contract/packages';
import { defineResource } from '../../lib/table/resource';

export const packageResource = defineResource<Package>({
  name: 'package',
  label: 'Package',
  plural: 'Packages',
  module: 'packages',
  sortFields: packageSortFields,
  filterNames: ['status'],
});
