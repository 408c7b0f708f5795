// A branch's GST settings (issue 44, point 1): PUT /api/branch/updateGst?branchId=N, and
// GET /api/branch/getGst?branchId=N for the branch screen. Changes are audited; payments recorded
// after a change carry the settings of their moment (issue.ts copies them onto the document).
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import {
  branchGstInputSchema,
  branchGstQuerySchema,
  branchGstSchema,
  gstinProblem,
  type BranchGst,
  type ParsedBranchGstInput,
} from '@app/contract/gst';
import { branches } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { writeAudit } from '../../platform/audit.ts';
import { auditOf } from '../../platform/crud.ts';
import { fieldError, notFound, validationFailed, type CodedFieldError } from '../../platform/errors.ts';

type BranchRow = typeof branches.$inferSelect;
const tags = ['Branches'];

export const toBranchGst = (row: BranchRow): BranchGst => ({
  branchId: row.id,
  onSince: row.gstOnSince === null ? null : new Date(row.gstOnSince).toISOString(),
  registered: row.gstRegistered,
  gstin: row.gstin,
  legalName: row.gstLegalName,
  stateCode: row.gstStateCode,
  scheme: row.gstScheme,
});

/** The field errors of a branch's GST settings; none when they may be saved. */
export function gstSettingsProblems(input: ParsedBranchGstInput): CodedFieldError[] {
  const details: CodedFieldError[] = [];
  if (!input.registered) return details;
  if (!input.gstin) {
    details.push(fieldError('body.gstin', 'GSTIN_REQUIRED'));
  } else {
    const problem = gstinProblem(input.gstin);
    if (problem) details.push(fieldError('body.gstin', problem));
    else if (input.gstin.slice(0, 2) !== input.stateCode)
      details.push(fieldError('body.gstin', 'GSTIN_OTHER_STATE'));
  }
  if (!input.legalName) details.push(fieldError('body.legalName', 'LEGAL_NAME_REQUIRED'));
  return details;
}

async function branchOf(db: Db, ctx: StaffContext, branchId: number, lock = false) {
  if (ctx.allowedBranchIds && !ctx.allowedBranchIds.includes(branchId)) throw notFound('BRANCH');
  const q = db
    .select()
    .from(branches)
    .where(and(eq(branches.clientId, ctx.clientId), eq(branches.id, branchId)));
  const [row] = await (lock ? q.for('update') : q);
  if (!row) throw notFound('BRANCH');
  return row;
}

export function gstSettingsRoutes(app: FastifyInstance, db: Db) {
  app.get('/api/branch/getGst', {
    config: { access: { module: 'branches', action: 'view' } },
    schema: { tags, querystring: branchGstQuerySchema, response: { 200: branchGstSchema } },
    handler: async (request) =>
      toBranchGst(await branchOf(db, request.ctx, (request.query as { branchId: number }).branchId)),
  });

  app.put('/api/branch/updateGst', {
    config: { access: { module: 'settings', action: 'edit' } },
    schema: {
      tags,
      querystring: branchGstQuerySchema,
      body: branchGstInputSchema,
      response: { 200: branchGstSchema },
    },
    handler: async (request) => {
      const ctx = request.ctx;
      const input = request.body as ParsedBranchGstInput;
      const details = gstSettingsProblems(input);
      if (details.length) throw validationFailed(details);
      const { branchId } = request.query as { branchId: number };
      return db.transaction(async (tx) => {
        const existing = await branchOf(tx as unknown as Db, ctx, branchId, true);
        const [row] = await tx
          .update(branches)
          .set({
            gstOnSince: existing.gstOnSince ?? new Date().toISOString(),
            gstRegistered: input.registered,
            gstin: input.registered ? input.gstin : null,
            gstLegalName: input.legalName,
            gstStateCode: input.stateCode,
            gstScheme: input.scheme,
            updatedAt: new Date().toISOString(),
          })
          .where(eq(branches.id, existing.id))
          .returning();
        const after = toBranchGst(row!);
        await writeAudit(tx, auditOf(ctx, 'branchGst', branchId, 'update', toBranchGst(existing), after));
        return after;
      });
    },
  });
}
