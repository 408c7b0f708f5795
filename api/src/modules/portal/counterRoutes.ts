// The counter's UPI QR (issue 37): the same upi:// link the member page offers, for the amount the
// payment dialog is about to record, so a member at the desk scans an amount and a reference instead
// of a bare printed QR. The reference is stored like the page's, so the bank statement names it.
import type { FastifyInstance } from 'fastify';
import { and, eq, ne } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { z } from 'zod';
import { counterUpiQrQuerySchema, counterUpiQrSchema, upiPayUri } from '@app/contract/portal';
import { bankAccounts, clients } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { memberRow } from '../payments/quote.ts';
import { referenceFor, upiAccountFor } from './upi.ts';

const access = {
  access: { module: 'payments' as const, action: 'add' as const, branch: 'required' as const },
};

export function counterRoutes(app: FastifyInstance, db: Db) {
  app.get('/api/payment/getUpiQr', {
    config: access,
    schema: {
      tags: ['Payments'],
      querystring: counterUpiQrQuerySchema,
      response: { 200: counterUpiQrSchema },
    },
    handler: async (request) => {
      const ctx = request.ctx;
      const q = request.query as z.output<typeof counterUpiQrQuerySchema>;
      const member = await memberRow(db, ctx, q.userId);
      const [client] = await db.select().from(clients).where(eq(clients.id, ctx.clientId));
      if (client!.currency !== 'INR') return { upi: null };
      // The account the clerk chose, when it has a UPI id; else the one serving the branch.
      const [chosen] = q.bankAccountId
        ? await db
            .select({
              id: bankAccounts.id,
              upiId: bankAccounts.upiId,
              merchantCode: bankAccounts.upiMerchantCode,
            })
            .from(bankAccounts)
            .where(
              and(
                eq(bankAccounts.clientId, ctx.clientId),
                eq(bankAccounts.id, q.bankAccountId),
                eq(bankAccounts.status, true),
                ne(bankAccounts.upiId, ''),
              ),
            )
        : [];
      const account = chosen ?? (await upiAccountFor(db, ctx.clientId, ctx.branchId!));
      if (!account) return { upi: null };
      const renewal = q.feeStructureId !== undefined;
      const reference = await referenceFor(db, ctx, member, account, {
        purpose: renewal ? 'renewal' : 'dues',
        feeStructureId: q.feeStructureId ?? null,
        amount: q.amount,
        lateFine: 0,
        dues: renewal ? 0 : q.amount,
      });
      const uri = upiPayUri({
        upiId: account.upiId,
        payeeName: client!.name,
        amount: q.amount,
        reference,
        note: `${renewal ? 'Renewal' : 'Dues'} ${member.name}`,
        merchantCode: account.merchantCode,
      });
      const qrDataUrl = await QRCode.toDataURL(uri, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
      return { upi: { upiId: account.upiId, reference, uri, qrDataUrl } };
    },
  });
}
