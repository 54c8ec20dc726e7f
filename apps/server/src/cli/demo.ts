/**
 * `npm run demo`: loads realistic demo data into the configured database (DATA_DIR / DATABASE_URL, the
 * same configuration as the server), after bringing the schema up to date. Idempotent: a second run adds
 * only what is missing. Each entity group has its own loader in ./demo/, listed in ./demo/loaders.ts.
 * `npm run demo -- --size=small` loads the directory only (program areas, regulations, facilities, users).
 *
 * It runs safely beside a running or starting server on the same SQLite file (transactions take the
 * write lock first and migrations run in one transaction: db/immediate-transactions.ts).
 */
import { ConfigError } from '../config/config';
import { runDemo } from './demo/run-demo';

runDemo(process.env, process.argv.slice(2), (text) => process.stdout.write(text)).catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
