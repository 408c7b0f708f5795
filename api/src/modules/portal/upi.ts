// Paying by UPI from the member page (issue 37): which account receives it, and the requests the page
// offers, each with a reference (`tr`) the product can match when the member claims the payment.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { upiPayUri, type UpiOffer } from '@app/contract/portal';
import { bankAccounts, upiRequests, type feeStructures } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { quote, structureRow, type MemberRow } from '../payments/quote.ts';

/** `merchantCode`: the merchant category code of a merchant UPI id ('' for a personal one). */
export type UpiAccount = { id: number; upiId: string; merchantCode: string };

/**
 * The active bank account with a UPI id that serves the branch: one tied to the branch first, else
 * one of the whole organisation (no branch), the oldest of each.
 */
export async function upiAccountFor(db: Db | Tx, clientId: number, branchId: number) {
  const [row] = await db
    .select({ id: bankAccounts.id, upiId: bankAccounts.upiId, merchantCode: bankAccounts.upiMerchantCode })
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.clientId, clientId),
        eq(bankAccounts.status, true),
        eq(bankAccounts.kind, 'bank'),
        ne(bankAccounts.upiId, ''),
        or(eq(bankAccounts.branchId, branchId), isNull(bankAccounts.branchId)),
      ),
    )
    .orderBy(sql`${bankAccounts.branchId} is null`, asc(bankAccounts.id))
    .limit(1);
  return row as UpiAccount | undefined;
}

/** 16 hex characters, upper case: fits any UPI app's `tr` (35 alphanumerics at most). */
const newReference = () => randomBytes(8).toString('hex').toUpperCase();

export type Request = {
  purpose: 'dues' | 'renewal';
  feeStructureId: number | null;
  amount: number;
  lateFine: number;
  dues: number;
};

/**
 * The reference of this quote today: the stored one, or a new one (two callers at once agree). A
 * renewal is quoted from the member's validity end, so once a payment renews them the next renewal
 * is another request with a new reference, even at the same amount (issue 41, point 6). A reference
 * belongs to the account it was quoted with: another UPI account for the branch is quoted with a new
 * one, and a claim on the old reference books to the old account, the one the member paid (issue
 * 45, point 3).
 */
export async function referenceFor(
  db: Db,
  ctx: StaffContext,
  member: MemberRow,
  account: UpiAccount,
  r: Request,
) {
  const validTill = r.purpose === 'renewal' ? member.validTill : null;
  const key = and(
    eq(upiRequests.clientId, ctx.clientId),
    eq(upiRequests.userId, member.id),
    eq(upiRequests.purpose, r.purpose),
    eq(upiRequests.quotedOn, ctx.branchToday!),
    eq(upiRequests.amount, r.amount),
    sql`coalesce(${upiRequests.feeStructureId}, 0) = ${r.feeStructureId ?? 0}`,
    sql`coalesce(${upiRequests.validTill}, '0001-01-01'::date) = coalesce(${validTill}::date, '0001-01-01'::date)`,
    eq(upiRequests.bankAccountId, account.id),
  );
  const [known] = await db.select({ reference: upiRequests.reference }).from(upiRequests).where(key);
  if (known) return known.reference;
  await db
    .insert(upiRequests)
    .values({
      clientId: ctx.clientId,
      branchId: member.branchId,
      userId: member.id,
      reference: newReference(),
      bankAccountId: account.id,
      quotedOn: ctx.branchToday!,
      validTill,
      ...r,
    })
    .onConflictDoNothing();
  const [row] = await db.select({ reference: upiRequests.reference }).from(upiRequests).where(key);
  return row!.reference;
}

async function offer(
  db: Db,
  ctx: StaffContext,
  member: MemberRow,
  to: { account: UpiAccount; payeeName: string },
  r: Request & { feeStructureName: string | null; coversTill: string | null; note: string },
): Promise<UpiOffer> {
  const reference = await referenceFor(db, ctx, member, to.account, r);
  const uri = upiPayUri({
    upiId: to.account.upiId,
    payeeName: to.payeeName,
    amount: r.amount,
    reference,
    note: r.note,
    merchantCode: to.account.merchantCode,
  });
  return {
    purpose: r.purpose,
    reference,
    amount: r.amount,
    lateFine: r.lateFine,
    dues: r.dues,
    feeStructureName: r.feeStructureName,
    coversTill: r.coversTill,
    uri,
    qrDataUrl: await QRCode.toDataURL(uri, { margin: 1, width: 240, errorCorrectionLevel: 'M' }),
  };
}

/**
 * "Pay dues" (the member's dues) and "Renew" (their fee structure, quoted exactly as at the counter:
 * lines, late fine, dues). A structure that no longer applies to the branch offers no renewal.
 */
export async function upiOffers(
  db: Db,
  ctx: StaffContext,
  member: MemberRow,
  to: { account: UpiAccount; payeeName: string },
): Promise<UpiOffer[]> {
  const offers: UpiOffer[] = [];
  if (member.dues > 0) {
    offers.push(
      await offer(db, ctx, member, to, {
        purpose: 'dues',
        feeStructureId: null,
        amount: member.dues,
        lateFine: 0,
        dues: member.dues,
        feeStructureName: null,
        coversTill: null,
        note: `Dues ${member.name}`,
      }),
    );
  }
  if (member.feeStructureId !== null) {
    let structure: typeof feeStructures.$inferSelect | undefined;
    try {
      structure = await structureRow(db, ctx, member.feeStructureId, 'feeStructureId');
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
    if (structure) {
      const q = await quote(db, ctx, member, structure);
      offers.push(
        await offer(db, ctx, member, to, {
          purpose: 'renewal',
          feeStructureId: structure.id,
          amount: q.total,
          lateFine: q.lateFine,
          dues: q.dues,
          feeStructureName: structure.name,
          coversTill: q.coversTill,
          note: `Renewal ${member.name}`,
        }),
      );
    }
  }
  return offers;
}
