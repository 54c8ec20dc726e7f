/**
 * `npm run demo`: loads realistic demo data into the configured database (DATA_DIR / DATABASE_URL, the
 * same configuration as the server), after bringing the schema up to date. Idempotent: a second run adds
 * only what is missing. Each entity group has its own loader in ./demo/, listed in ./demo/loaders.ts.
 */
import { ConfigError, loadConfig } from '../config/config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { ensureFirstAdmin } from '../features/users/bootstrap-admin';
import { createDemoContext } from './demo/context';
import { DEMO_LOADERS } from './demo/loaders';

async function main(): Promise<void> {
  const config = loadConfig();
  const print = (line: string) => process.stdout.write(`${line}\n`);
  const database = createDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database.db, database.dialect);
    await ensureFirstAdmin(database.db, config.admin, { info: () => undefined }, (text) => process.stdout.write(text));
    print(`Loading demo data into ${database.dialect === 'sqlite' ? config.databaseUrl : 'PostgreSQL'} …`);
    const ctx = createDemoContext(database.db, config, print);
    for (const loader of DEMO_LOADERS) await loader.load(ctx);
    print('Demo data loaded.');
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
