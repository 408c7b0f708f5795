/** Stable, machine-readable reasons carried by every error answer of the API. */
export const errorReasons = [
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'INVALID_CREDENTIALS',
  'TOKEN_INVALID_OR_EXPIRED',
  'FORBIDDEN',
  'BRANCH_NOT_ALLOWED',
  'PAYMENTS_DISABLED',
  'IDEMPOTENCY_KEY_REUSED',
  /** A bank statement whose headings no known bank uses: the answer's details name them (issue 44). */
  'MAPPING_REQUIRED',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'BAD_REQUEST',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;

export type ErrorReason = (typeof errorReasons)[number];
