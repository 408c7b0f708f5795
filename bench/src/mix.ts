// The mixed load of reads and writes that bench:load and bench:figures send: each connection cycles
// the members list, a new member, the payments list, a payment, a member search and the dues list.
import type autocannon from 'autocannon';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** `members`: ids of the branch's members to pay for; new members get mobiles unique to this process. */
export function mixedRequests(feeStructureId: number, members: number[]): autocannon.Request[] {
  let n = 0;
  const pick = () => members[Math.floor(Math.random() * members.length)]!;
  return [
    { method: 'GET', path: '/api/user/getUsers?pageSize=25' },
    {
      method: 'POST',
      path: '/api/user/createUser',
      setupRequest: (req) => {
        n += 1;
        return {
          ...req,
          body: JSON.stringify({
            name: `Load Member ${n}`,
            mobile: `+98${String(process.pid % 10_000).padStart(4, '0')}${String(n).padStart(7, '0')}`,
            validFrom: day(-5),
            validTill: day(25),
            feeStructureId,
          }),
        };
      },
    },
    { method: 'GET', path: '/api/payment/getPayments?pageSize=25' },
    {
      method: 'POST',
      path: '/api/payment/createPayment',
      setupRequest: (req) => ({
        ...req,
        body: JSON.stringify({
          userId: pick(),
          feeStructureId,
          lateFine: 0,
          lateFineWaiverReason: 'load',
          received: 100,
          mode: 'cash',
        }),
      }),
    },
    { method: 'GET', path: '/api/user/getUsers?pageSize=25&q=sha' },
    { method: 'GET', path: '/api/payment/getDues?pageSize=25' },
  ];
}

/** A member as the API answers it; the fields of an update's body are taken from it. */
export type MemberRecord = {
  userId: number;
  name: string;
  email: string | null;
  mobile: string;
  addedToBiometricMachine: boolean;
  biometricMachineId: number | null;
  nextDayExit: boolean;
  entryTime: string;
  exitTime: string;
  validFrom: string;
  validTill: string;
  roomId: number | null;
  seatNumber: number | null;
  packageId: number | null;
  feeStructureId: number | null;
  address: string;
  notes: string;
  joinedOn: string;
};

/** What the write mix needs of one server's data. */
export type WriteMixData = {
  feeStructureId: number;
  /** An accepted door device of the branch: new members are enrolled on it (its commands queue). */
  deviceId: number;
  /** A room of the branch whose seat map is read. */
  roomId: number;
  /** Members of the branch to edit (they keep their seats, mobiles and references). */
  members: MemberRecord[];
  /** Keeps new members' mobiles apart between the builds' runs (each has its own database anyway). */
  mobilePrefix: string;
};

const firstNames = ['Asha', 'Ravi', 'Meera', 'Arjun', 'Kavya', 'Rohan', 'Sneha', 'Vikram', 'Divya', 'Kiran'];
const surnames = ['Rao', 'Sharma', 'Iyer', 'Nair', 'Reddy', 'Shetty', 'Patil', 'Menon', 'Gowda', 'Joshi'];

/** The fields of the member input the API takes, from a member record. */
export const memberInputOf = (m: MemberRecord) => ({
  name: m.name,
  email: m.email,
  mobile: m.mobile,
  addedToBiometricMachine: m.addedToBiometricMachine,
  biometricMachineId: m.biometricMachineId,
  nextDayExit: m.nextDayExit,
  entryTime: m.entryTime,
  exitTime: m.exitTime,
  validFrom: m.validFrom,
  validTill: m.validTill,
  roomId: m.roomId,
  seatNumber: m.seatNumber,
  packageId: m.packageId,
  feeStructureId: m.feeStructureId,
  address: m.address,
  notes: m.notes,
  joinedOn: m.joinedOn,
});

/**
 * Issue 36's mix of reads and writes (bench:figures --bundle): each connection cycles a new member
 * (enrolled on the branch's door device, so their commands queue), an edit of an existing member
 * (its name on every other pass over the members, so search words and the device's record change
 * too; its notes always),
 * a member search, the members list, the payments list and a room's seat map. Every request must
 * succeed: a write refused by validation is not a fast write.
 */
export function writeMixRequests(d: WriteMixData): autocannon.Request[] {
  let created = 0;
  let edited = 0;
  const body = (value: unknown) => JSON.stringify(value);
  return [
    {
      method: 'POST',
      path: '/api/user/createUser',
      setupRequest: (req) => {
        created += 1;
        const first = firstNames[created % firstNames.length]!;
        const last = surnames[Math.floor(created / firstNames.length) % surnames.length]!;
        return {
          ...req,
          body: body({
            name: `${first} ${last}`,
            email: `${first}.${last}${created}@example.in`.toLowerCase(),
            mobile: `+${d.mobilePrefix}${String(created).padStart(8, '0')}`,
            addedToBiometricMachine: true,
            biometricMachineId: d.deviceId,
            entryTime: '06:00:00',
            exitTime: '14:00:00',
            validFrom: day(-5),
            validTill: day(25),
            feeStructureId: d.feeStructureId,
            address: '12, HSR Layout, Bengaluru',
          }),
        };
      },
    },
    {
      method: 'PUT',
      setupRequest: (req) => {
        edited += 1;
        const m = d.members[edited % d.members.length]!;
        // Each pass over the members flips their names, so every edit of a name is a real change.
        const name = Math.floor(edited / d.members.length) % 2 === 0 ? `${m.name} Jr` : m.name;
        return {
          ...req,
          path: `/api/user/updateUser?userId=${m.userId}`,
          body: body({ ...memberInputOf(m), name, notes: `Edited ${edited}` }),
        };
      },
    },
    { method: 'GET', path: '/api/user/getUsers?pageSize=25&q=sha' },
    { method: 'GET', path: '/api/user/getUsers?pageSize=25' },
    { method: 'GET', path: '/api/payment/getPayments?pageSize=25' },
    {
      method: 'GET',
      path: `/api/user/getSeatAvailability?roomId=${d.roomId}&entryTime=06:00:00&exitTime=14:00:00`,
    },
  ];
}
