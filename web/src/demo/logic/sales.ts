/** Latest-sales table (spec sections 3, 4 and 9). */
export const saleStatuses = ['Error', 'Success', 'Warning', 'Info', 'Default'] as const;
export type SaleStatus = (typeof saleStatuses)[number];

export type StatusColour = 'error' | 'success' | 'warning' | 'info' | 'default';

/** The chip and the stock bar take the status's colour; anything else is default. */
export function saleStatusColour(status: string): StatusColour {
  switch (status) {
    case 'Error':
      return 'error';
    case 'Warning':
      return 'warning';
    case 'Info':
      return 'info';
    case 'Success':
      return 'success';
    default:
      return 'default';
  }
}

/** currentStock / totalStock * 100; an empty total is an empty bar. */
export function stockPercent(currentStock: number, totalStock: number): number {
  return totalStock > 0 ? (currentStock / totalStock) * 100 : 0;
}

/** The sales total: a dollar amount followed by ',00' ('$120,00'). */
export function saleTotal(total: number): string {
  return `$${total},00`;
}
