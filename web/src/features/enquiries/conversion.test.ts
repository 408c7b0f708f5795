import { describe, expect, it } from 'vitest';
import { userInputSchema } from '@app/contract/users';
import type { Enquiry } from '@app/contract/enquiries';
import { conversionDefaults } from './conversion';
import { addMonths, formatIsoDate, isoDateIn } from './dates';

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

describe('dates', () => {
  it('adds a month as people count it: the same day, or the last day of a shorter month', () => {
    expect(addMonths('2026-03-10', 1)).toBe('2026-04-10');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });

  it('takes today in the organisation time zone, which may differ from UTC', () => {
    const lateUtc = new Date('2026-03-10T20:00:00Z');
    expect(isoDateIn('UTC', lateUtc)).toBe('2026-03-10');
    expect(isoDateIn('Asia/Kolkata', lateUtc)).toBe('2026-03-11');
    expect(isoDateIn('America/Los_Angeles', new Date('2026-03-10T05:00:00Z'))).toBe('2026-03-09');
  });

  it('writes a date in the reader locale without shifting it by a time zone', () => {
    expect(formatIsoDate('2026-03-01', 'en-GB')).toBe('1 Mar 2026');
    expect(formatIsoDate('2026-03-01', 'de')).toBe('01.03.2026');
  });
});
