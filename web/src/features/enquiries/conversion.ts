import type { Enquiry } from '@app/contract/enquiries';
import type { UserInput } from '@app/contract/users';
import { addMonths } from '../../lib/dates';

/**
 * The member form's starting values for an enquiry being converted: what the person told us, and
 * a validity from today. The form needs a validity; one month is the usual plan of a self-study
 * library and the first month is normally paid on the day a person joins, so it is the likeliest
 * answer. It is only a suggestion: the clerk sees and may change both dates before saving.
 */
export function conversionDefaults(enquiry: Enquiry, today: string): Partial<UserInput> {
  return {
    name: enquiry.name,
    mobile: enquiry.mobile,
    email: enquiry.email,
    feeStructureId: enquiry.feeStructureId,
    notes: enquiry.notes,
    validFrom: today,
    validTill: addMonths(today, 1),
  };
}
