import type { FastifyInstance } from 'fastify';
import { and, count, eq, sql } from 'drizzle-orm';
import {
  feeTypeInputSchema,
  feeTypeListQuerySchema,
  feeTypeSchema,
  type FeeType,
} from '@app/contract/feeTypes';
import { feeStructures, feeTypes } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { registerCrud } from '../../platform/crud.ts';
import { conflict, said } from '../../platform/errors.ts';
import { feeTypeCsv } from './exportColumns.ts';

type FeeTypeRow = typeof feeTypes.$inferSelect;

export const toFeeType = (row: FeeTypeRow): FeeType => ({
  id: row.id,
  name: row.name,
  description: row.description,
  refundable: row.refundable,
  sac: row.sac,
  gstRate: row.gstRate,
  status: row.status,
  createdAt: new Date(row.createdAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
});

/** Served at the specification's paths: /api/feeType/getFeeTypes, createFeeType, updateFeeType, ... */
export function feeTypeRoutes(app: FastifyInstance, db: Db) {
  registerCrud(app, db, {
    name: 'feeType',
    label: 'FeeType',
    plural: 'FeeTypes',
    recordName: 'FEE_TYPE',
    module: 'feeTypes',
    table: feeTypes,
    branchScoped: false,
    record: feeTypeSchema,
    input: feeTypeInputSchema,
    listQuery: feeTypeListQuerySchema,
    sortColumns: { name: feeTypes.name, createdAt: feeTypes.createdAt },
    defaultSort: 'name',
    searchColumns: [feeTypes.name, feeTypes.description],
    filters: (q) => [
      q.status === undefined ? undefined : eq(feeTypes.status, q.status),
      q.refundable === undefined ? undefined : eq(feeTypes.refundable, q.refundable),
    ],
    toRecord: (row) => toFeeType(row as FeeTypeRow),
    csv: feeTypeCsv,
    toValues: (body) => feeTypeInputSchema.parse(body),
    uniqueMessages: { fee_types_client_name_uq: said('FEE_TYPE_NAME_TAKEN') },
    beforeDelete: async (tx, row, ctx) => {
      const [used] = await tx
        .select({ n: count() })
        .from(feeStructures)
        .where(
          and(
            eq(feeStructures.clientId, ctx.clientId),
            sql`${feeStructures.lines} @> ${JSON.stringify([{ feeTypeId: row.id }])}::jsonb`,
          ),
        );
      if (used && used.n > 0) throw conflict(said('USED_BY_FEE_STRUCTURES', { n: used.n }));
    },
  });
}
