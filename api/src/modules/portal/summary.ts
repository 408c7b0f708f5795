// What the member page shows (issue 37): only the one member's own rows, each read scoped to their
// organisation and their id; of the organisation's accounts only the UPI id.
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { PortalSummary } from '@app/contract/portal';
import {
  attendancePunches,
  branches,
  clients,
  packages,
  payments,
  rooms,
  upiClaims,
  upiRequests,
} from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { addDays, daysBetween, type MemberRow } from '../payments/quote.ts';
import { capBytesOf, memberWifiStates } from '../wifi/memberState.ts';
import { upiAccountFor, upiOffers } from './upi.ts';

/**
 * The member's branch as the caller of the shared money code (quote, receipts, payments): no staff
 * member and no permissions, the member's organisation and branch, the branch's today.
 */
export function memberContext(member: MemberRow, branchToday: string, requestId: string): StaffContext {
  return {
    staffId: 0,
    clientId: member.clientId,
    staffName: '',
    roleId: 0,
    isOwner: false,
    permissions: [],
    allowedBranchIds: [member.branchId],
    branchId: member.branchId,
    branchToday,
    requestId,
  };
}

const hhmm = (time: string) => time.slice(0, 5);

export async function memberSummary(db: Db, ctx: StaffContext, member: MemberRow): Promise<PortalSummary> {
  const today = ctx.branchToday!;
  const [[place], receipts, attendance, claims, [wifiState]] = await Promise.all([
    db
      .select({ client: clients, branch: branches, roomName: rooms.name, hasPackage: packages.id })
      .from(clients)
      .innerJoin(branches, and(eq(branches.id, member.branchId), eq(branches.clientId, clients.id)))
      .leftJoin(rooms, and(eq(rooms.id, sql`${member.roomId}`), eq(rooms.clientId, clients.id)))
      .leftJoin(packages, and(eq(packages.id, sql`${member.packageId}`), eq(packages.clientId, clients.id)))
      .where(eq(clients.id, member.clientId)),
    db
      .select({
        paymentId: payments.id,
        receiptNumber: payments.receiptNumber,
        paidOn: payments.paidOn,
        total: payments.total,
        received: payments.received,
        status: payments.status,
      })
      .from(payments)
      .where(and(eq(payments.clientId, member.clientId), eq(payments.userId, member.id)))
      .orderBy(desc(payments.id))
      .limit(5),
    db
      .select({
        day: attendancePunches.day,
        first: sql<string>`min(${attendancePunches.deviceTime})::time::text`,
        last: sql<string>`max(${attendancePunches.deviceTime})::time::text`,
        punches: sql<number>`count(*)::int`,
      })
      .from(attendancePunches)
      .where(
        and(
          eq(attendancePunches.clientId, member.clientId),
          eq(attendancePunches.userId, member.id),
          gte(attendancePunches.day, addDays(today, -29)),
        ),
      )
      .groupBy(attendancePunches.day)
      .orderBy(desc(attendancePunches.day)),
    db
      .select({
        id: upiClaims.id,
        amount: upiClaims.amount,
        utr: upiClaims.utr,
        reference: upiRequests.reference,
        status: upiClaims.status,
        rejectReason: upiClaims.rejectReason,
        createdAt: upiClaims.createdAt,
      })
      .from(upiClaims)
      .innerJoin(upiRequests, eq(upiRequests.id, upiClaims.requestId))
      .where(and(eq(upiClaims.clientId, member.clientId), eq(upiClaims.userId, member.id)))
      .orderBy(desc(upiClaims.id))
      .limit(5),
    // The package's use in the current validity period, as RADIUS counts it against the cap.
    member.packageId !== null
      ? memberWifiStates(db, sql`users.id = ${member.id} and users.client_id = ${member.clientId}`)
      : [],
  ]);
  const { client, branch } = place!;
  const allowedBytes = wifiState ? capBytesOf(wifiState) : null;
  // UPI is a payment in rupees: an organisation keeping its books in another currency gets no link.
  const account =
    client.currency === 'INR' ? await upiAccountFor(db, member.clientId, member.branchId) : undefined;
  return {
    language: member.language,
    organisation: {
      name: client.name,
      currency: client.currency,
      locale: client.locale,
      palette: client.memberPalette as PortalSummary['organisation']['palette'],
    },
    today,
    member: {
      name: member.name,
      branchName: branch.name,
      branchPhone: branch.phone,
      roomName: place!.roomName,
      seatNumber: member.seatNumber,
      entryTime: hhmm(member.entryTime),
      exitTime: hhmm(member.exitTime),
      nextDayExit: member.nextDayExit,
      validFrom: member.validFrom,
      validTill: member.validTill,
      daysLeft: daysBetween(today, member.validTill),
      active: member.status,
      dues: member.dues,
    },
    receipts,
    attendance: attendance.map((a) => ({
      day: a.day,
      firstIn: hhmm(a.first),
      lastOut: a.punches > 1 ? hhmm(a.last) : null,
      punches: a.punches,
    })),
    wifi:
      place!.hasPackage !== null && wifiState
        ? {
            username: member.mobile,
            pin: member.wifiPin,
            usage: {
              usedBytes: Math.round(wifiState.usedBytes),
              allowedBytes: allowedBytes === null ? null : Math.round(allowedBytes),
              secondsLeft: Math.round(wifiState.secondsLeft),
            },
          }
        : null,
    upi: account
      ? {
          upiId: account.upiId,
          payeeName: client.name,
          offers: await upiOffers(db, ctx, member, { account, payeeName: client.name }),
        }
      : null,
    claims: claims.map((c) => ({ ...c, createdAt: new Date(c.createdAt).toISOString() })),
  };
}
