// npm run seed -- [--demo] [--organisations N] [--branches N] [--staff N] [--seed N]
// Uses DATABASE_URL when set, else the embedded PostgreSQL of DATA_DIR (the server must not be running).
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { lockDataDir } from './lock.ts';
import { seedDemoIfEmpty, seedLarge } from './seed.ts';

const { values } = parseArgs({
  options: {
    demo: { type: 'boolean', default: false },
    organisations: { type: 'string', default: '0' },
    branches: { type: 'string', default: '3' },
    staff: { type: 'string', default: '5' },
    seed: { type: 'string', default: '1' },
  },
});

const config = loadConfig();
const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir);
const database = await openDatabase({ databaseUrl: config.databaseUrl ?? embedded!.url });
try {
  await database.migrate();
  if (values.demo)
    console.log(
      (await seedDemoIfEmpty(database.db))
        ? 'Demo organisation seeded.'
        : 'Database not empty; demo seed skipped.',
    );
  const organisations = Number(values.organisations);
  if (organisations > 0) {
    const started = Date.now();
    const { clientIds } = await seedLarge(database.db, {
      organisations,
      branchesPerOrganisation: Number(values.branches),
      staffPerOrganisation: Number(values.staff),
      seed: Number(values.seed),
    });
    console.log(
      `Seeded ${clientIds.length} organisations in ${Date.now() - started} ms (client ids ${clientIds[0]}..${clientIds.at(-1)}).`,
    );
  }
} finally {
  await database.close();
  await embedded?.stop();
  unlock();
}
