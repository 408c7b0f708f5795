// The member page's own API (issue 37): authorised by the link's token in the `member-token` header,
// never by a query string (URLs reach logs and proxies). Unknown, revoked and deleted links answer the
// same 404 with nothing else.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  memberClaimSchema,
  memberTokenHeader,
  portalReceiptQuerySchema,
  portalSummarySchema,
  upiClaimInputSchema,
  type UpiClaimInput,
} from '@app/contract/portal';
import { payments, upiClaims, upiRequests, users } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import {
  AppError,
  conflict,
  fieldError,
  notFound,
  pgErrorCode,
  said,
  validationFailed,
} from '../../platform/errors.ts';
import { branchToday, expireBranchMembers } from '../users/members.ts';
import { receiptOf } from '../receipts/receiptData.ts';
import { receiptPdf } from '../receipts/receiptPdf.ts';
import { memberOfToken } from './links.ts';
import { windowCounter, type Allowance } from './rateLimit.ts';
import { seatHoldRoutes } from './seatHoldRoutes.ts';
import { memberContext, memberSummary } from './summary.ts';

const tags = ['Member page'];
const publicRoute = { access: 'public' as const };
/** Documented for the OpenAPI page; a missing or malformed token is the same 404 as an unknown one. */
const headers = z.object({ [memberTokenHeader]: z.string().optional() });

/** Headers every member-page answer carries: nothing kept by a browser or proxy, no Referer sent on. */
export function memberPageHeaders(reply: FastifyReply) {
  void reply.header('cache-control', 'no-store');
  void reply.header('referrer-policy', 'no-referrer');
}

export function memberRoutes(
  app: FastifyInstance,
  db: Db,
  site: { publicUrl: string },
  allowance: Allowance = { perMinute: 60 },
) {
  // Failed look-ups per address, reads per member (rateLimit.ts): a member's own reads never use up
  // the allowance of whoever shares their address.
  const failures = windowCounter(db, 'portal:failures', allowance);
  const reads = windowCounter(db, 'portal:reads', allowance);
  const tooMany = () => new AppError(429, 'RATE_LIMITED', said('TOO_MANY_REQUESTS'));

  /** The link's member and their branch's context, within the address's and the member's allowances. */
  async function caller(request: FastifyRequest, reply: FastifyReply) {
    memberPageHeaders(reply);
    // An address that failed too often is turned away before any look-up: a right token from it too,
    // so that its answer tells a guesser nothing.
    if (await failures.over(request.ip)) throw tooMany();
    const raw = request.headers[memberTokenHeader];
    const found = typeof raw === 'string' ? await memberOfToken(db, raw) : undefined;
    if (!found) {
      await failures.take(request.ip);
      throw notFound();
    }
    if (!(await reads.take(`${found.clientId}:${found.id}`))) throw tooMany();
    const ctx = memberContext(found, await branchToday(db, found.branchId), request.id);
    // A validity that ended since the last sweep shows as ended (the same sweep as staff reads run).
    await expireBranchMembers(db, ctx);
    const [member] = await db
      .select()
      .from(users)
      .where(and(eq(users.clientId, found.clientId), eq(users.id, found.id)));
    if (!member) throw notFound();
    return { ctx, member };
  }
  seatHoldRoutes(app, db, caller);

  app.get('/api/portal/getSummary', {
    config: publicRoute,
    schema: { tags, security: [], headers, response: { 200: portalSummarySchema } },
    handler: async (request, reply) => {
      const { ctx, member } = await caller(request, reply);
      return memberSummary(db, ctx, member);
    },
  });

  app.get('/api/portal/getReceiptPdf', {
    config: publicRoute,
    schema: { tags, security: [], headers, querystring: portalReceiptQuerySchema },
    handler: async (request, reply) => {
      const { member } = await caller(request, reply);
      const q = request.query as z.output<typeof portalReceiptQuerySchema>;
      // Only the member's own payments; the receipt is read in the branch that issued it.
      const [payment] = await db
        .select({ branchId: payments.branchId })
        .from(payments)
        .where(
          and(
            eq(payments.clientId, member.clientId),
            eq(payments.userId, member.id),
            eq(payments.id, q.paymentId),
          ),
        );
      if (!payment) throw notFound();
      const ctx = memberContext(
        { ...member, branchId: payment.branchId },
        await branchToday(db, payment.branchId),
        request.id,
      );
      const receipt = await receiptOf(db, ctx, q.paymentId, site.publicUrl);
      const pdf = await receiptPdf(receipt, 'a4', q.lang);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="receipt-${receipt.payment.receiptNumber}.pdf"`)
        .send(pdf);
    },
  });

  app.post('/api/portal/claimUpiPayment', {
    config: publicRoute,
    schema: { tags, security: [], headers, body: upiClaimInputSchema, response: { 201: memberClaimSchema } },
    handler: async (request, reply) => {
      const { member } = await caller(request, reply);
      const body = request.body as UpiClaimInput;
      const [offered] = await db
        .select()
        .from(upiRequests)
        .where(
          and(
            eq(upiRequests.clientId, member.clientId),
            eq(upiRequests.userId, member.id),
            eq(upiRequests.reference, body.reference.toUpperCase()),
          ),
        );
      if (!offered) throw validationFailed([fieldError('body.reference', 'UPI_REFERENCE_UNKNOWN')]);
      if (body.amount > offered.amount) {
        throw validationFailed([fieldError('body.amount', 'UPI_AMOUNT_ABOVE_REQUEST')]);
      }
      try {
        const [row] = await db
          .insert(upiClaims)
          .values({
            clientId: member.clientId,
            branchId: offered.branchId,
            userId: member.id,
            requestId: offered.id,
            amount: body.amount,
            utr: body.utr,
          })
          .returning();
        return reply.status(201).send({
          id: row!.id,
          amount: row!.amount,
          utr: row!.utr,
          reference: offered.reference,
          status: row!.status,
          rejectReason: row!.rejectReason,
          createdAt: new Date(row!.createdAt).toISOString(),
        });
      } catch (err) {
        if (pgErrorCode(err).constraint === 'upi_claims_client_utr_uq')
          throw conflict(said('UTR_ALREADY_CLAIMED'));
        throw err;
      }
    },
  });
}
