import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Receipt } from '@app/contract/receipts';
import { branches, clients } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { paymentById } from '../payments/records.ts';

/** The payment with the organisation and branch that issued it, and its verification link as a QR code. */
export async function receiptOf(
  db: Db,
  ctx: StaffContext,
  paymentId: number,
  publicUrl: string,
): Promise<Receipt> {
  const payment = await paymentById(db, ctx, paymentId);
  const [[client], [branch]] = await Promise.all([
    db.select().from(clients).where(eq(clients.id, ctx.clientId)),
    db.select().from(branches).where(eq(branches.id, payment.branchId)),
  ]);
  const verifyUrl = `${publicUrl.replace(/\/$/, '')}${payment.verifyPath}`;
  return {
    payment,
    organisation: {
      name: client!.name,
      address: client!.receiptAddress,
      taxId: client!.taxId,
      currency: client!.currency,
      locale: client!.locale,
    },
    branch: { name: branch!.name, address: branch!.address, phone: branch!.phone },
    verifyUrl,
    qrDataUrl: await QRCode.toDataURL(verifyUrl, { margin: 1, width: 240, errorCorrectionLevel: 'M' }),
  };
}
