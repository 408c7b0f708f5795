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
  REFRESH_EXPIRED: 'Your session has expired; please sign in again.',
  PASSWORDS_DO_NOT_MATCH: 'New Password and Confirm Password do not match.',
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
  OWN_ROLE: 'You cannot change your own role.',
  OWN_DEACTIVATE: 'You cannot deactivate your own account.',
  OWN_RESET: 'Use Change Password to change your own password.',
  LAST_OWNER: 'The organisation needs at least one active owner.',
  GRANT_OWN_BRANCHES_ONLY: 'You may grant only the branches you use',
  LAST_BRANCH: 'The last branch of the organisation cannot be deleted.',
  CASH_ACCOUNT_WITH_BRANCH: "A branch's cash account cannot be deleted; it goes with its branch.",
  CURRENCY_LOCKED: 'Payments are recorded in the current currency; it can no longer be changed.',
  PERMISSION_REFUSED: 'You do not have permission to do this.',
  BRANCH_REFUSED: 'You may not work on this branch; choose another one.',
  BRANCH_HEADER_MISSING: 'Choose a branch first: the branchId header is missing.',
  // Generic.
  FIELDS_INVALID: 'Some fields are not valid.',
  RECORD_NOT_FOUND: '{what} was not found.',
  ALREADY_EXISTS: '{what} already exists.',
  STILL_IN_USE: '{what} is still in use by other records.',
  RECEIPT_NUMBER_NOT_FOUND: 'Receipt {receipt} was not found.',
  REQUIRED: 'Required',
  ALL_FIELDS_REQUIRED: 'All fields are required.',
  CONTAINS_NUL: 'Contains a NUL character, which cannot be stored',
  // The request itself (the HTTP layer, headers, paging).
  ROUTE_NOT_FOUND: 'No route {method} {path}.',
  JSON_ONLY: 'Send the body as application/json.',
  BODY_TOO_LARGE: 'The request body is too large.',
  INVALID_JSON: 'The request body is not valid JSON.',
  JSON_TOO_DEEP: 'The request body nests more than {max} levels deep.',
  TOO_MANY_REQUESTS: 'Too many requests; try again later.',
  SERVER_BUSY: 'The server is busy; try again in a few seconds.',
  DATABASE_RESTARTING: 'The server is restarting its database; try again in a few seconds.',
  INTERNAL_ERROR: 'Something went wrong on our side. Quote request id {requestId} when reporting it.',
  DISK_FULL:
    "The server's disk is full, so nothing new can be saved; what is already saved can still be read. Ask whoever looks after the server to free space on its disk, then try again.",
  NUMBER_OUT_OF_RANGE: 'A number in the request is out of range.',
  VALUE_WRONG_FORM: 'A value in the request has the wrong form.',
  CHARACTER_NOT_STORABLE: 'Text in the request contains a character that cannot be stored (e.g. NUL).',
  DATE_NOT_VALID: 'A date or time in the request is not valid.',
  DATE_OUT_OF_RANGE: 'A date or time in the request is out of range.',
  VALUE_TOO_LONG: 'A value in the request is too long.',
  BRANCH_HEADER_INVALID: 'The branchId header must be a branch id or null.',
  BRANCH_HEADER_FORM: 'Use a branch id (digits) or null',
  IDEMPOTENCY_KEY_INVALID: 'The Idempotency-Key header must be 1 to 200 visible characters.',
  IDEMPOTENCY_KEY_FORM: 'Use 1 to 200 visible ASCII characters',
  IDEMPOTENCY_KEY_REUSED:
    'This Idempotency-Key was already used for another request; send a new key for a new request.',
  CURSOR_FOREIGN: 'This paging cursor does not belong to this list; start at the first page.',
  DATE_RANGE_ORDER: 'Choose a date on or after the start',
  DATE_RANGE_TOO_LONG: 'Choose at most {days} days',
  BRANCH_NOT_YOURS: 'You may not use this branch.',
  UNKNOWN_TIME_ZONE: 'Unknown time zone',
  UNKNOWN_BRANCH: 'Unknown branch',
  UNKNOWN_BRANCHES: 'Unknown branch {ids}',
  UNKNOWN_ROLE: 'Unknown role',
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
  SEAT_HELD: 'Seat {seat} of {room} is kept for {name} ({window}), who chose it on their member page',
  SEAT_OUT_OF_RANGE: 'Choose a seat from 1 to {capacity}',
  ROOM_SEATS_HELD: 'Seats above {capacity} are held by {members}: move them first.',
  MEMBER_ALREADY_INACTIVE: '{name} is already inactive.',
  MEMBER_ALREADY_ACTIVE: '{name} is already active.',
  VALIDITY_ENDED: 'Validity ended on {date}; record a payment to extend it.',
  // Pauses (issue 45, point 4).
  PAUSE_TOO_SHORT: 'A pause has at least {min} days.',
  PAUSE_YEAR_LIMIT: 'Pauses may have {max} days in {year}; {left} are left.',
  PAUSE_OUTSIDE_VALIDITY: 'A pause starts between today and the last valid day ({date}).',
  PAUSE_OVERLAPS: 'This overlaps the pause from {date}.',
  PAUSE_NOT_REQUESTED: 'This pause was decided already.',
  SEAT_UNKNOWN: 'This seat is not one you can choose.',
  SEAT_JUST_TAKEN: 'Seat {seat} of {room} was just chosen by someone else; please choose another.',
  PAUSE_NOT_RUNNING: 'Only an approved pause that has not ended can be ended.',
  // Enquiries.
  ENQUIRY_READ_ONLY: 'This enquiry was converted to a member and is read-only.',
  ENQUIRY_ALREADY_CONVERTED: 'This enquiry was already converted to a member.',
  CHOOSE_FEE_STRUCTURE: 'Choose a fee structure',
  // Import.
  IMPORT_HEADER_INVALID: 'The file’s header row is not valid.',
  IMPORT_UNKNOWN_COLUMNS: 'Unknown columns: {columns}.',
  IMPORT_MISSING_COLUMNS: 'Missing columns: {columns}.',
  IMPORT_REPEATED_COLUMNS: 'Repeated columns: {columns}.',
  IMPORT_EMPTY: 'The file is empty.',
  IMPORT_USE_BOOLEAN: 'Use yes or no',
  IMPORT_USE_WHOLE_NUMBER: 'Use a whole number',
  IMPORT_UNKNOWN_ROOM: 'Unknown room in this branch',
  IMPORT_UNKNOWN_PACKAGE: 'Unknown package',
  IMPORT_UNKNOWN_FEE_STRUCTURE: 'Unknown fee structure',
  IMPORT_TOO_MANY_ROWS: 'Import at most {max} rows at a time.',
  IMPORT_MOBILE_ADDED_MEANWHILE: 'A mobile number in the file was added meanwhile; preview the file again.',
  IMPORT_QUOTE_NOT_CLOSED: 'The quoted value starting on line {line} is not closed.',
  // Bank statements (issue 44, point 6).
  STATEMENT_COLUMNS_UNKNOWN:
    'The columns are not those of a bank statement the app knows; say which column is which.',
  STATEMENT_HEADING: '{heading}',
  STATEMENT_MAPPING_COLUMN_MISSING: 'The file has no column “{heading}”.',
  STATEMENT_MAPPING_AMOUNTS: 'Choose the debit column or the credit column.',
  STATEMENT_BAD_AMOUNT: 'Line {line}: “{value}” is not an amount.',
  STATEMENT_NO_LINES: 'The file has no statement lines.',
  STATEMENT_XLSX_UNREADABLE: 'The file is not an XLSX workbook that can be read.',
  STATEMENT_LINE_DECIDED: 'This statement line has already been matched or set aside.',
  STATEMENT_LINE_NOT_CREDIT: 'Only money received (a credit) can be recorded as a payment.',
  STATEMENT_CASH_ACCOUNT: 'A cash account has no bank statement.',
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
  CLOSE_REASON_REQUIRED: 'Give a reason: the counted cash differs from the books',
  REOPEN_LATER_DAY_FIRST: 'The cash book is closed up to {locked}: reopen that day before {day}.',
  BANK_ACCOUNT_OTHER_BRANCH: "This account serves another branch; choose one of this branch's accounts",
  FEE_TYPE_NOT_IN_STRUCTURE: 'This fee type is not in the fee structure',
  FINE_ABOVE_PROPOSAL: 'The late fine cannot be more than the fee structure proposes',
  WAIVER_REASON_REQUIRED: 'Give a reason for lowering the late fine',
  DISCOUNT_ABOVE_AMOUNT: 'The discount cannot be more than the amount',
  NOTHING_TO_PAY: 'The payment must come to more than 0',
  RECEIVED_ABOVE_TOTAL: 'Received cannot be more than the total',
  FEE_STRUCTURE_NOT_OFFERED: 'Choose an active fee structure of this branch',
  FEE_TYPE_INACTIVE: 'Choose an active fee type',
  BANK_ACCOUNT_INACTIVE: 'Choose an active bank account',
  ACCOUNT_INACTIVE: 'Choose an active account',
  BRANCH_CASH_ACCOUNT_ONLY: "Choose this branch's cash account",
  TRANSFER_AFTER_TODAY: 'A transfer cannot be dated after today',
  // Expenses and their bills.
  CATEGORY_INACTIVE: 'Choose an active category',
  EXPENSE_AFTER_TODAY: 'An expense cannot be dated after today',
  BILL_UPLOAD_AGAIN: 'Upload the bill again',
  BILL_WRONG_TYPE: 'Attach a JPEG, PNG or PDF file.',
  BILL_TOO_LARGE: 'The bill is larger than 3 MB.',
  // Messages, Wi-Fi, door devices.
  MESSAGE_RETRY_FAILED_ONLY: 'Only a failed message can be retried.',
  ROUTER_REFUSED: 'This router is not registered, is switched off, or its secret does not match.',
  WIFI_SESSION_ENDED: 'This session has ended already.',
  DISCONNECT_UNDER_WAY: 'A disconnect for this session is already on its way.',
  DEVICE_ALREADY_ACCEPTED: 'This device is already accepted.',
  DEVICE_NOT_WAITING:
    'No device {serial} is waiting to be accepted: point it at this server (Cloud Server / ADMS settings) and try again once it has called in.',
  // The member page and its UPI claims (issue 37).
  UTR_ALREADY_CLAIMED: 'This UTR has been claimed already.',
  UPI_REFERENCE_UNKNOWN: 'This is not a payment reference of your page; reload the page and pay again.',
  UPI_AMOUNT_ABOVE_REQUEST: 'The amount is more than the page asked for',
  UPI_CLAIM_DECIDED: 'This UPI claim was confirmed or rejected already.',
  UPI_NOT_OFFERED: 'This branch takes no UPI payments through the member page.',
  // GST (issue 44).
  GSTIN_FORM: 'A GSTIN is 15 characters: the state code, the PAN, the entity number, Z and a check character',
  GSTIN_CHECK_CHARACTER: "This GSTIN's check character does not match: look for a typing error",
  GSTIN_REQUIRED: 'A registered branch needs its GSTIN',
  GSTIN_OTHER_STATE: "The GSTIN's first two digits are another state's code",
  LEGAL_NAME_REQUIRED: 'A registered branch needs its legal name',
  // WhatsApp's Cloud API (issue 46).
  WHATSAPP_PARAMETER_COUNT:
    'The template declares {declared} parameter(s): give exactly that many, in its order',
  WHATSAPP_TEMPLATE_TEXT_NEEDED:
    'Give the approved text of this template, with its numbered placeholders, so its parameters can be checked',
  WHATSAPP_PLACEHOLDERS_GAP: 'Number the placeholders 1, 2, 3… without gaps',
  WHATSAPP_NOT_SET_UP:
    'WhatsApp’s Cloud API is not set up: enter the phone number id and the access token first.',
  WHATSAPP_WINDOW_CLOSED:
    'The member has not written on WhatsApp in the last 24 hours: only an approved template can go to them now.',
  WHATSAPP_SIGNATURE_REFUSED: 'The webhook’s signature does not match the app secret.',
  WHATSAPP_VERIFY_REFUSED: 'The verify token does not match.',
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof errorTemplates;

/**
 * The things a sentence can be about. A `{what}` placeholder always holds one of these names (not
 * English): the API writes the English below into `message`, the web its own words (in German with
 * the article, whose gender the noun decides).
 */
export const recordNames = {
  RECORD: 'The record',
  MEMBER: 'The member',
  ROOM: 'The room',
  WIFI_SESSION: 'The Wi-Fi session',
  EXPENSE: 'The expense',
  BILL: 'The bill',
  REFUND: 'The refund',
  RECEIPT: 'The receipt',
  PAYMENT: 'The payment',
  STAFF_MEMBER: 'The staff member',
  STAFF_ROLE: 'The staff role',
  MESSAGE: 'The message',
  ENQUIRY: 'The enquiry',
  BRANCH: 'The branch',
  DEVICE: 'The device',
  BANK_ACCOUNT: 'The bank account',
  STATEMENT_LINE: 'The statement line',
  DAY_CLOSE: 'The day close',
  PACKAGE: 'The package',
  ROUTER: 'The router',
  FEE_TYPE: 'The fee type',
  FEE_STRUCTURE: 'The fee structure',
  CATEGORY: 'The category',
} as const satisfies Record<string, string>;

export type RecordName = keyof typeof recordNames;
export const isRecordName = (name: unknown): name is RecordName =>
  typeof name === 'string' && Object.hasOwn(recordNames, name);
export const errorCodes = Object.keys(errorTemplates) as ErrorCode[];

export type ErrorParams = Record<string, string | number>;

/** `{name}` placeholders of a template, in order of appearance. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

/** The English sentence of a code with its parameters filled in. */
export function englishMessage(code: ErrorCode, params: ErrorParams = {}): string {
  return errorTemplates[code].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return name === 'what' && isRecordName(value) ? recordNames[value] : String(value);
  });
}
