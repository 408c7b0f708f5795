// The member page's seat choice (issue 45, point 5), authorised by the link's token as the page's
// other reads are (memberRoutes.ts passes its `caller`).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { memberTokenHeader } from '@app/contract/portal';
import { freeSeatsSchema, holdSeatInputSchema, type HoldSeatInput } from '@app/contract/seatHolds';
import type { Db } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import type { MemberRow } from '../payments/quote.ts';
import { freeSeats, holdSeat } from './seatHolds.ts';

const tags = ['Member page'];
const publicRoute = { access: 'public' as const };
const headers = z.object({ [memberTokenHeader]: z.string().optional() });

type Caller = (
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<{ ctx: StaffContext; member: MemberRow }>;

export function seatHoldRoutes(app: FastifyInstance, db: Db, caller: Caller) {
  app.get('/api/portal/getFreeSeats', {
    config: publicRoute,
    schema: { tags, security: [], headers, response: { 200: freeSeatsSchema } },
    handler: async (request, reply) => {
      const { member } = await caller(request, reply);
      return freeSeats(db, member);
    },
  });

  app.post('/api/portal/holdSeat', {
    config: publicRoute,
    schema: { tags, security: [], headers, body: holdSeatInputSchema, response: { 200: freeSeatsSchema } },
    handler: async (request, reply) => {
      const { ctx, member } = await caller(request, reply);
      await holdSeat(db, ctx, member, (request.body as HoldSeatInput).seatId);
      return freeSeats(db, member);
    },
  });
}
