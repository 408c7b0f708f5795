import { feeStructureSchema, feeStructureSortFields } from '@app/contract/feeStructures';
import type { FeeStructure } from '@app/contract/feeStructures';
import { defineResource } from '../../lib/table/resource';

export const feeStructureResource = defineResource<FeeStructure>({
  name: 'feeStructure',
  label: 'FeeStructure',
  plural: 'FeeStructures',
  module: 'feeStructures',
  record: feeStructureSchema,
  sortFields: feeStructureSortFields,
  filterNames: ['status', 'packageId'],
});
