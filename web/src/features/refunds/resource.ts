import { refundSortFields } from '@app/contract/listNames';
import type { Refund } from '@app/contract/refunds';
import { defineResource } from '../../lib/table/resource';

/** Refunds of the active branch (GET /refund/getRefunds, export /refund/exportRefunds). */
export const refundResource = defineResource<Refund>({
  name: 'refund',
  label: 'Refund',
  plural: 'Refunds',
  module: 'refunds',
  sortFields: refundSortFields,
  filterNames: ['from', 'to', 'mode', 'bankAccountId', 'paymentId'],
});
