import { count, eq } from 'drizzle-orm';
import { fullPermissions, moduleNames, type ModuleName, type PermissionRecord } from '@app/contract/modules';
import { slugify } from '@app/contract/packages';
import type { Db, Tx } from './client.ts';
import {
  bankAccounts,
  branches,
  categories,
  clients,
  feeStructures,
  feeTypes,
  packages,
  rooms,
  staff,
  staffRoles,
} from './schema.ts';
import { hashPassword } from '../platform/passwords.ts';

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
            payments: 'va',
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
  await tx.insert(feeStructures).values([
    structure(
      'Monthly – Day Shift',
      [
        { feeTypeId: monthly!.id, amount: 150000 },
        { feeTypeId: locker!.id, amount: 30000 },
      ],
      { entryTime: '08:00:00', exitTime: '20:00:00' },
    ),
    structure('Monthly – Night Shift', [{ feeTypeId: monthly!.id, amount: 120000 }], {
      entryTime: '20:00:00',
      exitTime: '06:00:00',
      nextDayExit: true,
      branchIds: branchIds.slice(0, 2),
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

/** A deterministic mulberry32 stream: the same options always give the same data. */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
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
