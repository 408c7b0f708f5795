// GST documents on their own (issue 44, points 2-4): a payment's invoice or bill of supply and its
// credit notes, one of them as its printed page (JSON for the web, PDF as A4 or an 80 mm slip).
// A void's credit note has no refund receipt to ride on; this is where it is printed.
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  gstinProblem,
  gstReturnQuerySchema,
  memberGstinInputSchema,
  memberGstinQuerySchema,
  memberGstinSchema,
  gstReturnSchema,
  printedTaxDocumentSchema,
  taxDocumentIdQuerySchema,
  taxDocumentPdfQuerySchema,
  taxDocumentSchema,
  taxDocumentsQuerySchema,
  type PrintedTaxDocument,
} from '@app/contract/gst';
import { taxDocuments, users } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { fieldError, notFound, validationFailed } from '../../platform/errors.ts';
import { writeAudit } from '../../platform/audit.ts';
import { auditOf } from '../../platform/crud.ts';
import { memberRow } from '../payments/quote.ts';
import { paymentRow } from '../payments/records.ts';
import { issuerOf } from '../receipts/receiptData.ts';
import { taxDocumentPdf } from '../receipts/taxDocumentPdf.ts';
import { creditNotesOf, paymentTaxDocument, toTaxDocument } from './documents.ts';
import { gstReturn, gstReturnCsv } from './gstReturn.ts';

const tags = ['GST'];
const view = {
  access: { module: 'payments' as const, action: 'view' as const, branch: 'required' as const },
};

/** One document of the caller's organisation and branch, with its issuer; 404 for any other. */
async function printedOf(db: Db, ctx: StaffContext, id: number): Promise<PrintedTaxDocument> {
  const [row] = await db
    .select()
    .from(taxDocuments)
    .where(
      and(
        eq(taxDocuments.clientId, ctx.clientId),
        eq(taxDocuments.branchId, ctx.branchId!),
        eq(taxDocuments.id, id),
      ),
    );
  if (!row) throw notFound('RECORD');
  const [document, issuer] = await Promise.all([
    toTaxDocument(db, row),
    issuerOf(db, ctx.clientId, row.branchId),
  ]);
  return { document, ...issuer };
}

export function gstRoutes(app: FastifyInstance, db: Db) {
  app.get('/api/gst/getTaxDocuments', {
    config: view,
    schema: {
      tags,
      querystring: taxDocumentsQuerySchema,
      response: { 200: z.object({ items: z.array(taxDocumentSchema) }) },
    },
    handler: async (request) => {
      const { paymentId } = request.query as { paymentId: number };
      // The payment of the caller's branch, or 404 (paymentRow scopes it).
      const payment = await paymentRow(db, request.ctx, paymentId);
      const [own, notes] = await Promise.all([
        paymentTaxDocument(db, request.ctx.clientId, payment.id),
        creditNotesOf(db, request.ctx.clientId, payment.id),
      ]);
      return { items: [...(own ? [own] : []), ...notes.map(({ refundId: _, ...n }) => n)] };
    },
  });

  app.get('/api/gst/getTaxDocument', {
    config: view,
    schema: { tags, querystring: taxDocumentIdQuerySchema, response: { 200: printedTaxDocumentSchema } },
    handler: async (request) =>
      printedOf(db, request.ctx, (request.query as { taxDocumentId: number }).taxDocumentId),
  });

  app.get('/api/gst/getTaxDocumentPdf', {
    config: view,
    schema: { tags, querystring: taxDocumentPdfQuerySchema },
    handler: async (request, reply) => {
      const q = request.query as z.infer<typeof taxDocumentPdfQuerySchema>;
      const printed = await printedOf(db, request.ctx, q.taxDocumentId);
      const pdf = await taxDocumentPdf(printed, printed.document, q.format, q.lang);
      const file = printed.document.number.replace(/\//g, '-');
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${printed.document.kind}-${file}.pdf"`)
        .send(pdf);
    },
  });

  // The month's GSTR-1 figures of a GSTIN (issue 44, point 4): JSON, or with `file` one CSV of the
  // offline tool's templates. Organisation-wide: every branch under the GSTIN counts.
  app.get('/api/gst/getReturn', {
    config: { access: { module: 'payments', action: 'view' } },
    schema: { tags, querystring: gstReturnQuerySchema, response: { 200: gstReturnSchema } },
    handler: async (request, reply) => {
      const q = request.query as z.infer<typeof gstReturnQuerySchema>;
      const ret = await gstReturn(db, request.ctx, q.gstin, q.month);
      if (!q.file) return ret;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${q.file}-${q.gstin}-${q.month}.csv"`)
        .send(gstReturnCsv(ret, q.file));
    },
  });

  // A member's GSTIN (issue 44, point 2): their invoices from then on are B2B, with their state as the
  // place of supply. Audited; issued documents keep the recipient they were issued to.
  app.get('/api/gst/getMemberGstin', {
    config: { access: { module: 'users', action: 'view', branch: 'required' } },
    schema: { tags, querystring: memberGstinQuerySchema, response: { 200: memberGstinSchema } },
    handler: async (request) => {
      const member = await memberRow(db, request.ctx, (request.query as { userId: number }).userId);
      return { userId: member.id, gstin: member.gstin };
    },
  });

  app.put('/api/gst/updateMemberGstin', {
    config: { access: { module: 'users', action: 'edit', branch: 'required' } },
    schema: {
      tags,
      querystring: memberGstinQuerySchema,
      body: memberGstinInputSchema,
      response: { 200: memberGstinSchema },
    },
    handler: async (request) => {
      const ctx = request.ctx;
      const { gstin } = request.body as z.infer<typeof memberGstinInputSchema>;
      const problem = gstin === null ? null : gstinProblem(gstin);
      if (problem) throw validationFailed([fieldError('body.gstin', problem)]);
      return db.transaction(async (tx) => {
        const member = await memberRow(tx, ctx, (request.query as { userId: number }).userId, true);
        await tx
          .update(users)
          .set({ gstin, updatedAt: new Date().toISOString() })
          .where(and(eq(users.clientId, ctx.clientId), eq(users.id, member.id)));
        await writeAudit(tx, auditOf(ctx, 'user', member.id, 'gstin', { gstin: member.gstin }, { gstin }));
        return { userId: member.id, gstin };
      });
    },
  });
}
