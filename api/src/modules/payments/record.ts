// Recording a payment: one transaction that snapshots the lines, checks every amount, takes the next
// receipt number, renews the member and keeps their dues (DOMAIN.md, Money).
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { ParsedPaymentInput, PaymentLine } from '@app/contract/payments';
import { financialYear, receiptNumber } from '@app/contract/receiptNumbers';
import type { ParsedUserInput } from '@app/contract/users';
import { formatMoney } from '@app/contract/money';
import { branches, clients, payments, receiptCounters, users } from '../../db/schema.ts';
import type { Tx } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { writeAudit } from '../../platform/audit.ts';
import { auditOf } from '../../platform/crud.ts';
import { conflict, fieldError, said, validationFailed, type CodedFieldError } from '../../platform/errors.ts';
import { accountFor, moveMoney } from '../books/movements.ts';
import { paymentTallies, tally } from '../books/tallies.ts';
import { MemberChecker, toUser, type UserRow } from '../users/members.ts';
import {
  lateFineFor,
  memberRow,
  openOpeningCharge,
  renewalPeriod,
  structureLines,
  structureRow,
} from './quote.ts';
import type { PaymentRow } from './records.ts';
import { issueForPayment } from '../gst/issue.ts';

/** The structure's lines with the amounts the clerk typed; only the structure's fee types. */
function chargedLines(
  snapshot: PaymentLine[],
  input: ParsedPaymentInput['lines'],
  details: CodedFieldError[],
) {
  if (!input) return snapshot;
  const known = new Map(snapshot.map((l) => [l.feeTypeId, l]));
  input.forEach((line, i) => {
    if (!known.has(line.feeTypeId)) {
      details.push(fieldError(`body.lines.${i}.feeTypeId`, 'FEE_TYPE_NOT_IN_STRUCTURE'));
    }
  });
  const typed = new Map(input.map((l) => [l.feeTypeId, l.amount]));
  return snapshot.map((l) => ({ ...l, amount: typed.get(l.feeTypeId!) ?? l.amount }));
}

/**
 * The next number of the branch's series ('payment', 'refund') for the year, taken under the counter
 * row's lock. Refund numbers end in `R{n}` so the two series never print the same number.
 */
export async function nextReceiptNumber(
  tx: Tx,
  ctx: StaffContext,
  series: 'payment' | 'refund',
  paidOn: string,
) {
  const [client] = await tx.select().from(clients).where(eq(clients.id, ctx.clientId));
  const [branch] = await tx
    .select({ code: branches.code })
    .from(branches)
    .where(eq(branches.id, ctx.branchId!));
  const fy = financialYear(paidOn, client!.fyStartMonth);
  const [counter] = await tx
    .insert(receiptCounters)
    .values({ clientId: ctx.clientId, branchId: ctx.branchId!, series, fy, last: 1 })
    .onConflictDoUpdate({
      target: [
        receiptCounters.clientId,
        receiptCounters.branchId,
        receiptCounters.series,
        receiptCounters.fy,
      ],
      set: { last: sql`${receiptCounters.last} + 1` },
    })
    .returning({ last: receiptCounters.last });
  const seq = counter!.last;
  const number = receiptNumber({
    prefix: client!.receiptPrefix,
    branchCode: branch!.code,
    branchId: ctx.branchId!,
    fy,
    seq,
  });
  return {
    fy,
    seq,
    receiptNumber: series === 'refund' ? number.replace(/-(\d+)$/, '-R$1') : number,
    currency: client!.currency,
    locale: client!.locale,
  };
}

export async function recordPayment(
  tx: Tx,
  ctx: StaffContext,
  input: ParsedPaymentInput,
): Promise<PaymentRow> {
  const today = ctx.branchToday!;
  const member = await memberRow(tx, ctx, input.userId, true);
  const structure =
    input.feeStructureId === null
      ? null
      : await structureRow(tx, ctx, input.feeStructureId, 'body.feeStructureId');
  const details: CodedFieldError[] = [];

  const lines = structure
    ? chargedLines(await structureLines(tx, ctx, structure), input.lines, details).filter((l) => l.amount > 0)
    : [];
  const proposed = structure ? lateFineFor(structure, member.validTill, today).lateFine : 0;
  const lateFine = input.lateFine ?? proposed;
  if (lateFine > proposed) {
    details.push(fieldError('body.lateFine', 'FINE_ABOVE_PROPOSAL'));
  } else if (lateFine < proposed && !input.lateFineWaiverReason) {
    details.push(fieldError('body.lateFineWaiverReason', 'WAIVER_REASON_REQUIRED'));
  }
  const before = lines.reduce((sum, l) => sum + l.amount, 0) + input.duesSettled + lateFine;
  if (input.discount > before) {
    details.push(fieldError('body.discount', 'DISCOUNT_ABOVE_AMOUNT'));
  }
  const total = before - input.discount;
  if (total <= 0 && input.discount <= before) {
    details.push(fieldError('body.lines', 'NOTHING_TO_PAY'));
  }
  if (input.received > total && total > 0) {
    details.push(fieldError('body.received', 'RECEIVED_ABOVE_TOTAL'));
  }
  if (details.length) throw validationFailed(details);
  const bankAccountId = await accountFor(tx, ctx, input.mode, input.bankAccountId);
  if (input.duesSettled > member.dues) {
    const { currency, locale } = (await tx.select().from(clients).where(eq(clients.id, ctx.clientId)))[0]!;
    throw conflict(
      said('DUES_EXCEEDED', { name: member.name, amount: formatMoney(member.dues, currency, locale) }),
    );
  }

  const period = structure ? renewalPeriod(structure, member.validTill, today) : null;
  // Dues are settled oldest first: a payment of dues alone while the member's first period is still
  // owed pays that period, and its receipt says so (issue 41, point 2). It renews nothing.
  const settles = !structure && input.duesSettled > 0 ? await openOpeningCharge(tx, ctx, member) : null;
  const comesBack = period !== null && !member.status;
  if (comesBack && member.roomId !== null && member.seatNumber !== null) {
    // An inactive member holds no seat: someone may have taken it meanwhile.
    const checker = await MemberChecker.load(tx, ctx, { mobiles: [], roomIds: [member.roomId], lock: true });
    const { conflicts } = checker.check(member as ParsedUserInput & UserRow, member);
    const clash = conflicts[0];
    if (clash) throw conflict(said('SEAT_TAKEN_ON_RENEWAL', clash.params));
  }

  const number = await nextReceiptNumber(tx, ctx, 'payment', today);
  const [row] = await tx
    .insert(payments)
    .values({
      clientId: ctx.clientId,
      branchId: ctx.branchId!,
      userId: member.id,
      receiptNumber: number.receiptNumber,
      fy: number.fy,
      seq: number.seq,
      feeStructureId: structure?.id ?? null,
      lines,
      duesSettled: input.duesSettled,
      lateFine,
      lateFineWaiverReason: lateFine < proposed ? input.lateFineWaiverReason : null,
      discount: input.discount,
      discountReason: input.discount > 0 ? input.discountReason : null,
      total,
      received: input.received,
      mode: input.mode,
      bankAccountId,
      reference: input.reference,
      paidOn: today,
      coversFrom: period?.coversFrom ?? settles?.coversFrom ?? null,
      coversTill: period?.coversTill ?? settles?.coversTill ?? null,
      previousValidTill: member.validTill,
      previousStatus: member.status,
      previousInactiveReason: member.inactiveReason,
      note: input.note,
      createdBy: ctx.staffId,
      verifyToken: randomBytes(18).toString('base64url'),
    })
    .returning();
  await moveMoney(tx, bankAccountId, input.received, today);
  await tally(tx, { clientId: ctx.clientId, branchId: ctx.branchId!, day: today }, paymentTallies(row!, 1));

  const dues = member.dues - input.duesSettled + (total - input.received);
  const [updated] = await tx
    .update(users)
    .set({
      dues,
      duesSince: dues === 0 ? null : member.dues - input.duesSettled > 0 ? member.duesSince : today,
      ...(period && { validTill: period.coversTill, status: true, inactiveReason: null }),
      updatedAt: new Date().toISOString(),
    })
    .where(eq(users.id, member.id))
    .returning();
  await writeAudit(
    tx,
    auditOf(ctx, 'user', member.id, period ? 'renew' : 'payment', toUser(member), toUser(updated!)),
  );
  await writeAudit(tx, auditOf(ctx, 'payment', row!.id, 'create', null, row));
  // A branch with GST switched on issues the payment's tax invoice or bill of supply (issue 44).
  await issueForPayment(tx, ctx, row!);
  return row!;
}
