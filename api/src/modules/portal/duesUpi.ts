// The dues reminder's UPI link (issue 37): `{{upiLink}}` is a upi://pay link for the member's dues
// with a stored reference, as the member page offers. Made only when the organisation's dues
// template uses it, so a tick costs nothing more where nobody asked for it.
import { upiPayUri } from '@app/contract/portal';
import type { Db } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import type { MemberRow } from '../payments/quote.ts';
import { referenceFor, upiAccountFor } from './upi.ts';

export type DuesUpiBranch = { clientId: number; branchId: number; today: string; payeeName: string };

/** Member id -> upi:// link for their dues; empty when the branch has no account with a UPI id. */
export async function duesUpiLinks(
  db: Db,
  b: DuesUpiBranch,
  members: { id: number; name: string; dues: number }[],
): Promise<Map<number, string>> {
  const links = new Map<number, string>();
  if (members.length === 0) return links;
  const account = await upiAccountFor(db, b.clientId, b.branchId);
  if (!account) return links;
  // referenceFor reads only the organisation, branch and day of its caller, and the member's id and branch.
  const ctx = { clientId: b.clientId, branchId: b.branchId, branchToday: b.today } as StaffContext;
  for (const m of members) {
    const member = { id: m.id, branchId: b.branchId } as MemberRow;
    const reference = await referenceFor(db, ctx, member, account, {
      purpose: 'dues',
      feeStructureId: null,
      amount: m.dues,
      lateFine: 0,
      dues: m.dues,
    });
    links.set(
      m.id,
      upiPayUri({
        upiId: account.upiId,
        payeeName: b.payeeName,
        amount: m.dues,
        reference,
        note: `Dues ${m.name}`,
        merchantCode: account.merchantCode,
      }),
    );
  }
  return links;
}
