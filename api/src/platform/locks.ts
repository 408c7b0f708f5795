import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';

/**
 * What a per-organisation lock guards: the first key of PostgreSQL's two-key advisory locks (a key
 * space apart from the one-key locks hashtext() gives sign-in). Append; never renumber.
 */
const lockKinds = {
  /** Reading the taken package uniqueNames and inserting the next free one. */
  packageNames: 1,
  /** Counting an organisation's branches and deleting one of them. */
  branches: 2,
  /** Storing an uploaded bank statement's lines and matching them (issue 44, point 6). */
  statementImport: 3,
} as const;

/**
 * Waits until no other transaction holds this kind of lock for the organisation and holds it to the
 * end of the transaction: a check and the write it allows run as one for that organisation, on every
 * API process (issue 35, point 2). READ COMMITTED statements after it see what the last holder
 * committed.
 */
export async function lockOrganisation(
  tx: Tx,
  kind: keyof typeof lockKinds,
  clientId: number,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${lockKinds[kind]}::int, ${clientId}::int)`);
}
