import { and, count, countDistinct, eq, gt, inArray, like, lt, min, sql } from 'drizzle-orm';
import { loginFailures } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { AppError, said } from '../../platform/errors.ts';

/**
 * 5 failed attempts per account, and 20 different accounts failed from one address, within 15
 * minutes. Counting accounts rather than attempts per address lets a front desk's staff (one
 * public address) mistype their own passwords without locking each other out, while guessing
 * across accounts from one address stays bounded.
 */
export const signInLimits = { windowMs: 15 * 60_000, perAccount: 5, accountsPerAddress: 20 } as const;

const accountKey = (login: string) => `account:${login.trim().toLowerCase()}`;
const addressKey = (ip: string, login: string) => `address:${ip}:${login.trim().toLowerCase()}`;
const addressPrefix = (ip: string) => `address:${ip}:%`;

function tooMany(oldest: string): AppError {
  const retryAfter = Math.max(1, Math.ceil((Date.parse(oldest) + signInLimits.windowMs - Date.now()) / 1000));
  return new AppError(
    429,
    'RATE_LIMITED',
    said('SIGN_IN_RATE_LIMITED', { minutes: Math.ceil(retryAfter / 60) }),
    undefined,
    { 'retry-after': String(retryAfter) },
  );
}

/**
 * Takes one attempt from the account's allowance before the password is checked, counted and
 * written under a lock on the account, so 40 concurrent guesses get exactly the allowance and a
 * right guess after it cannot slip through. The attempt stays recorded as a failure unless the
 * sign-in succeeds (clearAccountFailures). Counted in the database: every API process agrees.
 */
export async function reserveSignInAttempt(db: Db, login: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - signInLimits.windowMs).toISOString();
  const account = accountKey(login);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${account}))`);
    const [byAccount] = await tx
      .select({ n: count(), oldest: min(loginFailures.at) })
      .from(loginFailures)
      .where(and(eq(loginFailures.key, account), gt(loginFailures.at, since)));
    if (byAccount && byAccount.n >= signInLimits.perAccount && byAccount.oldest)
      throw tooMany(byAccount.oldest);
    const [byAddress] = await tx
      .select({ n: countDistinct(loginFailures.key), oldest: min(loginFailures.at) })
      .from(loginFailures)
      .where(and(like(loginFailures.key, addressPrefix(ip)), gt(loginFailures.at, since)));
    const knownHere =
      (
        await tx
          .select({ n: count() })
          .from(loginFailures)
          .where(and(eq(loginFailures.key, addressKey(ip, login)), gt(loginFailures.at, since)))
      )[0]!.n > 0;
    if (byAddress && byAddress.n >= signInLimits.accountsPerAddress && !knownHere && byAddress.oldest) {
      throw tooMany(byAddress.oldest);
    }
    await tx.insert(loginFailures).values([{ key: account }, { key: addressKey(ip, login) }]);
  });
  // Old rows are useless past the window; trimming here keeps the table small without a job.
  await db.delete(loginFailures).where(lt(loginFailures.at, since));
}

/** A successful sign-in gives back its attempt: the account's and this address's record of it. */
export async function clearAccountFailures(db: Db, login: string, ip: string): Promise<void> {
  await db
    .delete(loginFailures)
    .where(inArray(loginFailures.key, [accountKey(login), addressKey(ip, login)]));
}

/** Reset mails: 3 per address asked for and 10 from one client address within the window. */
export const resetLimits = { perEmail: 3, perAddress: 10 } as const;

/**
 * Counts a reset request before anything is looked up, for known and unknown addresses alike, so
 * the limit says nothing about which accounts exist; past it the answer is 429, and no mail leaves.
 */
export async function reserveResetRequest(db: Db, email: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - signInLimits.windowMs).toISOString();
  const byEmail = `reset:${email.trim().toLowerCase()}`;
  const byAddress = `reset-address:${ip}`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${byAddress}))`);
    for (const [key, limit] of [
      [byEmail, resetLimits.perEmail],
      [byAddress, resetLimits.perAddress],
    ] as const) {
      const [row] = await tx
        .select({ n: count(), oldest: min(loginFailures.at) })
        .from(loginFailures)
        .where(and(eq(loginFailures.key, key), gt(loginFailures.at, since)));
      if (row && row.n >= limit && row.oldest) {
        const error = tooMany(row.oldest);
        throw new AppError(429, 'RATE_LIMITED', said('RESET_RATE_LIMITED'), undefined, error.headers);
      }
    }
    await tx.insert(loginFailures).values([{ key: byEmail }, { key: byAddress }]);
  });
}
