/**
 * The API's sentences, each under a stable code (issue 14). An error answer (and each of its field
 * details) carries `code` and `params` beside the English `message`, which is made from the template
 * here; the web shows its own translation of the code (en, de), and the English sentence only for a
 * code it does not know. Placeholders are `{name}`; add a code here and its translations in the
 * web's locales (a web test fails on a code without one).
 */
export const errorTemplates = {
  // Sign-in, sessions, passwords.
  SIGN_IN_FAILED: 'The email/mobile or password is not correct.',
  PASSWORD_NOT_CORRECT: 'The password is not correct.',
  OLD_PASSWORD_WRONG: 'The old password is not correct.',
  PASSWORD_TOO_SHORT: 'The new password must have at least {min} characters.',
  PASSWORD_UNCHANGED: 'The new password must be different from the old one.',
  ACCOUNT_DEACTIVATED: 'This account has been deactivated; ask an administrator.',
  SESSION_EXPIRED: 'Your session has expired or is not valid; please sign in again.',
  SIGN_IN_RATE_LIMITED: 'Too many failed sign-in attempts; try again in {minutes} minute(s).',
  RESET_RATE_LIMITED: 'Too many reset requests; try again later.',
  RESET_LINK_INVALID: 'This reset link is invalid or has expired; ask for a new one.',
  EMAIL_REGISTERED: 'An account with this email is already registered.',
  OWN_PASSWORD_ONLY: 'You can only change your own password.',
  // Permissions and branches.
  OWNER_ROLE_IMMUTABLE: 'The Owner role cannot be changed.',
  OWN_ROLE_EDIT: 'You cannot change the role you hold yourself.',
  GRANT_BEYOND: 'You may grant only permissions you hold yourself.',
  OWNER_ONLY: 'Only an owner can change an owner or grant the Owner role.',
  ACT_BEYOND:
    'This staff member may do or reach more than you; only someone with at least their rights can change them.',
  OWN_DELETE: 'You cannot delete your own account.',
  PERMISSION_REFUSED: 'You do not have permission to do this.',
  BRANCH_REFUSED: 'You may not work on this branch; choose another one.',
  BRANCH_HEADER_MISSING: 'Choose a branch first: the branchId header is missing.',
  // Generic.
  FIELDS_INVALID: 'Some fields are not valid.',
  RECORD_NOT_FOUND: '{what} was not found.',
  ALREADY_EXISTS: '{what} already exists.',
  STILL_IN_USE: '{what} is still in use by other records.',
  // Duplicates (unique values).
  ROOM_NAME_TAKEN: 'A room with this name already exists in this branch.',
  ROLE_NAME_TAKEN: 'A role with this name already exists.',
  PACKAGE_NAME_TAKEN: 'A package with this unique name already exists.',
  MEMBER_MOBILE_TAKEN: 'A member with this mobile number already exists.',
  FEE_TYPE_NAME_TAKEN: 'A fee type with this name already exists.',
  CATEGORY_NAME_TAKEN: 'A category with this name already exists.',
  BRANCH_NAME_TAKEN: 'A branch with this name already exists.',
  BANK_ACCOUNT_NUMBER_TAKEN: 'A bank account with this account number already exists.',
  FEE_STRUCTURE_NAME_TAKEN: 'A fee structure with this name already exists.',
  ROUTER_NAME_TAKEN: 'A router with this name already exists in this branch.',
  ROUTER_SECRET_TAKEN: 'Choose another secret for this address.',
  STAFF_EMAIL_TAKEN: 'A staff member with this email already exists.',
  // In use.
  USED_BY_FEE_STRUCTURES: 'Used by {n} fee structure(s).',
  USED_BY_STAFF: 'Used by {n} staff member(s)',
  ROUTER_HAS_SESSIONS: 'This router has {n} session(s) on record; switch it off instead.',
  // Members, rooms and seats.
  ROOM_NOT_IN_BRANCH: 'Choose a room of this branch',
  ROOM_INACTIVE: 'Choose an active room',
  PACKAGE_INACTIVE: 'Choose an active package',
  FEE_STRUCTURE_INACTIVE: 'Choose an active fee structure',
  FEE_STRUCTURE_NOT_IN_BRANCH: 'This fee structure is not offered in this branch',
  MOBILE_USED_BY: 'Mobile {mobile} is already used by {name}.',
  MOBILE_REPEATED: 'Mobile {mobile} is repeated from line {line}.',
  SEAT_TAKEN: 'Seat {seat} of {room} is taken by {name} ({window})',
  SEAT_OUT_OF_RANGE: 'Choose a seat from 1 to {capacity}',
  ROOM_SEATS_HELD: 'Seats above {capacity} are held by {members}: move them first.',
  // Import.
  IMPORT_HEADER_INVALID: 'The file’s header row is not valid.',
  IMPORT_UNKNOWN_COLUMNS: 'Unknown columns: {columns}.',
  IMPORT_MISSING_COLUMNS: 'Missing columns: {columns}.',
  IMPORT_REPEATED_COLUMNS: 'Repeated columns: {columns}.',
  IMPORT_EMPTY: 'The file is empty.',
  IMPORT_USE_BOOLEAN: 'Use true or false',
  IMPORT_USE_WHOLE_NUMBER: 'Use a whole number',
  IMPORT_UNKNOWN_ROOM: 'Unknown room in this branch',
  IMPORT_UNKNOWN_PACKAGE: 'Unknown package',
  IMPORT_UNKNOWN_FEE_STRUCTURE: 'Unknown fee structure',
  IMPORT_TOO_MANY_ROWS: 'Import at most {max} rows at a time.',
  IMPORT_MOBILE_ADDED_MEANWHILE: 'A mobile number in the file was added meanwhile; preview the file again.',
  // Payments, refunds, voids, the cash book.
  RECEIPT_ALREADY_VOID: 'Receipt {receipt} is already void.',
  RECEIPT_HAS_REFUNDS: 'Receipt {receipt} has refunds: a refunded payment cannot be voided.',
  VOID_LATER_FIRST: 'Void receipt {receipt} first: it was recorded after this one.',
  REFUND_OF_VOID: 'Receipt {receipt} is void: there is nothing to refund.',
  REFUNDED_IN_FULL: 'Receipt {receipt} is already refunded in full.',
  REFUND_LIMIT: 'Only {amount} of receipt {receipt} can still be refunded.',
  DUES_EXCEEDED: '{name} owes {amount}; a payment cannot settle more than that.',
  SEAT_TAKEN_ON_RENEWAL:
    "Seat {seat} of {room} is taken by {name} ({window}). Change the member's seat, then record the payment.",
  PAYMENTS_OFF: 'Payments are switched off for this organisation.',
  EXPENSE_ALREADY_VOID: 'This expense is already void.',
  DAY_ALREADY_CLOSED: 'The cash book of {day} is already closed.',
  DAY_CLOSED_AFTER: 'The cash book is closed up to {locked}: {day} can no longer be closed.',
  CASH_DAY_LOCKED:
    'The cash book is closed up to {locked}: a cash entry dated {day} cannot be added or changed.',
  DAY_NOT_BEGUN: 'A day can be closed once it has begun',
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof errorTemplates;
export const errorCodes = Object.keys(errorTemplates) as ErrorCode[];

export type ErrorParams = Record<string, string | number>;

/** `{name}` placeholders of a template, in order of appearance. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

/** The English sentence of a code with its parameters filled in. */
export function englishMessage(code: ErrorCode, params: ErrorParams = {}): string {
  return errorTemplates[code].replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}
