/** Browser storage names fixed by the specification (section 3, Data kept in the browser). */
export const storageKeys = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  activeBranch: 'activeBranch',
  branches: 'branches',
  userId: 'userId',
  staffDetails: 'staffDetails',
} as const;

export const cookieKeys = {
  clientDetails: 'clientDetails',
  paymentDisabled: 'paymentDisabled',
  permissions: 'permissions',
} as const;

export const cookieLifetimeDays = 7;

/** The header names of spec section 7. */
export const headerNames = { token: 'token', branchId: 'branchId', authorization: 'Authorization' } as const;
