import { feeTypeSortFields } from '@app/contract/listNames';
import type { FeeType } from '@app/contract/feeTypes';
import { defineResource } from '../../lib/table/resource';

export const feeTypeResource = defineResource<FeeType>({
  name: 'feeType',
  label: 'FeeType',
  plural: 'FeeTypes',
  module: 'feeTypes',
  sortFields: feeTypeSortFields,
  filterNames: ['status', 'refundable'],
});
