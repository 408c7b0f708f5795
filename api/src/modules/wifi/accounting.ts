import { and, eq, isNull, sql } from 'drizzle-orm';
import { users, wifiSessions } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { attribute, integerAttribute, type RadiusBody, type RouterRow } from './radiusRequest.ts';

const gigaword = 2 ** 32;

/** Octets plus the gigawords counter above them (RFC 2869 Acct-Input/Output-Gigawords). */
const bytes = (body: RadiusBody, name: 'Input' | 'Output') =>
  integerAttribute(body, `Acct-${name}-Gigawords`) * gigaword + integerAttribute(body, `Acct-${name}-Octets`);

export type AccountingResult = 'stored' | 'ignored';

/**
 * Start, Interim-Update and Stop of one session (router, Acct-Session-Id) all write the same row, so
 * a lost Start or packets out of order still end in one session with the highest byte counts.
 * Accounting-On/Off (the router restarted) closes the router's open sessions.
 */
export async function recordAccounting(
  db: Db,
  router: RouterRow,
  body: RadiusBody,
): Promise<{ result: AccountingResult; userId?: number }> {
  const status = attribute(body, 'Acct-Status-Type');
  if (status === 'Accounting-On' || status === 'Accounting-Off') {
    await db
      .update(wifiSessions)
      .set({ stoppedAt: sql`now()`, updatedAt: sql`now()`, terminateCause: 'NAS-Reboot' })
      .where(and(eq(wifiSessions.routerId, router.id), isNull(wifiSessions.stoppedAt)));
    return { result: 'stored' };
  }
  if (status !== 'Start' && status !== 'Interim-Update' && status !== 'Stop') return { result: 'ignored' };

  const username = attribute(body, 'User-Name');
  const acctSessionId = attribute(body, 'Acct-Session-Id');
  if (!username || !acctSessionId) return { result: 'ignored' };
  const [member] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.clientId, router.clientId),
        eq(users.branchId, router.branchId),
        eq(users.mobile, username),
      ),
    );
  if (!member) return { result: 'ignored' };

  const input = bytes(body, 'Input');
  const output = bytes(body, 'Output');
  const sessionSeconds = integerAttribute(body, 'Acct-Session-Time');
  const stopped = status === 'Stop';
  await db
    .insert(wifiSessions)
    .values({
      clientId: router.clientId,
      branchId: router.branchId,
      routerId: router.id,
      userId: member.id,
      acctSessionId,
      username,
      framedIp: attribute(body, 'Framed-IP-Address') ?? null,
      callingStationId: attribute(body, 'Calling-Station-Id') ?? null,
      startedAt: sql`now() - make_interval(secs => ${sessionSeconds})`,
      inputBytes: input,
      outputBytes: output,
      stoppedAt: stopped ? sql`now()` : null,
      terminateCause: stopped ? (attribute(body, 'Acct-Terminate-Cause') ?? null) : null,
    })
    .onConflictDoUpdate({
      target: [wifiSessions.routerId, wifiSessions.acctSessionId],
      set: {
        inputBytes: sql`greatest(${wifiSessions.inputBytes}, excluded.input_bytes)`,
        outputBytes: sql`greatest(${wifiSessions.outputBytes}, excluded.output_bytes)`,
        framedIp: sql`coalesce(excluded.framed_ip, ${wifiSessions.framedIp})`,
        updatedAt: sql`now()`,
        // A Stop closes the session; an interim arriving after it never reopens it.
        stoppedAt: sql`coalesce(${wifiSessions.stoppedAt}, excluded.stopped_at)`,
        terminateCause: sql`coalesce(${wifiSessions.terminateCause}, excluded.terminate_cause)`,
      },
    });
  return { result: 'stored', userId: member.id };
}
