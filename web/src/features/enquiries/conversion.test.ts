import { describe, expect, it } from 'vitest';
import { userInputSchema } from '@app/contract/users';
import type { Enquiry } from '@app/contract/enquiries';
import { conversionDefaults } from './conversion';

const enquiry: Enquiry = {
  id: 7,
  branchId: 1,
  name: 'Meera Nair',
  mobile: '9876500011',
  email: 'meera@example.test',
  source: 'phone',
  feeStructureId: 3,
  followUpDate: '2026-03-01',
  status: 'followUp',
  notes: 'Prefers mornings',
  convertedUserId: null,
  createdAt: '2026-02-01T00:00:00.000Z',
  updatedAt: '2026-02-01T00:00:00.000Z',
};

describe('conversionDefaults', () => {
  it('carries over what the person told us and starts a month of validity today', () => {
    expect(conversionDefaults(enquiry, '2026-03-10')).toEqual({
      name: 'Meera Nair',
      mobile: '9876500011',
      email: 'meera@example.test',
      feeStructureId: 3,
      notes: 'Prefers mornings',
      validFrom: '2026-03-10',
      validTill: '2026-04-10',
    });
  });

  it('is a valid member as it stands, so Save works without typing anything', () => {
    const parsed = userInputSchema.safeParse(conversionDefaults(enquiry, '2026-01-31'));
    expect(parsed.success).toBe(true);
  });

  it('keeps an enquiry without email or fee structure empty there', () => {
    const values = conversionDefaults({ ...enquiry, email: null, feeStructureId: null }, '2026-03-10');
    expect(values.email).toBeNull();
    expect(values.feeStructureId).toBeNull();
  });
});
