import { and, count, eq, gt, inArray, lt, min } from 'drizzle-orm';
import { loginFailures } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';

export const signInLimits = { windowMs: 15 * 60_000, perAccount: 5, perAddress: 20 } as const;

const accountKey = (login: string) => `account:${login.trim().toLowerCase()}`;
const addressKey = (ip: string) => `address:${ip}`;

/**
 * Refuses a sign-in when the account (5) or the address (20) already failed too often within 15
 * minutes. Counted in the database so every API process sees the same numbers.
 */
export async function assertSignInAllowed(db: Db, login: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - signInLimits.windowMs).toISOString();
  for (const [key, limit] of [
    [accountKey(login), signInLimits.perAccount],
    [addressKey(ip), signInLimits.perAddress],
  ] as const) {
    const [row] = await db
      .select({ n: count(), oldest: min(loginFailures.at) })
      .from(loginFailures)
      .where(and(eq(loginFailures.key, key), gt(loginFailures.at, since)));
    if (row && row.n >= limit && row.oldest) {
      const retryAfter = Math.max(
        1,
        Math.ceil((Date.parse(row.oldest) + signInLimits.windowMs - Date.now()) / 1000),
      );
      throw new AppError(
        429,
        'RATE_LIMITED',
        `Too many failed sign-in attempts; try again in ${Math.ceil(retryAfter / 60)} minute(s).`,
        undefined,
        { 'retry-after': String(retryAfter) },
      );
    }
  }
}

export async function recordSignInFailure(db: Db, login: string, ip: string): Promise<void> {
  await db.insert(loginFailures).values([{ key: accountKey(login) }, { key: addressKey(ip) }]);
  // Old rows are useless past the window; trimming here keeps the table small without a job.
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.at, new Date(Date.now() - signInLimits.windowMs).toISOString()));
}

export async function clearAccountFailures(db: Db, login: string): Promise<void> {
  await db.delete(loginFailures).where(inArray(loginFailures.key, [accountKey(login)]));
}
