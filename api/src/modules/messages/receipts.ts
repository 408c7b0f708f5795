// A receipt message after a payment or a refund, added inside the money row's transaction: it exists
// exactly when the payment does (a rollback takes it away too).
import { and, eq } from 'drizzle-orm';
import { formatDay } from '@app/contract/dayFormat';
import { formatMoney } from '@app/contract/money';
import { branches, clients, users } from '../../db/schema.ts';
import type { Tx } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { enqueue, rowsFor } from './enqueue.ts';
import { loadSettings, templateBook } from './settings.ts';

export type ReceiptNotice = {
  kind: 'paymentReceipt' | 'refundReceipt';
  /** The payment's or refund's id: the period, so one receipt message per money row. */
  id: number;
  userId: number;
  number: string;
  amount: number;
  /** The public verification link of a payment; refunds have none. */
  link: string;
  /** The member's live personal page link ({{memberLink}}, issue 37); '' or absent for none. */
  memberLink?: string;
};

export async function enqueueReceipt(tx: Tx, ctx: StaffContext, notice: ReceiptNotice): Promise<void> {
  const [row] = await tx
    .select({ member: users, branch: branches, client: clients })
    .from(users)
    .innerJoin(branches, eq(branches.id, users.branchId))
    .innerJoin(clients, eq(clients.id, users.clientId))
    .where(and(eq(users.clientId, ctx.clientId), eq(users.id, notice.userId)));
  if (!row) return;
  const { member, branch, client } = row;
  const settings = await loadSettings(tx, ctx.clientId);
  const rows = rowsFor(
    {
      clientId: ctx.clientId,
      branchId: member.branchId,
      event: notice.kind,
      period: `${notice.kind === 'paymentReceipt' ? 'payment' : 'refund'}:${notice.id}`,
      recipient: {
        userId: member.id,
        staffId: null,
        email: member.email,
        mobile: member.mobile,
        language: member.language,
        optOut: member.messageOptOut,
      },
      values: {
        name: member.name,
        // As the organisation writes dates (27/12/2026), never ISO (issue 34).
        validTill: formatDay(member.validTill, client.locale),
        amount: formatMoney(notice.amount, client.currency, client.locale),
        amountDue: formatMoney(member.dues, client.currency, client.locale),
        receiptNumber: notice.number,
        receiptLink: notice.link,
        memberLink: notice.memberLink ?? '',
        branchName: branch.name,
        branchPhone: branch.phone,
      },
    },
    settings,
    await templateBook(tx, ctx.clientId),
  );
  await enqueue(tx, rows);
}
