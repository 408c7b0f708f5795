import { packageSchema, packageSortFields } from '@app/contract/packages';
import type { Package } from '@app/contract/packages';
import { defineResource } from '../../lib/table/resource';

export const packageResource = defineResource<Package>({
  name: 'package',
  label: 'Package',
  plural: 'Packages',
  module: 'packages',
  record: packageSchema,
  sortFields: packageSortFields,
  filterNames: ['status'],
});
