/**
 * The lists' names and sizes, without zod: what a table needs before any schema (its sort fields,
 * its page sizes), so the web's first load does not bring zod and the schemas along (issue 21).
 * Each resource's module re-exports its own sort fields.
 */

/** Page sizes the API accepts; the web table offers the first three (spec section 9). */
export const pageSizes = [5, 10, 25, 50, 100] as const;
export const defaultPageSize = 5;

export const visitSortFields = ['inAt'] as const;
export const bankAccountSortFields = ['accountName', 'bankName', 'openingBalance', 'createdAt'] as const;
export const branchSortFields = ['name', 'status', 'createdAt'] as const;
export const categorySortFields = ['name', 'createdAt'] as const;
export const deviceSortFields = ['name', 'lastContactAt', 'serialNumber', 'createdAt'] as const;
export const enquirySortFields = ['name', 'followUpDate', 'status', 'createdAt'] as const;
export const expenseSortFields = ['paidAt', 'amount', 'createdAt'] as const;
export const feeStructureSortFields = ['name', 'total', 'durationDays', 'createdAt'] as const;
export const feeTypeSortFields = ['name', 'createdAt'] as const;
export const messageSortFields = ['createdAt', 'status', 'sentAt'] as const;
export const packageSortFields = ['packageName', 'downloadSpeed', 'createdAt'] as const;
/** Members who owe (GET /payment/getDues). */
export const duesSortFields = ['duesSince', 'dues', 'name'] as const;
export const paymentSortFields = ['paidAt', 'receiptNumber', 'total', 'received', 'createdAt'] as const;
export const refundSortFields = ['refundedAt', 'refundNumber', 'amount', 'createdAt'] as const;
export const roomSortFields = ['name', 'capacity', 'createdAt'] as const;
export const staffSortFields = ['staffName', 'email', 'createdAt', 'status'] as const;
export const staffRoleSortFields = ['name', 'createdAt'] as const;
export const userSortFields = [
  'name',
  'mobile',
  'validTill',
  'validFrom',
  'joinedOn',
  'seatNumber',
  'createdAt',
] as const;
export const wifiRouterSortFields = ['name', 'address', 'createdAt'] as const;
export const wifiSessionSortFields = ['startedAt'] as const;
