// Idempotency-Key on create requests (DOMAIN.md, Money): the same key within 24 h answers what the
// first request answered instead of doing the work again; the same key with another body is refused.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { idempotencyKeyHeader } from '@app/contract/payments';
import { idempotencyKeys } from '../db/schema.ts';
import type { Db, Tx } from '../db/client.ts';
import { AppError, fieldError, said } from './errors.ts';

const keyPattern = /^[\x21-\x7e]{1,200}$/;
const windowHours = 24;

export type Stored = { statusCode: number; body: unknown };

/** The request's key, or undefined without one; 400 when it is malformed. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[idempotencyKeyHeader];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !keyPattern.test(key)) {
    throw new AppError(400, 'BAD_REQUEST', said('IDEMPOTENCY_KEY_INVALID'), [
      fieldError('headers.Idempotency-Key', 'IDEMPOTENCY_KEY_FORM'),
    ]);
  }
  return key;
}

/** Keys are canonical JSON so that the same body written in another key order is the same body. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const hashOf = (body: unknown) => createHash('sha256').update(canonical(body)).digest('hex');

/**
 * Runs `work` in `db.transaction` at most once per (organisation, key). The key's row is claimed
 * first inside the same transaction: a concurrent request with the same key waits on that row until
 * the first commits, then reads its answer; if the first rolls back, the key is free again.
 */
export async function once(
  db: Db,
  scope: { clientId: number; route: string; key: string | undefined; body: unknown },
  work: (tx: Tx) => Promise<Stored>,
): Promise<Stored> {
  const { key } = scope;
  if (key === undefined) return db.transaction(work);
  const bodyHash = hashOf(scope.body);
  return db.transaction(async (tx) => {
    // An expired key is forgotten before it is claimed again.
    await tx
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.clientId, scope.clientId),
          eq(idempotencyKeys.key, key),
          sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${windowHours})`,
        ),
      );
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ clientId: scope.clientId, key, route: scope.route, bodyHash, statusCode: 0, response: {} })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [first] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.clientId, scope.clientId), eq(idempotencyKeys.key, key)));
      if (!first || first.route !== scope.route || first.bodyHash !== bodyHash) {
        throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', said('IDEMPOTENCY_KEY_REUSED'));
      }
      return { statusCode: first.statusCode, body: first.response };
    }
    const answer = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: answer.statusCode, response: answer.body as object })
      .where(and(eq(idempotencyKeys.clientId, scope.clientId), eq(idempotencyKeys.key, key)));
    return answer;
  });
}
