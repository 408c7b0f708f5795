import { count, eq } from 'drizzle-orm';
import { fullPermissions, moduleNames, type ModuleName, type PermissionRecord } from '@app/contract/modules';
import type { Db } from './client.ts';
import { branches, clients, staff, staffRoles } from './schema.ts';
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
  });
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
