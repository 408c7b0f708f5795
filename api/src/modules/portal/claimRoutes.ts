// "UPI to confirm" (issue 37): the members' claims of the caller's branch, confirmed into an ordinary
// payment or rejected with a reason the member reads on their page. Staff with payments add.
import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { paymentSchema, type Payment } from '@app/contract/payments';
import {
  rejectUpiClaimInputSchema,
  upiClaimIdQuerySchema,
  upiClaimListQuerySchema,
  upiClaimListSchema,
  upiClaimSchema,
} from '@app/contract/portal';
import { clients, payments, upiClaims, upiRequests, users } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { AppError, said } from '../../platform/errors.ts';
import { expireBranchMembers } from '../users/members.ts';
import { toPayments } from '../payments/records.ts';
import { confirmClaim, confirmQuote, rejectClaim } from './confirm.ts';

const tags = ['Payments'];
const access = {
  access: { module: 'payments' as const, action: 'add' as const, branch: 'required' as const },
};

async function claimsOf(db: Db, ctx: StaffContext, where: ReturnType<typeof and>) {
  const rows = await db
    .select({
      claim: upiClaims,
      request: upiRequests,
      memberName: users.name,
      mobile: users.mobile,
      receiptNumber: payments.receiptNumber,
    })
    .from(upiClaims)
    .innerJoin(upiRequests, eq(upiRequests.id, upiClaims.requestId))
    .innerJoin(users, eq(users.id, upiClaims.userId))
    .leftJoin(payments, eq(payments.id, upiClaims.paymentId))
    .where(and(eq(upiClaims.clientId, ctx.clientId), eq(upiClaims.branchId, ctx.branchId!), where))
    .orderBy(desc(upiClaims.createdAt), desc(upiClaims.id))
    .limit(200);
  // What a confirm would do, for the claims still to decide (the confirm dialog says it first).
  const quotes = await Promise.all(
    rows.map((r) => (r.claim.status === 'pending' ? confirmQuote(db, ctx, r.claim, r.request) : null)),
  );
  return rows.map((r, i) => ({
    id: r.claim.id,
    userId: r.claim.userId,
    memberName: r.memberName,
    mobile: r.mobile,
    amount: r.claim.amount,
    utr: r.claim.utr,
    reference: r.request.reference,
    purpose: r.request.purpose,
    requestedAmount: r.request.amount,
    onConfirm: quotes[i] ?? null,
    status: r.claim.status,
    rejectReason: r.claim.rejectReason,
    paymentId: r.claim.paymentId,
    receiptNumber: r.receiptNumber,
    createdAt: new Date(r.claim.createdAt).toISOString(),
    decidedAt: r.claim.decidedAt ? new Date(r.claim.decidedAt).toISOString() : null,
  }));
}

export function claimRoutes(app: FastifyInstance, db: Db, site: { publicUrl: string; jwtSecret: string }) {
  app.get('/api/payment/getUpiClaims', {
    config: access,
    schema: { tags, querystring: upiClaimListQuerySchema, response: { 200: upiClaimListSchema } },
    handler: async (request) => {
      const ctx = request.ctx;
      const q = request.query as z.output<typeof upiClaimListQuerySchema>;
      const [items, [pending]] = await Promise.all([
        claimsOf(db, ctx, eq(upiClaims.status, q.status)),
        db
          .select({ n: count() })
          .from(upiClaims)
          .where(
            and(
              eq(upiClaims.clientId, ctx.clientId),
              eq(upiClaims.branchId, ctx.branchId!),
              eq(upiClaims.status, 'pending'),
            ),
          ),
      ]);
      return { items, pending: pending?.n ?? 0 };
    },
  });

  app.post('/api/payment/confirmUpiClaim', {
    config: access,
    schema: { tags, querystring: upiClaimIdQuerySchema, response: { 201: paymentSchema } },
    handler: async (request, reply) => {
      const ctx = request.ctx;
      const { claimId } = request.query as { claimId: number };
      const [client] = await db.select().from(clients).where(eq(clients.id, ctx.clientId));
      if (client!.paymentDisabled) throw new AppError(403, 'PAYMENTS_DISABLED', said('PAYMENTS_OFF'));
      await expireBranchMembers(db, ctx);
      const link = (p: { verifyToken: string }) => `${site.publicUrl.replace(/\/$/, '')}/r/${p.verifyToken}`;
      const payment = await db.transaction(async (tx) => {
        const row = await confirmClaim(tx, ctx, claimId, {
          receipt: link,
          member: { secret: site.jwtSecret, publicUrl: site.publicUrl },
        });
        return (await toPayments(tx, ctx.clientId, [row]))[0]!;
      });
      return reply.status(201).send(payment as Payment);
    },
  });

  app.put('/api/payment/rejectUpiClaim', {
    config: access,
    schema: {
      tags,
      querystring: upiClaimIdQuerySchema,
      body: rejectUpiClaimInputSchema,
      response: { 200: upiClaimSchema },
    },
    handler: async (request) => {
      const ctx = request.ctx;
      const { claimId } = request.query as { claimId: number };
      const { reason } = request.body as { reason: string };
      await db.transaction((tx) => rejectClaim(tx, ctx, claimId, reason));
      return (await claimsOf(db, ctx, eq(upiClaims.id, claimId)))[0]!;
    },
  });
}
