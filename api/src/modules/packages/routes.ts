import type { FastifyInstance } from 'fastify';
import { and, count, eq, like, or } from 'drizzle-orm';
import {
  packageInputSchema,
  packageListQuerySchema,
  packageSchema,
  maxSlugLength,
  slugify,
  type Package,
} from '@app/contract/packages';
import { feeStructures, packages } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import { registerCrud } from '../../platform/crud.ts';
import { conflict, said } from '../../platform/errors.ts';
import { lockOrganisation } from '../../platform/locks.ts';
import { packageCsv } from './exportColumns.ts';

type PackageRow = typeof packages.$inferSelect;

// The API speaks Mbit/s and GB with up to three decimals; the table keeps whole kbit/s and MB.
const toThousandths = (v: number) => Math.round(v * 1000);
const fromThousandths = (v: number) => v / 1000;

export const toPackage = (row: PackageRow): Package => ({
  id: row.id,
  packageName: row.packageName,
  uniqueName: row.uniqueName,
  adminId: row.adminId,
  downloadSpeed: fromThousandths(row.downloadKbps),
  uploadSpeed: fromThousandths(row.uploadKbps),
  sessionTime: row.sessionMinutes,
  totalData: fromThousandths(row.totalDataMb),
  devicesPerMember: row.devicesPerMember,
  status: row.status,
  createdAt: new Date(row.createdAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
});

/**
 * The slug itself when free, else slug-2, slug-3, ... (the lowest free suffix). One query reads the
 * taken candidates under the organisation's package-name lock, held until the create commits: ten
 * creates at once get ten names as ten in a row do, instead of nine 409s (issue 35). A name typed
 * by hand that takes the same one at that moment still meets the unique index (409).
 */
export async function freeUniqueName(tx: Tx, clientId: number, packageName: string): Promise<string> {
  await lockOrganisation(tx, 'packageNames', clientId);
  // Room for a '-NNNN' suffix within the length a person may type.
  const base =
    slugify(packageName)
      .slice(0, maxSlugLength - 5)
      .replace(/-+$/, '') || 'package';
  const taken = await tx
    .select({ uniqueName: packages.uniqueName })
    .from(packages)
    .where(
      and(
        eq(packages.clientId, clientId),
        // A slug holds only a-z, 0-9 and '-', none of them LIKE wildcards.
        or(eq(packages.uniqueName, base), like(packages.uniqueName, `${base}-%`)),
      ),
    );
  const names = new Set(taken.map((r) => r.uniqueName));
  if (!names.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!names.has(candidate)) return candidate;
  }
}

export const packageUniqueNameTaken = 'A package with this unique name already exists.';

export function packageRoutes(app: FastifyInstance, db: Db) {
  registerCrud(app, db, {
    name: 'package',
    label: 'Package',
    plural: 'Packages',
    recordName: 'PACKAGE',
    module: 'packages',
    table: packages,
    branchScoped: false,
    record: packageSchema,
    input: packageInputSchema,
    listQuery: packageListQuerySchema,
    sortColumns: {
      packageName: packages.packageName,
      downloadSpeed: packages.downloadKbps,
      createdAt: packages.createdAt,
    },
    defaultSort: 'packageName',
    searchColumns: [packages.packageName, packages.uniqueName],
    filters: (q) => [q.status === undefined ? undefined : eq(packages.status, q.status)],
    toRecord: (row) => toPackage(row as PackageRow),
    csv: packageCsv,
    toValues: async (body, ctx, tx, existing) => {
      const input = packageInputSchema.parse(body);
      const current = existing as PackageRow | undefined;
      // An empty uniqueName keeps the current one on update (systems outside may know it by that
      // name) and is generated from packageName on create.
      const uniqueName =
        input.uniqueName ||
        current?.uniqueName ||
        (await freeUniqueName(tx, ctx.clientId, input.packageName));
      return {
        packageName: input.packageName,
        uniqueName,
        downloadKbps: toThousandths(input.downloadSpeed),
        uploadKbps: toThousandths(input.uploadSpeed),
        sessionMinutes: input.sessionTime,
        totalDataMb: toThousandths(input.totalData),
        devicesPerMember: input.devicesPerMember,
        status: input.status,
        // Whoever created it stays the admin; a body never sets it.
        ...(current ? {} : { adminId: ctx.staffId }),
      };
    },
    uniqueMessages: { packages_client_unique_name_uq: said('PACKAGE_NAME_TAKEN') },
    beforeDelete: async (tx, row, ctx) => {
      const [used] = await tx
        .select({ n: count() })
        .from(feeStructures)
        .where(and(eq(feeStructures.clientId, ctx.clientId), eq(feeStructures.packageId, row.id)));
      if (used && used.n > 0) throw conflict(said('USED_BY_FEE_STRUCTURES', { n: used.n }));
    },
  });
}
