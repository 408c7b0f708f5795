import type { FastifyInstance } from 'fastify';
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { branchInputSchema, branchListQuerySchema, branchSchema, type Branch } from '@app/contract/branches';
import { branches, clients, staff } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { registerCrud } from '../../platform/crud.ts';
import { conflict, fieldError, said, validationFailed } from '../../platform/errors.ts';
import { lockOrganisation } from '../../platform/locks.ts';
import { branchCsv } from './exportColumns.ts';

type BranchRow = typeof branches.$inferSelect;

export const toBranch = (row: BranchRow): Branch => ({
  id: row.id,
  name: row.name,
  address: row.address,
  phone: row.phone,
  timezone: row.timezone,
  status: row.status,
  createdAt: new Date(row.createdAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
});

export function branchRoutes(app: FastifyInstance, db: Db) {
  registerCrud(app, db, {
    name: 'branch',
    label: 'Branch',
    plural: 'Branches',
    recordName: 'BRANCH',
    module: 'branches',
    table: branches,
    branchScoped: false,
    record: branchSchema,
    input: branchInputSchema,
    listQuery: branchListQuerySchema,
    sortColumns: { name: branches.name, status: branches.status, createdAt: branches.createdAt },
    defaultSort: 'name',
    searchColumns: [branches.name, branches.address, branches.phone],
    filters: (q) => [q.status ? eq(branches.status, q.status) : undefined],
    // A staff member limited to some branches sees only those.
    visible: (ctx) => (ctx.allowedBranchIds ? inArray(branches.id, ctx.allowedBranchIds) : undefined),
    toRecord: (row) => toBranch(row as BranchRow),
    csv: branchCsv,
    toValues: async (input, ctx, tx, existing) => {
      const values = branchInputSchema.parse(input);
      const timezone =
        values.timezone ??
        (existing as BranchRow | undefined)?.timezone ??
        (await tx.select({ tz: clients.timezone }).from(clients).where(eq(clients.id, ctx.clientId)))[0]!.tz;
      // Intl and PostgreSQL know different zone lists: a zone PostgreSQL lacks would fail every
      // later request of the branch (issue 20), so it is refused here.
      const [known] = await tx
        .execute<{ ok: number }>(sql`select 1 as ok from pg_timezone_names where name = ${timezone}`)
        .then((r) => r.rows);
      if (!known) throw validationFailed([fieldError('body.timezone', 'UNKNOWN_TIME_ZONE')]);
      return { ...values, timezone };
    },
    uniqueMessages: { branches_client_name_uq: said('BRANCH_NAME_TAKEN') },
    afterCreate: async (tx, row, ctx) => {
      // Whoever creates a branch can work on it, even when limited to a list of branches.
      if (ctx.allowedBranchIds) {
        await tx
          .update(staff)
          .set({
            branchIds: sql`coalesce(${staff.branchIds}, '[]'::jsonb) || ${JSON.stringify([row.id])}::jsonb`,
          })
          .where(eq(staff.id, ctx.staffId));
      }
    },
    beforeDelete: async (tx, row, ctx) => {
      // Deletes of one organisation's branches take turns, so the count below sees the others'
      // commits: three deleted at once leave one, as one at a time does (issue 35).
      await lockOrganisation(tx, 'branches', ctx.clientId);
      const [others] = await tx
        .select({ n: count() })
        .from(branches)
        .where(and(eq(branches.clientId, ctx.clientId), ne(branches.id, row.id)));
      if (!others?.n) throw conflict(said('LAST_BRANCH'));
      // Lists of branches are jsonb (no foreign key): the branch leaves them in the same transaction.
      // A fee structure left with no branch is switched off rather than read as "every branch".
      const without = sql`coalesce((select jsonb_agg(e) from jsonb_array_elements(branch_ids) e where e <> ${row.id}::text::jsonb), '[]'::jsonb)`;
      const lists = sql`branch_ids @> ${JSON.stringify([row.id])}::jsonb`;
      await tx.execute(sql`update fee_structures set branch_ids = ${without},
        status = case when ${without} = '[]'::jsonb then false else status end
        where client_id = ${ctx.clientId} and ${lists}`);
      await tx.execute(
        sql`update staff set branch_ids = ${without} where client_id = ${ctx.clientId} and ${lists}`,
      );
      // Its cash account goes with it while nothing was ever booked on it (a booked one keeps the
      // branch by its foreign keys: 409).
      await tx.execute(sql`delete from bank_accounts where client_id = ${ctx.clientId}
        and branch_id = ${row.id} and kind = 'cash' and movements_total = 0 and opening_balance = 0`);
    },
  });
}
