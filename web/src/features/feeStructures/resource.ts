import { feeStructureSortFields } from '@app/contract/listNames';
import type { FeeStructure } from '@app/contract/feeStructures';
import { defineResource } from '../../lib/table/resource';

export const feeStructureResource = defineResource<FeeStructure>({
  name: 'feeStructure',
  label: 'FeeStructure',
  plural: 'FeeStructures',
  module: 'feeStructures',
  sortFields: feeStructureSortFields,
  filterNames: ['status', 'packageId'],
});
