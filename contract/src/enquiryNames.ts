// Enquiry names without zod, for the web's first load (issue 21); enquiries.ts re-exports them.

export const enquirySources = ['walkIn', 'phone', 'website', 'referral', 'other'] as const;
export const enquiryStatuses = ['new', 'contacted', 'followUp', 'converted', 'lost'] as const;
/** A person may set every status except converted, which only convertEnquiry sets. */
export const editableEnquiryStatuses = ['new', 'contacted', 'followUp', 'lost'] as const;
