// An expense's bill: JPEG, PNG or PDF up to 3 MB, checked by its first bytes (a renamed file is not a
// bill), kept in expense_bills.
import { and, eq, lt, sql } from 'drizzle-orm';
import { billTypes, maxBillBytes, type BillType } from '@app/contract/expenses';
import { expenseBills, expenses } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { AppError, said } from '../../platform/errors.ts';

const signatures: Record<BillType, number[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d],
};

export const wrongType = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', said('BILL_WRONG_TYPE'));
export const tooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', said('BILL_TOO_LARGE'));

/** The bill's type when its declared type and its first bytes agree; otherwise a 415. */
export function billType(contentType: string | undefined, body: unknown): BillType {
  const declared = (contentType ?? '').split(';')[0]!.trim().toLowerCase() as BillType;
  if (!billTypes.includes(declared) || !Buffer.isBuffer(body)) throw wrongType();
  const signature = signatures[declared];
  if (body.length < signature.length || signature.some((byte, i) => body[i] !== byte)) throw wrongType();
  if (body.length > maxBillBytes) throw tooLarge();
  return declared;
}

export async function storeBill(db: Db, ctx: StaffContext, fileName: string, type: BillType, data: Buffer) {
  // Bills uploaded but never attached (a dialog closed) are dropped after a day.
  await db
    .delete(expenseBills)
    .where(
      and(
        eq(expenseBills.clientId, ctx.clientId),
        lt(expenseBills.createdAt, sql`now() - interval '1 day'`),
        sql`not exists (select 1 from ${expenses} e where e.bill_id = ${expenseBills.id})`,
      ),
    );
  const [row] = await db
    .insert(expenseBills)
    .values({
      clientId: ctx.clientId,
      branchId: ctx.branchId!,
      fileName,
      contentType: type,
      size: data.length,
      data,
      uploadedBy: ctx.staffId,
    })
    .returning({ id: expenseBills.id });
  return row!.id;
}
