import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, type Logger } from 'kysely';
import pg from 'pg';
import { registerHeavyReads, startOffThreadReads } from './off-thread-reads';
import { withPreparedStatements } from './postgres-prepared';
import { ColumnNaming, createDirectReads, registerDirectReads } from './direct-reads';
import { openSqlite } from './sqlite';
import { withStatementCache } from './sqlite-statement-cache';
import { withWalRestart } from './wal-restart';
import { withImmediateTransactions } from './immediate-transactions';
import { withOwnSchemaIntrospection } from './own-schema-introspector';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  close: () => Promise<void>;
}

// PostgreSQL returns COUNT(*) and BIGINT as strings; every count here fits in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * Creates the Kysely instance for a `sqlite:<path>` or `postgres://…` URL.
 * `schema` (PostgreSQL only) puts every table in its own schema; the tests use it to isolate runs.
 * `log` sees every statement run (the benchmark records a request's statements with it).
 */
export function createDatabase(url: string, options: { schema?: string; log?: Logger } = {}): DatabaseHandle {
  const log = options.log ? { log: options.log } : {};
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length) || ':memory:';
    const sqlite = openSqlite(file);
    const dialect = withImmediateTransactions(new SqliteDialect({ database: withStatementCache(sqlite) }));
    const naming = new ColumnNaming();
    const direct = createDirectReads(sqlite, naming, options.log);
    if (file === ':memory:') {
      const db = new Kysely<Database>({ dialect, plugins: [naming], ...log });
      registerDirectReads(db, direct);
      return { db, dialect: 'sqlite', close: () => db.destroy() };
    }
    // Heavy reads and checkpoints on a worker thread (off-thread-reads.ts): the main connection no
    // longer checkpoints inside its commits, and lets the WAL restart when the worker finds it long.
    const offThread = startOffThreadReads(file);
    sqlite.pragma('wal_autocheckpoint = 0');
    const db = new Kysely<Database>({
      dialect: withWalRestart(dialect, () => {
        if (offThread.takeWalLong()) sqlite.pragma('wal_checkpoint(PASSIVE)');
      }),
      plugins: [naming],
      ...log,
    });
    registerHeavyReads(db, offThread.db);
    registerDirectReads(db, direct);
    return {
      db,
      dialect: 'sqlite',
      close: async () => {
        await offThread.close();
        await db.destroy();
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 20,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  const db = new Kysely<Database>({
    dialect: withOwnSchemaIntrospection(new PostgresDialect({ pool: withPreparedStatements(pool) })),
    plugins: [new CamelCasePlugin()],
    ...log,
  });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}
