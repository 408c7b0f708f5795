import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { refreshTokens } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';

export const refreshLifetimeMs = { remember: 7 * 24 * 3600_000, session: 12 * 3600_000 } as const;

export const newOpaqueToken = () => randomBytes(32).toString('base64url');
/** Only hashes are stored: a leaked table does not leak usable tokens. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueRefreshToken(
  tx: Db | Tx,
  staffId: number,
  remember: boolean,
  familyId: string = randomUUID(),
): Promise<{ token: string; familyId: string }> {
  const token = newOpaqueToken();
  const lifetime = remember ? refreshLifetimeMs.remember : refreshLifetimeMs.session;
  await tx.insert(refreshTokens).values({
    staffId,
    familyId,
    remember,
    tokenHash: hashToken(token),
    // On the database's clock, which every check of the session reads (caller_context's
    // expires_at > now()): an API clock hours behind would otherwise make sessions that are dead
    // on arrival, and one ahead sessions that outlive their time (issue 42, point 3).
    expiresAt: sql`now() + make_interval(secs => ${lifetime / 1000})`,
  });
  return { token, familyId };
}

/** Revokes every live refresh token of a staff member, except those of `keepFamily` when given. */
export async function revokeStaffTokens(tx: Db | Tx, staffId: number, keepFamily?: string) {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date().toISOString() })
    .where(
      and(
        eq(refreshTokens.staffId, staffId),
        isNull(refreshTokens.revokedAt),
        keepFamily ? ne(refreshTokens.familyId, keepFamily) : undefined,
      ),
    );
}
