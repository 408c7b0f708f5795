// A calendar day as the organisation's people read it, for sentences the API writes (refusals):
// '27/12/2026' in en-IN, never ISO (issue 34). Money rows and lists keep ISO; only words change.
import { eq } from 'drizzle-orm';
import { formatDay } from '@app/contract/dayFormat';
import { clients } from '../db/schema.ts';
import type { Db, Tx } from '../db/client.ts';

export async function orgDay(db: Db | Tx, clientId: number, iso: string): Promise<string> {
  const [row] = await db.select({ locale: clients.locale }).from(clients).where(eq(clients.id, clientId));
  return formatDay(iso, row?.locale ?? 'en-IN');
}
