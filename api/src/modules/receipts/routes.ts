import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { receiptCheckSchema, verifyReceiptQuerySchema } from '@app/contract/receipts';
import { branches, clients, payments } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { openDuesOf } from '../payments/dues.ts';
import { paymentTaxDocument } from '../gst/documents.ts';

const tags = ['Receipts'];

/**
 * The public check of a receipt. The receipt itself and its PDF are the payment's printed document
 * (payments/routes.ts, platform/moneyDocument.ts).
 */
export function receiptRoutes(app: FastifyInstance, db: Db) {
  // Public: what the QR code on a receipt opens. Number, amount, date, status; nothing personal.
  app.get('/api/receipt/verifyReceipt', {
    config: { access: 'public' },
    schema: {
      tags,
      security: [],
      querystring: verifyReceiptQuerySchema,
      response: { 200: receiptCheckSchema },
    },
    handler: async (request) => {
      const { token } = request.query as { token: string };
      const [row] = await db
        .select({
          // Read for the due only, never answered.
          payment: {
            id: payments.id,
            clientId: payments.clientId,
            branchId: payments.branchId,
            userId: payments.userId,
            total: payments.total,
            received: payments.received,
          },
          receiptNumber: payments.receiptNumber,
          // The money paid, not what the payment came to (issue 34): a part payment of 1,000 of
          // 1,960 showed 1,960 unlabelled. Both are given, and the page labels them.
          amount: payments.received,
          received: payments.received,
          total: payments.total,
          paidAt: payments.paidOn,
          status: payments.status,
          organisation: clients.name,
          currency: clients.currency,
          locale: clients.locale,
          branch: branches.name,
        })
        .from(payments)
        .innerJoin(clients, eq(clients.id, payments.clientId))
        .innerJoin(
          branches,
          and(eq(branches.id, payments.branchId), eq(branches.clientId, payments.clientId)),
        )
        .where(eq(payments.verifyToken, token));
      if (!row) throw notFound('RECEIPT');
      // What this payment still leaves owed, by the one dues definition (issue 41, point 6).
      const { payment, ...facts } = row;
      const document = await paymentTaxDocument(db, payment.clientId, payment.id);
      return {
        ...facts,
        due: (await openDuesOf(db, [payment])).get(payment.id) ?? 0,
        // Which GST document the receipt is, with its number (issue 44); absent without one.
        ...(document && { taxDocument: { kind: document.kind, number: document.number } }),
      };
    },
  });
}
