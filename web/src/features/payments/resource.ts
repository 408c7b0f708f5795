import { paymentSortFields } from '@app/contract/listNames';
import type { Payment } from '@app/contract/payments';
import { defineResource } from '../../lib/table/resource';

/** Payments of the active branch (GET /payment/getPayments, export /payment/exportPayments). */
export const paymentResource = defineResource<Payment>({
  name: 'payment',
  label: 'Payment',
  plural: 'Payments',
  module: 'payments',
  sortFields: paymentSortFields,
  filterNames: ['from', 'to', 'mode', 'status', 'feeStructureId', 'bankAccountId', 'createdBy'],
});
