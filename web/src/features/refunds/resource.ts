import { refundSchema, refundSortFields } from '@app/contract/refunds';
import type { Refund } from '@app/contract/refunds';
import { defineResource } from '../../lib/table/resource';

/** Refunds of the active branch (GET /refund/getRefunds, export /refund/exportRefunds). */
export const refundResource = defineResource<Refund>({
  name: 'refund',
  label: 'Refund',
  plural: 'Refunds',
  module: 'refunds',
  record: refundSchema,
  sortFields: refundSortFields,
  filterNames: ['from', 'to', 'mode', 'bankAccountId', 'paymentId'],
});
