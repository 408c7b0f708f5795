import type { FeeStructure } from '@app/contract/feeStructures';
import type { Room } from '@app/contract/rooms';
import type { SeatAvailability } from '@app/contract/seats';
import type { User } from '@app/contract/users';
import { jsonResponse } from '../../test/render';

const when = '2026-01-01T00:00:00.000Z';

export function testMember(overrides: Partial<User> = {}): User {
  return {
    userId: 7,
    clientId: 1,
    branchId: 1,
    name: 'Asha Rao',
    email: null,
    mobile: '9876500001',
    status: true,
    inactiveReason: null,
    addedToBiometricMachine: false,
    biometricMachineId: null,
    nextDayExit: false,
    entryTime: '08:00:00',
    exitTime: '14:00:00',
    validFrom: '2026-01-01',
    validTill: '2099-12-31',
    roomId: 3,
    seatNumber: 2,
    packageId: null,
    feeStructureId: null,
    address: '',
    gstin: null,
    notes: '',
    joinedOn: '2026-01-01',
    enquiryId: null,
    dues: 0,
    duesSince: null,
    firstPeriod: null,
    language: 'en',
    createdAt: when,
    updatedAt: when,
    ...overrides,
  };
}

export const testRoom: Room = {
  id: 3,
  branchId: 1,
  name: 'Quiet Hall',
  floor: '1',
  capacity: 4,
  status: true,
  createdAt: when,
  updatedAt: when,
};

/** Seat 2 held by Asha 08:00–14:00: taken for a window that overlaps, free (shared) for one that does not. */
export function testAvailability(url: string): SeatAvailability {
  const params = new URL(url, 'http://x').searchParams;
  const overlaps =
    (params.get('entryTime') ?? '00:00:00') < '14:00:00' && params.get('excludeUserId') !== '7';
  const holder = {
    userId: 7,
    name: 'Asha Rao',
    entryTime: '08:00:00',
    exitTime: '14:00:00',
    nextDayExit: false,
  };
  return {
    capacity: 4,
    seats: [1, 2, 3, 4].map((seatNumber) =>
      seatNumber === 2 && params.get('excludeUserId') !== '7'
        ? { seatNumber, takenBy: [holder], free: !overlaps }
        : { seatNumber, takenBy: [], free: true },
    ),
  };
}

/** A 30-day evening plan with its own window and no package. */
export const testFeeStructure: FeeStructure = {
  id: 5,
  name: 'Evening 30 days',
  lines: [{ feeTypeId: 1, amount: 150000 }],
  total: 150000,
  durationDays: 30,
  packageId: null,
  entryTime: '14:00:00',
  exitTime: '20:00:00',
  nextDayExit: false,
  branchIds: null,
  graceDays: 0,
  finePerDay: 0,
  fineCap: 0,
  status: true,
  createdAt: when,
  updatedAt: when,
};

export const emptyPage = (items: unknown[] = []) => ({ items, total: items.length, page: 0, pageSize: 100 });

/** The catalogue lists the member form asks for. */
export function catalogueResponse(url: string): Response | undefined {
  if (url.startsWith('/api/room/getRooms')) return jsonResponse(200, emptyPage([testRoom]));
  if (url.startsWith('/api/package/getPackages')) return jsonResponse(200, emptyPage());
  if (url.startsWith('/api/feeStructure/getFeeStructures'))
    return jsonResponse(200, emptyPage([testFeeStructure]));
  if (url.startsWith('/api/user/getSeatAvailability')) return jsonResponse(200, testAvailability(url));
  return undefined;
}
