// Sending a member their page link by the organisation's channels (issue 37): a memberLink message
// per channel the member can be reached on and did not opt out of, added in the link's transaction.
import { and, eq } from 'drizzle-orm';
import { branches, users } from '../../db/schema.ts';
import type { Tx } from '../../db/client.ts';
import { enqueue, rowsFor } from '../messages/enqueue.ts';
import { loadSettings, templateBook } from '../messages/settings.ts';

/** How many messages were queued (0: no channel reaches the member), and how many are e-mails. */
export async function sendLink(tx: Tx, clientId: number, userId: number, url: string, linkId: number) {
  const [row] = await tx
    .select({ member: users, branch: branches })
    .from(users)
    .innerJoin(branches, eq(branches.id, users.branchId))
    .where(and(eq(users.clientId, clientId), eq(users.id, userId)));
  if (!row) return { queued: 0, emails: 0 };
  const { member, branch } = row;
  const settings = await loadSettings(tx, clientId);
  const rows = rowsFor(
    {
      clientId,
      branchId: member.branchId,
      event: 'memberLink',
      period: `link:${linkId}`,
      recipient: {
        userId: member.id,
        staffId: null,
        email: member.email,
        mobile: member.mobile,
        language: member.language,
        optOut: member.messageOptOut,
      },
      values: { name: member.name, branchName: branch.name, branchPhone: branch.phone, memberLink: url },
    },
    // Staff asked for this one message: it goes whether or not the organisation sends the event by itself.
    { ...settings, events: [...settings.events, 'memberLink'] },
    await templateBook(tx, clientId),
  );
  const queued = await enqueue(tx, rows);
  return { queued, emails: queued && rows.filter((r) => r.channel === 'email').length };
}
