// Payment names without zod, for the web's first load (issue 21); payments.ts re-exports them.

/** How a payment (and later a refund or an expense) was paid. Cash goes to the branch's cash account. */
export const paymentModes = ['cash', 'upi', 'card', 'bankTransfer', 'cheque'] as const;
export type PaymentMode = (typeof paymentModes)[number];

export const paymentStatuses = ['completed', 'voided'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** Header of a create request that must not run twice (DOMAIN.md, Idempotency-Key). */
export const idempotencyKeyHeader = 'idempotency-key';
