// The organisation's language (issue 48): what a new member reads their page and messages in when
// nobody said otherwise, the language of its locale ('hi-IN' -> hi, anything not ours -> en).
import { eq } from 'drizzle-orm';
import { languageOf, type Language } from '@app/contract/languages';
import { clients } from '../db/schema.ts';
import type { Db, Tx } from '../db/client.ts';

export async function organisationLanguage(db: Db | Tx, clientId: number): Promise<Language> {
  const [row] = await db.select({ locale: clients.locale }).from(clients).where(eq(clients.id, clientId));
  return languageOf(row?.locale);
}
