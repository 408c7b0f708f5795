import { and, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Receipt } from '@app/contract/receipts';
import { branches, clients, users } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { paymentById } from '../payments/records.ts';
import { paymentTaxDocument } from '../gst/documents.ts';

/** Who issues a branch's documents: the organisation as its receipts name it, and the branch. */
export async function issuerOf(db: Db, clientId: number, branchId: number) {
  const [[client], [branch]] = await Promise.all([
    db.select().from(clients).where(eq(clients.id, clientId)),
    db.select().from(branches).where(eq(branches.id, branchId)),
  ]);
  return {
    organisation: {
      name: client!.name,
      address: client!.receiptAddress,
      taxId: client!.taxId,
      currency: client!.currency,
      locale: client!.locale,
      devanagariDigits: client!.devanagariDigits,
    },
    branch: { name: branch!.name, address: branch!.address, phone: branch!.phone },
  };
}

/** The payment with the organisation and branch that issued it, and its verification link as a QR code. */
export async function receiptOf(
  db: Db,
  ctx: StaffContext,
  paymentId: number,
  publicUrl: string,
): Promise<Receipt> {
  const payment = await paymentById(db, ctx, paymentId);
  const [issuer, [member]] = await Promise.all([
    issuerOf(db, ctx.clientId, payment.branchId),
    db
      .select({ mobile: users.mobile, pin: users.wifiPin, packageId: users.packageId })
      .from(users)
      .where(and(eq(users.clientId, ctx.clientId), eq(users.id, payment.userId))),
  ]);
  const verifyUrl = `${publicUrl.replace(/\/$/, '')}${payment.verifyPath}`;
  const taxDocument = await paymentTaxDocument(db, ctx.clientId, payment.id);
  return {
    payment,
    ...issuer,
    verifyUrl,
    qrDataUrl: await QRCode.toDataURL(verifyUrl, { margin: 1, width: 240, errorCorrectionLevel: 'M' }),
    // The sign-in as it is now (a reset PIN shows on a reprint): the receipt is how members learn it.
    wifi: member?.packageId != null ? { username: member.mobile, pin: member.pin } : null,
    ...(taxDocument && { taxDocument }),
  };
}
