import { and, count, eq } from 'drizzle-orm';
import { fullPermissions, moduleNames, type ModuleName, type PermissionRecord } from '@app/contract/modules';
import { slugify } from '@app/contract/packages';
import { defaultFyStartMonth } from '@app/contract/money';
import type { Db, Tx } from './client.ts';
import {
  bankAccounts,
  branches,
  categories,
  clients,
  enquiries,
  feeStructures,
  feeTypes,
  packages,
  rooms,
  staff,
  staffRoles,
  users,
} from './schema.ts';
import { hashPassword } from '../platform/passwords.ts';
import { firstNames, surnames } from './names.ts';
import { rng } from './seedHelpers.ts';
import { seedPayments } from './seedPayments.ts';
import { seedBooks } from './seedBooks.ts';

export const demoSignIn = { email: 'demo@library.test', password: 'Demo@12345' } as const;

/** Seeds the demo organisation when the database holds no organisation yet. Returns true if it did. */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(clients);
  if (row && row.n > 0) return false;
  await seedDemo(db);
  return true;
}

function permissions(grants: Partial<Record<ModuleName, string>>): PermissionRecord[] {
  return moduleNames.map((m) => {
    const g = grants[m] ?? '';
    return {
      moduleUniqueName: m,
      view: g.includes('v'),
      add: g.includes('a'),
      edit: g.includes('e'),
      delete: g.includes('d'),
    };
  });
}

export async function seedDemo(db: Db): Promise<void> {
  const passwordHash = await hashPassword(demoSignIn.password);
  await db.transaction(async (tx) => {
    const [client] = await tx
      .insert(clients)
      .values({
        name: 'Demo Library',
        currency: 'INR',
        locale: 'en-IN',
        timezone: 'Asia/Kolkata',
        receiptPrefix: 'DL',
        fyStartMonth: defaultFyStartMonth('INR'),
      })
      .returning();
    const clientId = client!.id;
    const branchRows = await tx
      .insert(branches)
      .values([
        {
          clientId,
          name: 'Koramangala',
          address: '80 Feet Road, Koramangala, Bengaluru',
          phone: '+91 80 4123 0001',
          timezone: 'Asia/Kolkata',
        },
        {
          clientId,
          name: 'Indiranagar',
          address: '100 Feet Road, Indiranagar, Bengaluru',
          phone: '+91 80 4123 0002',
          timezone: 'Asia/Kolkata',
        },
        {
          clientId,
          name: 'Jayanagar',
          address: '11th Main, 4th Block, Jayanagar, Bengaluru',
          phone: '+91 80 4123 0003',
          timezone: 'Asia/Kolkata',
        },
      ])
      .returning();
    const [owner, manager, receptionist] = await tx
      .insert(staffRoles)
      .values([
        {
          clientId,
          name: 'Owner',
          description: 'Everything, always.',
          isOwner: true,
          permissions: fullPermissions(),
        },
        {
          clientId,
          name: 'Manager',
          description: 'Runs a branch: members, fees, money and rooms; no staff administration.',
          permissions: permissions({
            dashboard: 'v',
            analytics: 'v',
            users: 'vae',
            inactiveUsers: 'vae',
            enquiries: 'vaed',
            packages: 'vae',
            feeStructures: 'vae',
            feeTypes: 'vae',
            // Edit: she closes the day's cash book; reopening one (delete) is the owner's (issue 34).
            payments: 'vae',
            expenses: 'va',
            refunds: 'va',
            categories: 'vae',
            bankAccounts: 'v',
            branches: 'v',
            branchPayments: 'v',
            rooms: 'vae',
          }),
        },
        {
          clientId,
          name: 'Receptionist',
          description: 'Front desk: members, enquiries and payments.',
          permissions: permissions({
            dashboard: 'v',
            users: 'vae',
            inactiveUsers: 'v',
            enquiries: 'vae',
            payments: 'va',
            branches: 'v',
          }),
        },
      ])
      .returning();
    await tx.insert(staff).values([
      {
        clientId,
        staffName: 'Demo Owner',
        email: demoSignIn.email,
        mobile: '9800000001',
        roleId: owner!.id,
        passwordHash,
      },
      {
        clientId,
        staffName: 'Meera Manager',
        email: 'manager@library.test',
        mobile: '9800000002',
        roleId: manager!.id,
        passwordHash,
      },
      {
        clientId,
        staffName: 'Ravi Reception',
        email: 'reception@library.test',
        mobile: '9800000003',
        roleId: receptionist!.id,
        branchIds: [branchRows[0]!.id],
        passwordHash,
      },
    ]);
    await seedCatalogue(
      tx,
      clientId,
      branchRows.map((b) => b.id),
    );
    await seedMembers(
      tx,
      clientId,
      branchRows.map((b) => b.id),
    );
    await seedPayments(
      tx,
      clientId,
      branchRows.map((b) => b.id),
      demoDate(0),
    );
    await seedBooks(
      tx,
      clientId,
      branchRows.map((b) => b.id),
      demoDate(0),
    );
  });
}

/** The demo organisation's packages, fees, expense categories, bank accounts and rooms (INR paise). */
async function seedCatalogue(tx: Tx, clientId: number, branchIds: number[]): Promise<void> {
  const [owner] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.email, demoSignIn.email));
  const pkg = (packageName: string, down: number, up: number, dataGb: number, status = true) => ({
    clientId,
    packageName,
    uniqueName: slugify(packageName),
    adminId: owner!.id,
    downloadKbps: down * 1000,
    uploadKbps: up * 1000,
    totalDataMb: dataGb * 1000,
    status,
  });
  const packageRows = await tx
    .insert(packages)
    .values([
      pkg('Basic 10 Mbps', 10, 5, 100),
      pkg('Standard 25 Mbps', 25, 10, 250),
      pkg('Unlimited 50 Mbps', 50, 25, 0),
      { ...pkg('Legacy 4 Mbps', 4, 1, 20, false), sessionMinutes: 120 },
    ])
    .returning();
  const [admission, monthly, locker, deposit] = await tx
    .insert(feeTypes)
    .values([
      { clientId, name: 'Admission', description: 'One-time joining fee' },
      { clientId, name: 'Monthly Fee', description: 'Seat for the period' },
      { clientId, name: 'Locker', description: 'Personal locker for the period' },
      {
        clientId,
        name: 'Security Deposit',
        description: 'Returned when the member leaves',
        refundable: true,
      },
      { clientId, name: 'Late Fee', description: 'Charged when a renewal is late' },
    ])
    .returning();
  const structure = (
    name: string,
    lines: { feeTypeId: number; amount: number }[],
    rest: Partial<typeof feeStructures.$inferInsert> = {},
  ) => ({
    clientId,
    name,
    lines,
    total: lines.reduce((sum, l) => sum + l.amount, 0),
    durationDays: 30,
    ...rest,
  });
  // ₹20 a day after three days of grace, at most ₹300.
  const lateFine = { graceDays: 3, finePerDay: 2000, fineCap: 30000 };
  await tx.insert(feeStructures).values([
    structure(
      'Monthly – Day Shift',
      [
        { feeTypeId: monthly!.id, amount: 150000 },
        { feeTypeId: locker!.id, amount: 30000 },
      ],
      { entryTime: '08:00:00', exitTime: '20:00:00', ...lateFine },
    ),
    structure('Monthly – Night Shift', [{ feeTypeId: monthly!.id, amount: 120000 }], {
      entryTime: '20:00:00',
      exitTime: '06:00:00',
      nextDayExit: true,
      branchIds: branchIds.slice(0, 2),
      ...lateFine,
    }),
    structure(
      'Quarterly + WiFi',
      [
        { feeTypeId: admission!.id, amount: 50000 },
        { feeTypeId: monthly!.id, amount: 420000 },
        { feeTypeId: deposit!.id, amount: 100000 },
      ],
      { durationDays: 90, packageId: packageRows[1]!.id },
    ),
  ]);
  await tx.insert(categories).values(
    [
      ['Rent', 'Premises rent'],
      ['Electricity', 'Power bills'],
      ['Internet', 'Broadband and WiFi uplink'],
      ['Salaries', 'Staff salaries'],
      ['Housekeeping', 'Cleaning and supplies'],
      ['Stationery', 'Registers, receipts, printing'],
    ].map(([name, description]) => ({ clientId, name: name!, description: description! })),
  );
  await tx.insert(bankAccounts).values([
    {
      clientId,
      accountName: 'Demo Library Current Account',
      bankName: 'HDFC Bank',
      accountNumber: '50200012345678',
      ifsc: 'HDFC0000523',
      upiId: 'demolibrary@hdfcbank',
      openingBalance: 25000000,
    },
    {
      clientId,
      accountName: 'Jayanagar Savings',
      bankName: 'State Bank of India',
      accountNumber: '30012345678',
      ifsc: 'SBIN0000813',
      openingBalance: 7500000,
      branchId: branchIds[2] ?? null,
    },
  ]);
  const roomsPerBranch: [string, string, number][][] = [
    [
      ['Silent Hall A', 'Ground', 60],
      ['Reading Room 1', 'First', 24],
    ],
    [
      ['Silent Hall B', 'Ground', 40],
      ['Reading Room 1', 'First', 20],
      ['Cabin Zone', 'Second', 30],
    ],
    [
      ['Main Hall', 'Ground', 50],
      ['Reading Room 1', 'First', 20],
    ],
  ];
  await tx.insert(rooms).values(
    branchIds.flatMap((branchId, i) =>
      (roomsPerBranch[i] ?? []).map(([name, floor, capacity]) => ({
        clientId,
        branchId,
        name,
        floor,
        capacity,
      })),
    ),
  );
}

const localities = [
  'HSR Layout',
  'BTM Layout',
  'Koramangala 5th Block',
  'Indiranagar 2nd Stage',
  'Jayanagar 9th Block',
  'JP Nagar',
  'Banashankari',
  'Basavanagudi',
  'Domlur',
  'Ejipura',
  'Wilson Garden',
  'Shanti Nagar',
];
const shifts = {
  morning: { entryTime: '06:00:00', exitTime: '14:00:00', nextDayExit: false },
  evening: { entryTime: '14:00:00', exitTime: '22:00:00', nextDayExit: false },
  night: { entryTime: '20:00:00', exitTime: '06:00:00', nextDayExit: true },
} as const;

/** Today in the demo's time zone, shifted by `days`. */
function demoDate(days: number): string {
  return shiftDate(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()), days);
}

function shiftDate(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const demoMembersPerBranch = 300;
export const demoEnquiries = 40;

/**
 * About 300 members per branch in every state (active, expiring within 7 days, expired, deactivated)
 * on morning / evening / night shifts, seated without overlaps (a seat holds morning + evening or
 * morning + night; every member counts, active or not), and 40 enquiries, a few converted.
 * Dates are relative to today so the states stay true; everything else is the same every run.
 */
async function seedMembers(tx: Tx, clientId: number, branchIds: number[]): Promise<void> {
  const random = rng(20240601);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const structureRows = await tx
    .select()
    .from(feeStructures)
    .where(eq(feeStructures.clientId, clientId))
    .orderBy(feeStructures.id);
  const [day, night, quarterly] = structureRows;
  const packageRows = await tx
    .select()
    .from(packages)
    .where(and(eq(packages.clientId, clientId), eq(packages.status, true)))
    .orderBy(packages.id);
  const mobiles = new Set<string>();
  const mobile = () => {
    for (;;) {
      const m = `${pick(['9', '8', '7', '6'])}${String(Math.floor(random() * 1e9)).padStart(9, '0')}`;
      if (!mobiles.has(m)) {
        mobiles.add(m);
        return m;
      }
    }
  };
  const members: { id: number; name: string; mobile: string; email: string | null }[] = [];
  for (const [b, branchId] of branchIds.entries()) {
    const roomRows = await tx
      .select()
      .from(rooms)
      .where(and(eq(rooms.clientId, clientId), eq(rooms.branchId, branchId)))
      .orderBy(rooms.id);
    // Two non-overlapping slots per seat; shuffled so seats fill across rooms.
    const slots = roomRows.flatMap((room) =>
      Array.from({ length: room.capacity }, (_, i) => [
        { roomId: room.id, seatNumber: i + 1, shift: 'morning' as const },
        {
          roomId: room.id,
          seatNumber: i + 1,
          shift: i % 2 === 0 ? ('evening' as const) : ('night' as const),
        },
      ]).flat(),
    );
    for (let i = slots.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [slots[i], slots[j]] = [slots[j]!, slots[i]!];
    }
    const rows = Array.from({ length: demoMembersPerBranch }, (_, i) => {
      const first = pick(firstNames);
      const last = pick(surnames);
      const r = random();
      const state = r < 0.6 ? 'active' : r < 0.74 ? 'expiring' : r < 0.9 ? 'expired' : 'deactivated';
      const validTill =
        state === 'active'
          ? demoDate(between(8, 120))
          : state === 'expiring'
            ? demoDate(between(0, 7))
            : state === 'expired'
              ? demoDate(-between(1, 90))
              : demoDate(between(-30, 60));
      const durationDays = pick([30, 30, 30, 90]);
      const validFrom = shiftDate(validTill, -durationDays);
      // Every fourth member sits anywhere (no fixed seat) while slots remain for the others.
      const slot = i % 4 === 3 ? undefined : slots.pop();
      const shift = slot?.shift ?? pick(['morning', 'evening', 'night'] as const);
      const structure =
        durationDays === 90 ? quarterly : shift === 'night' && b < 2 ? night : (day ?? quarterly);
      const biometric = random() < 0.7;
      return {
        clientId,
        branchId,
        name: `${first} ${last}`,
        email: random() < 0.6 ? `${first}.${last}${i + 1}@example.in`.toLowerCase() : null,
        mobile: mobile(),
        status: state === 'active' || state === 'expiring',
        inactiveReason:
          state === 'expired'
            ? ('expired' as const)
            : state === 'deactivated'
              ? ('deactivated' as const)
              : null,
        addedToBiometricMachine: biometric,
        biometricMachineId: biometric ? 1 : null,
        ...shifts[shift],
        validFrom,
        validTill,
        roomId: slot?.roomId ?? null,
        seatNumber: slot?.seatNumber ?? null,
        packageId: structure?.packageId ?? (random() < 0.5 ? pick(packageRows).id : null),
        feeStructureId: structure?.id ?? null,
        address: `${between(1, 999)}, ${pick(localities)}, Bengaluru`,
        notes: random() < 0.1 ? pick(['Prefers a window seat', 'Preparing for UPSC', 'Needs a locker']) : '',
        joinedOn: shiftDate(validFrom, -pick([0, 0, 0, 30, 60, 90, 180, 365])),
      };
    });
    members.push(
      ...(await tx
        .insert(users)
        .values(rows)
        .returning({ id: users.id, name: users.name, mobile: users.mobile, email: users.email })),
    );
  }

  const statuses = ['new', 'new', 'contacted', 'followUp', 'followUp', 'lost', 'converted'] as const;
  const enquiryRows = Array.from({ length: demoEnquiries }, (_, i) => {
    const status = i < 5 ? ('converted' as const) : pick(statuses.slice(0, 6));
    const first = pick(firstNames);
    return {
      clientId,
      branchId: branchIds[i % branchIds.length]!,
      name: `${first} ${pick(surnames)}`,
      mobile: mobile(),
      email: random() < 0.4 ? `${first.toLowerCase()}${i + 1}@example.in` : null,
      source: pick(['walkIn', 'phone', 'website', 'referral', 'other'] as const),
      feeStructureId: random() < 0.7 ? pick(structureRows).id : null,
      followUpDate: status === 'converted' ? null : demoDate(between(-5, 7)),
      status,
      notes: pick(['', 'Asked about night shift', 'Wants a quiet corner', 'Will visit with a friend']),
    };
  });
  const enquiryIds = await tx.insert(enquiries).values(enquiryRows).returning({ id: enquiries.id });
  // The converted enquiries became members of their branch: same person, linked both ways.
  for (let i = 0; i < 5; i++) {
    const m = members[(i % branchIds.length) * demoMembersPerBranch + i]!;
    await tx
      .update(enquiries)
      .set({ convertedUserId: m.id, name: m.name, mobile: m.mobile, email: m.email })
      .where(eq(enquiries.id, enquiryIds[i]!.id));
    await tx.update(users).set({ enquiryId: enquiryIds[i]!.id }).where(eq(users.id, m.id));
  }
}

export type LargeSeedOptions = {
  organisations: number;
  branchesPerOrganisation: number;
  staffPerOrganisation: number;
  seed: number;
};

/** Many organisations with branches and staff, for bench/: inserted in batches, same output for same options. */
export async function seedLarge(db: Db, opts: LargeSeedOptions): Promise<{ clientIds: number[] }> {
  const random = rng(opts.seed);
  const passwordHash = await hashPassword(demoSignIn.password);
  const clientIds: number[] = [];
  for (let o = 0; o < opts.organisations; o++) {
    await db.transaction(async (tx) => {
      const [client] = await tx
        .insert(clients)
        .values({ name: `Bench Library ${opts.seed}-${o + 1}` })
        .returning();
      const clientId = client!.id;
      clientIds.push(clientId);
      const [role] = await tx
        .insert(staffRoles)
        .values({ clientId, name: 'Owner', isOwner: true, permissions: fullPermissions() })
        .returning();
      for (let start = 0; start < opts.branchesPerOrganisation; start += 1000) {
        const batch = Array.from(
          { length: Math.min(1000, opts.branchesPerOrganisation - start) },
          (_, i) => ({
            clientId,
            name: `Branch ${String(start + i + 1).padStart(5, '0')} ${Math.floor(random() * 1e6).toString(36)}`,
            address: `${Math.floor(random() * 999) + 1} Main Road`,
            status: random() < 0.9 ? ('active' as const) : ('inactive' as const),
          }),
        );
        await tx.insert(branches).values(batch);
      }
      const staffRows = Array.from({ length: opts.staffPerOrganisation }, (_, i) => ({
        clientId,
        staffName: `Staff ${i + 1}`,
        email: `staff${i + 1}.o${clientId}@bench.test`,
        roleId: role!.id,
        passwordHash,
      }));
      if (staffRows.length) await tx.insert(staff).values(staffRows);
    });
  }
  return { clientIds };
}

export async function hasDemoAccount(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: staff.id }).from(staff).where(eq(staff.email, demoSignIn.email));
  return Boolean(row);
}
