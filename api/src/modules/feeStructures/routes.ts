import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  feeStructureInputSchema,
  feeStructureListQuerySchema,
  feeStructureSchema,
  type FeeStructure,
} from '@app/contract/feeStructures';
import { branches, feeStructures, feeTypes, packages, upiRequests } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { registerCrud } from '../../platform/crud.ts';
import { fieldError, said, validationFailed, type CodedFieldError } from '../../platform/errors.ts';
import { feeStructureCsv } from './exportColumns.ts';

type FeeStructureRow = typeof feeStructures.$inferSelect;

export const toFeeStructure = (row: FeeStructureRow): FeeStructure => ({
  id: row.id,
  name: row.name,
  lines: row.lines.map((l) => ({ feeTypeId: l.feeTypeId, amount: l.amount })),
  total: Number(row.total),
  durationDays: row.durationDays,
  packageId: row.packageId,
  entryTime: row.entryTime,
  exitTime: row.exitTime,
  nextDayExit: row.nextDayExit,
  branchIds: row.branchIds ?? null,
  graceDays: row.graceDays,
  finePerDay: row.finePerDay,
  fineCap: row.fineCap,
  status: row.status,
  createdAt: new Date(row.createdAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
});

type Input = ReturnType<typeof feeStructureInputSchema.parse>;

/**
 * Everything the structure points at must be the organisation's own: fee types and the package
 * active (one the structure already used may stay after it was switched off), branches existing.
 * All problems are answered at once, each at its field (`body.lines.0.feeTypeId`).
 */
async function checkReferences(tx: Tx, ctx: StaffContext, input: Input, existing?: FeeStructureRow) {
  const details: CodedFieldError[] = [];
  const typeIds = input.lines.map((l) => l.feeTypeId);
  const kept = new Set(existing?.lines.map((l) => l.feeTypeId) ?? []);
  // Lines are jsonb (no foreign key): FOR SHARE holds the fee types until this structure commits.
  // A delete (FOR UPDATE) waits and then finds the structure (409), or went first and the type is
  // gone here (400); never both (issue 35).
  const types = await tx
    .select({ id: feeTypes.id, status: feeTypes.status })
    .from(feeTypes)
    .where(and(eq(feeTypes.clientId, ctx.clientId), inArray(feeTypes.id, typeIds)))
    .orderBy(feeTypes.id)
    .for('share');
  const usable = new Set(types.filter((t) => t.status || kept.has(t.id)).map((t) => t.id));
  input.lines.forEach((line, i) => {
    if (!usable.has(line.feeTypeId)) {
      details.push(fieldError(`body.lines.${i}.feeTypeId`, 'FEE_TYPE_INACTIVE'));
    }
  });

  if (input.packageId !== null) {
    const [pkg] = await tx
      .select({ status: packages.status })
      .from(packages)
      .where(and(eq(packages.clientId, ctx.clientId), eq(packages.id, input.packageId)));
    if (!pkg || (!pkg.status && existing?.packageId !== input.packageId)) {
      details.push(fieldError('body.packageId', 'PACKAGE_INACTIVE'));
    }
  }

  if (input.branchIds !== null) {
    const found = await tx
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.clientId, ctx.clientId), inArray(branches.id, input.branchIds)));
    const ids = new Set(found.map((b) => b.id));
    input.branchIds.forEach((id, i) => {
      if (!ids.has(id)) details.push(fieldError(`body.branchIds.${i}`, 'UNKNOWN_BRANCH'));
    });
  }
  if (details.length) throw validationFailed(details);
}

/**
 * A renewal the member page quoted for the structure (a UPI request) holds it only while a member's
 * claim names the quote (issue 45, point 7): quotes nobody claimed go with the structure, so they do
 * not keep it in the catalogue; one with a claim (pending, confirmed or rejected) still answers 409.
 * The quotes are locked first, so a claim being filed at this moment is either seen (409) or, filed
 * after, finds its quote gone.
 */
async function forgetUnclaimedQuotes(tx: Tx, ctx: StaffContext, feeStructureId: number) {
  const mine = and(eq(upiRequests.clientId, ctx.clientId), eq(upiRequests.feeStructureId, feeStructureId));
  await tx.select({ id: upiRequests.id }).from(upiRequests).where(mine).for('update');
  await tx
    .delete(upiRequests)
    .where(and(mine, sql`not exists (select 1 from upi_claims c where c.request_id = ${upiRequests.id})`));
}

export function feeStructureRoutes(app: FastifyInstance, db: Db) {
  registerCrud(app, db, {
    name: 'feeStructure',
    label: 'FeeStructure',
    plural: 'FeeStructures',
    recordName: 'FEE_STRUCTURE',
    module: 'feeStructures',
    table: feeStructures,
    branchScoped: false,
    record: feeStructureSchema,
    input: feeStructureInputSchema,
    listQuery: feeStructureListQuerySchema,
    sortColumns: {
      name: feeStructures.name,
      total: feeStructures.total,
      durationDays: feeStructures.durationDays,
      createdAt: feeStructures.createdAt,
    },
    defaultSort: 'name',
    searchColumns: [feeStructures.name],
    filters: (q) => [
      q.status === undefined ? undefined : eq(feeStructures.status, q.status),
      q.packageId === undefined ? undefined : eq(feeStructures.packageId, q.packageId),
      q.branchId === undefined
        ? undefined
        : or(
            isNull(feeStructures.branchIds),
            sql`${feeStructures.branchIds} @> ${JSON.stringify([q.branchId])}::jsonb`,
          ),
    ],
    toRecord: (row) => toFeeStructure(row as FeeStructureRow),
    csv: feeStructureCsv,
    toValues: async (body, ctx, tx, existing) => {
      const input = feeStructureInputSchema.parse(body);
      await checkReferences(tx, ctx, input, existing as FeeStructureRow | undefined);
      return {
        ...input,
        // The total is always the server's sum; a body's total is never read.
        total: input.lines.reduce((sum, l) => sum + l.amount, 0),
      };
    },
    uniqueMessages: { fee_structures_client_name_uq: said('FEE_STRUCTURE_NAME_TAKEN') },
    beforeDelete: async (tx, row, ctx) => forgetUnclaimedQuotes(tx, ctx, (row as FeeStructureRow).id),
  });
}
