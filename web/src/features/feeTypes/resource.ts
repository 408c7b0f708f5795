import { feeTypeSchema, feeTypeSortFields } from '@app/contract/feeTypes';
import type { FeeType } from '@app/contract/feeTypes';
import { defineResource } from '../../lib/table/resource';

export const feeTypeResource = defineResource<FeeType>({
  name: 'feeType',
  label: 'FeeType',
  plural: 'FeeTypes',
  module: 'feeTypes',
  record: feeTypeSchema,
  sortFields: feeTypeSortFields,
  filterNames: ['status', 'refundable'],
});
