import type { Enquiry } from '@app/contract/enquiries';

type ChipColor = 'default' | 'primary' | 'info' | 'warning' | 'success' | 'error';

/** The colour of each status chip: open ones draw the eye, finished ones less so. */
export const statusColors: Record<Enquiry['status'], ChipColor> = {
  new: 'info',
  contacted: 'primary',
  followUp: 'warning',
  converted: 'success',
  lost: 'default',
};

export type FollowUpState = 'none' | 'overdue' | 'today' | 'upcoming' | 'closed';

/**
 * How a follow-up date stands on `today` (YYYY-MM-DD, organisation time): overdue only while the
 * enquiry is still open, as the API's overdue filter counts it; a converted or lost enquiry needs
 * no follow-up any more.
 */
export function followUpState(
  enquiry: Pick<Enquiry, 'followUpDate' | 'status'>,
  today: string,
): FollowUpState {
  if (enquiry.followUpDate === null) return 'none';
  if (enquiry.status === 'converted' || enquiry.status === 'lost') return 'closed';
  if (enquiry.followUpDate < today) return 'overdue';
  if (enquiry.followUpDate === today) return 'today';
  return 'upcoming';
}

/** A converted enquiry is read-only: the API answers edits and deletes of it with 409. */
export const isReadOnly = (enquiry: Pick<Enquiry, 'status'>) => enquiry.status === 'converted';
