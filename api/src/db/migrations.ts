// The checked-in migrations (api/drizzle), applied at every start. drizzle's migrator runs every
// pending migration in one transaction, so a failure leaves none of them applied; this names the
// one that failed, since drizzle's error only shows the statement (issue 33, point 4).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';

export class MigrationFailedError extends Error {}

export async function applyMigrations(
  db: Parameters<typeof migrate>[0],
  migrationsFolder: string,
): Promise<void> {
  try {
    await migrate(db, { migrationsFolder });
  } catch (err) {
    const failed = err as Error & { query?: string; cause?: Error };
    const tag = failed.query ? migrationHolding(migrationsFolder, failed.query) : undefined;
    const reason = failed.cause?.message ?? failed.message;
    throw new MigrationFailedError(
      `Database migration ${tag ?? '(unknown)'} failed: ${reason}. None of this start's migrations was ` +
        'applied (they run in one transaction): the database is as the previous version left it.',
      { cause: err },
    );
  }
}

/** The tag of the migration file holding `statement` (drizzle runs each file's statements as written). */
function migrationHolding(folder: string, statement: string): string | undefined {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const wanted = statement.trim();
  return journal.entries.find(({ tag }) =>
    readFileSync(join(folder, `${tag}.sql`), 'utf8')
      .split('--> statement-breakpoint')
      .some((s) => s.trim() === wanted),
  )?.tag;
}
