import { enquirySortFields } from '@app/contract/listNames';
import type { Enquiry } from '@app/contract/enquiries';
import { defineResource } from '../../lib/table/resource';

/** Enquiries belong to the active branch; the api client sends it with every request. */
export const enquiryResource = defineResource<Enquiry>({
  name: 'enquiry',
  label: 'Enquiry',
  plural: 'Enquiries',
  module: 'enquiries',
  sortFields: enquirySortFields,
  filterNames: ['status', 'followUp'],
});

/** Where the member made from an enquiry is shown. */
export const memberProfilePath = (userId: number) => `/app/UserProfile/${userId}`;
