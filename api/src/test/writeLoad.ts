// Writes through the real HTTP API, as front desks make them: new members (with a fee structure)
// and payments for members created earlier, from several callers at once. Every answer is sorted
// into acknowledged (2xx, remembered by what identifies the row), refused (4xx), failed (5xx) or
// unknown (the connection broke: the server was killed while the request was in flight).
import { randomUUID } from 'node:crypto';

export type WriteTally = {
  attempted: number;
  members: { id: number; mobile: string }[];
  /** Receipt numbers of the payments the client saw acknowledged. */
  receipts: string[];
  refused: number;
  failed: number;
  /** Payments cut off by the kill: body and Idempotency-Key, to be sent again after the restart. */
  unknownPayments: { key: string; body: string }[];
  unknownMembers: number;
};

export const newTally = (): WriteTally => ({
  attempted: 0,
  members: [],
  receipts: [],
  refused: 0,
  failed: 0,
  unknownPayments: [],
  unknownMembers: 0,
});

export type Target = { url: string; token: string; branchId: number; feeStructureId: number };

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A mobile no demo member has: +99, the run's tag, the write's number. */
export const mobileOf = (run: number, n: number) =>
  `+99${String(run).padStart(4, '0')}${String(n).padStart(6, '0')}`;

export function paymentBody(userId: number, feeStructureId: number): string {
  return JSON.stringify({
    userId,
    feeStructureId,
    lateFine: 0,
    lateFineWaiverReason: 'load',
    received: 100,
    mode: 'cash',
  });
}

/**
 * Sends writes with `callers` at once until `tally.attempted` reaches `until`, `stop()` says so, or
 * the server stops answering (then every caller stops at its next write).
 */
export async function runWrites(
  target: Target,
  tally: WriteTally,
  opts: { until: number; callers: number; run: number; stop?: () => boolean; onAck?: () => void },
): Promise<void> {
  let down = false;
  const headers = {
    authorization: `Bearer ${target.token}`,
    branchid: String(target.branchId),
    'content-type': 'application/json',
  };
  const one = async (n: number) => {
    const member =
      tally.members.length < 20 || n % 2 === 0 ? undefined : tally.members[n % tally.members.length];
    const key = randomUUID();
    const body = member
      ? paymentBody(member.id, target.feeStructureId)
      : JSON.stringify({
          name: `Load ${opts.run} ${n}`,
          mobile: mobileOf(opts.run, n),
          validFrom: day(-10),
          validTill: day(20),
          feeStructureId: target.feeStructureId,
        });
    let res: Response;
    try {
      res = await fetch(`${target.url}/api/${member ? 'payment/createPayment' : 'user/createUser'}`, {
        method: 'POST',
        headers: member ? { ...headers, 'idempotency-key': key } : headers,
        body,
      });
    } catch {
      down = true;
      if (member) tally.unknownPayments.push({ key, body });
      else tally.unknownMembers += 1;
      return;
    }
    let answer: { userId?: number; receiptNumber?: string };
    try {
      answer = (await res.json()) as typeof answer;
    } catch {
      // The status arrived but the body did not: the client cannot know the row, count it unknown.
      down = true;
      if (member) tally.unknownPayments.push({ key, body });
      else tally.unknownMembers += 1;
      return;
    }
    if (res.status >= 500) tally.failed += 1;
    else if (res.status >= 400) tally.refused += 1;
    else if (member) tally.receipts.push(answer.receiptNumber!);
    else tally.members.push({ id: answer.userId!, mobile: mobileOf(opts.run, n) });
    if (res.ok) opts.onAck?.();
  };
  await Promise.all(
    Array.from({ length: opts.callers }, async () => {
      while (!down && tally.attempted < opts.until && !opts.stop?.()) {
        tally.attempted += 1;
        await one(tally.attempted);
      }
    }),
  );
}

/** The payments cut off by a kill, sent again with their keys: each is then recorded exactly once. */
export async function retryUnknownPayments(target: Target, tally: WriteTally): Promise<number> {
  let retried = 0;
  for (const { key, body } of tally.unknownPayments.splice(0)) {
    const res = await fetch(`${target.url}/api/payment/createPayment`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${target.token}`,
        branchid: String(target.branchId),
        'content-type': 'application/json',
        'idempotency-key': key,
      },
      body,
    });
    const answer = (await res.json()) as { receiptNumber?: string };
    if (res.status !== 201)
      throw new Error(`retried payment answered ${res.status}: ${JSON.stringify(answer)}`);
    tally.receipts.push(answer.receiptNumber!);
    retried += 1;
  }
  return retried;
}
