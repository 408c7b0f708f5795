// The member form's values, apart from its fields (MemberFields.tsx), so a screen can hold the
// form's defaults without downloading the fields before the form is first opened.
import type { userInputSchema } from '@app/contract/users';
import type { User, UserInput } from '@app/contract/users';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { lazySchema } from '../../lib/form/lazySchema';

export type MemberValues = UserInput;
export type MemberOutput = z.output<typeof userInputSchema>;
export type MemberForm = UseFormReturn<MemberValues, unknown, MemberOutput>;

/** The member form's schema, downloaded (with zod) when the form first opens (lib/form/lazySchema). */
export const loadMemberSchema = lazySchema(() =>
  import('@app/contract/users').then((contract) => contract.userInputSchema),
);

/** The empty form of Add: today as the start, the whole day as the window (spec section 3). */
export function memberDefaults(today: string): MemberValues {
  return {
    name: '',
    mobile: '',
    email: '',
    validFrom: today,
    validTill: '',
    entryTime: '00:00:00',
    exitTime: '00:00:00',
    nextDayExit: false,
    addedToBiometricMachine: false,
    biometricMachineId: null,
    roomId: null,
    seatNumber: null,
    packageId: null,
    feeStructureId: null,
    address: '',
    gstin: '',
    notes: '',
    joinedOn: null,
    firstPeriod: null,
  };
}

/** A member as form values (Edit). */
export function memberToValues(user: User): MemberValues {
  return {
    name: user.name,
    mobile: user.mobile,
    email: user.email ?? '',
    validFrom: user.validFrom,
    validTill: user.validTill,
    entryTime: user.entryTime,
    exitTime: user.exitTime,
    nextDayExit: user.nextDayExit,
    addedToBiometricMachine: user.addedToBiometricMachine,
    biometricMachineId: user.biometricMachineId,
    roomId: user.roomId,
    seatNumber: user.seatNumber,
    packageId: user.packageId,
    feeStructureId: user.feeStructureId,
    address: user.address,
    gstin: user.gstin ?? '',
    notes: user.notes,
    joinedOn: user.joinedOn,
  };
}
