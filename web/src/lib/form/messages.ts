import type { z } from 'zod';
import type { ErrorParams } from '@app/contract/errorCodes';
import { issueOf } from '@app/contract/zodIssues';
import i18n from '../i18n';

/**
 * The English sentences the contract's schemas carry (and the API repeats in `details`), each with
 * the key of its translation. A sentence not listed here is shown as it came.
 */
const contractMessages: Record<string, string> = {
  Required: 'validation.required',
  'Must be more than 0': 'fieldErrors.moreThanZero',
  'Must not be negative': 'fieldErrors.notNegative',
  'Amount is too large': 'fieldErrors.amountTooLarge',
  'Use whole minor units (e.g. paise)': 'fieldErrors.invalidAmount',
  'At most 100000 Mbit/s': 'fieldErrors.speedTooHigh',
  'At most three decimals': 'fieldErrors.threeDecimals',
  'Use lower-case letters, digits and single hyphens': 'fieldErrors.slug',
  'Use HH:MM:SS': 'fieldErrors.time',
  'Add at least one fee': 'fieldErrors.atLeastOneFee',
  'This fee type is already in the structure': 'fieldErrors.duplicateFeeType',
  'Choose at least one branch, or null for all': 'fieldErrors.atLeastOneBranch',
  'A branch is listed twice': 'fieldErrors.duplicateBranch',
  'Give both entry and exit time, or neither': 'fieldErrors.bothTimes',
  'Exit must be after entry unless the exit is the next day': 'fieldErrors.exitAfterEntry',
  'Set entry and exit times first': 'fieldErrors.timesFirst',
  'Use 4 to 34 letters or digits': 'fieldErrors.accountNumber',
  'Use 4 to 20 letters or digits': 'fieldErrors.ifsc',
  'Use the form name@bank': 'fieldErrors.upi',
  'Use the 4 digits the bank gave': 'fieldErrors.merchantCode',
  'Use a real date as YYYY-MM-DD': 'members.errors.date',
  'Valid till must not be before valid from': 'members.errors.validTill',
  'Give both room and seat, or neither': 'members.errors.roomAndSeat',
  'From 5 to 1440 minutes': 'orgSettings.seatHoldMinutesRange',
  'A GSTIN is 15 characters: the state code, the PAN, the entity number, Z and a check character':
    'serverErrors.GSTIN_FORM',
  "This GSTIN's check character does not match: look for a typing error":
    'serverErrors.GSTIN_CHECK_CHARACTER',
  'Choose the fee structure the first period is charged by': 'members.errors.firstPeriodStructure',
  'Enter a mobile number of 7 to 15 digits': 'members.errors.mobile',
  'Enter an IPv4 address such as 192.168.88.1': 'fieldErrors.ipv4',
  'Letters, digits, - and _ only': 'fieldErrors.deviceIdChars',
  'Choose at least one branch, or all branches': 'fieldErrors.staffBranches',
  'Enter the 12-digit UTR': 'fieldErrors.utr',
  'Give a reason': 'fieldErrors.reason',
  'Enter a valid email address': 'members.errors.email',
  'Give a reason for the discount': 'payments.errors.discountReason',
  'Give a reason for lowering the late fine': 'payments.errors.waiverReason',
  'The late fine cannot be more than the fee structure proposes': 'payments.errors.fineAboveProposal',
  'The discount cannot be more than the amount': 'payments.errors.discountAboveAmount',
  'The payment must come to more than 0': 'payments.errors.nothingToPay',
  'Received cannot be more than the total': 'payments.errors.receivedAboveTotal',
  'Choose the account that received it': 'payments.errors.account',
  'SAC is 4 to 8 digits': 'fieldErrors.sac',
  'GST rate is 0, 5, 12, 18 or 28': 'fieldErrors.gstRate',
};

/** A field's message as the reader sees it: i18n keys and known contract sentences translated. */
export function displayMessage(message: string | undefined): string | undefined {
  if (message === undefined || message === '') return undefined;
  const key = contractMessages[message] ?? message;
  // The key is known to exist; the cast only widens i18next's key type for a runtime string.
  return i18n.exists(key) ? i18n.t(key as 'validation.required') : message;
}

function isBlank(input: unknown): boolean {
  return input === undefined || input === null || input === '';
}

/**
 * Messages for the checks a schema states without words of its own (`.min(1)`, a missing number),
 * in the reader's language; the schema's own sentences win over these. The same map words the
 * server's field problems that carry a zod issue code (`issueMessage`), so a check reads the same
 * whether the form or the API found it.
 */
export const formErrorMap: z.core.$ZodErrorMap = (issue) => {
  const t = i18n.t;
  switch (issue.code) {
    case 'invalid_type':
      if (isBlank(issue.input)) return t('validation.required');
      if (typeof issue.input === 'number' && Number.isNaN(issue.input)) return t('fieldErrors.notANumber');
      if (issue.expected === 'int') return t('fieldErrors.wholeNumber');
      if (issue.expected === 'number') return t('fieldErrors.notANumber');
      return t('fieldErrors.invalidValue');
    case 'too_small': {
      const min = String(issue.minimum);
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? t('validation.required') : t('fieldErrors.minLength', { min });
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return Number(issue.minimum) <= 1 ? t('validation.required') : t('fieldErrors.minItems', { min });
      }
      if (issue.origin === 'number' || issue.origin === 'int') {
        return issue.inclusive === false
          ? t('fieldErrors.moreThan', { min })
          : t('fieldErrors.atLeast', { min });
      }
      return t('fieldErrors.invalidValue');
    }
    case 'too_big': {
      const max = String(issue.maximum);
      if (issue.origin === 'string') return t('fieldErrors.maxLength', { max });
      if (issue.origin === 'array' || issue.origin === 'set') return t('fieldErrors.maxItems', { max });
      if (issue.origin === 'number' || issue.origin === 'int') {
        return issue.inclusive === false
          ? t('fieldErrors.lessThan', { max })
          : t('fieldErrors.atMost', { max });
      }
      return t('fieldErrors.invalidValue');
    }
    case 'invalid_format':
      if (issue.format === 'email') return t('validation.invalidEmail');
      if (issue.format === 'date' || issue.format === 'datetime') return t('fieldErrors.date');
      return t('fieldErrors.invalidFormat');
    case 'invalid_value':
      return t('fieldErrors.oneOf', { values: listed(issue.values) });
    case 'unrecognized_keys':
      return t('fieldErrors.unknownFields', { keys: listed(issue.keys) });
    case 'not_multiple_of':
      return t('fieldErrors.multipleOf', { divisor: String(issue.divisor) });
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
      return t('fieldErrors.invalidValue');
    default:
      // An issue this map does not know (a newer zod): its own English words.
      return undefined;
  }
};

// A list as the issue holds it (the form's own issues), or already joined (the server's params).
const listed = (values: unknown): string => (Array.isArray(values) ? values.join(', ') : String(values));

/** A server field problem coded `zod.<issue code>`, in the reader's words (undefined: none known). */
export function issueMessage(code: `zod.${string}`, params: ErrorParams | undefined): string | undefined {
  // The rebuilt issue has the facts the map reads; the map's type asks for a whole zod issue.
  const said = formErrorMap(issueOf(code, params) as unknown as z.core.$ZodRawIssue);
  return typeof said === 'string' ? said : (said?.message ?? undefined);
}
