import fs from 'node:fs';
import { ConfigError, loadConfig } from '../../config/config';
import { createDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { ensureFirstAdmin } from '../../features/users/bootstrap-admin';
import { createDemoContext } from './context';
import { databaseChoiceProblem } from './database-choice';
import { demoLoadersOfSize, demoSizeOf } from './loaders';

/**
 * One run of `npm run demo` with this environment and these arguments: checks where it would load (see
 * database-choice.ts), brings the schema up to date, makes the first administrator if there is none, then
 * runs the loaders of the size asked for. Its own database handle, closed at the end.
 */
export async function runDemo(
  env: Record<string, string | undefined>,
  args: readonly string[],
  print: (text: string) => void,
): Promise<void> {
  const size = demoSizeOf(args);
  const config = loadConfig(env);
  const line = (text: string) => print(`${text}\n`);
  const choice = databaseChoiceProblem(env, config, fs.existsSync);
  if (choice?.refuse) throw new ConfigError(choice.message);
  if (choice) line(choice.message);
  const database = createDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database.db, database.dialect);
    await ensureFirstAdmin(database.db, config.admin, { info: () => undefined }, print);
    line(`Loading demo data into ${database.dialect === 'sqlite' ? config.databaseUrl : 'PostgreSQL'} …`);
    const ctx = createDemoContext(database.db, config, line);
    for (const loader of demoLoadersOfSize(size)) await loader.load(ctx);
    line('Demo data loaded.');
  } finally {
    await database.close();
  }
}
