import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, type Logger } from 'kysely';
import pg from 'pg';
import { registerHeavyReads, startOffThreadReads } from './off-thread-reads';
import { withPreparedStatements } from './postgres-prepared';
import { ColumnNaming, createDirectReads, registerDirectReads } from './direct-reads';
import { openSqlite } from './sqlite';
import { withStatementCache } from './sqlite-statement-cache';
import { withWalRestart } from './wal-restart';
import { withImmediateTransactions } from './immediate-transactions';
import { withTurnsGivenBack } from './sqlite-turns';
import { withOwnSchemaIntrospection } from './own-schema-introspector';
import { limitQueriesOf } from './query-timeout';
import { registerWriteEpoch, withWriteEpoch } from './write-epoch';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  close: () => Promise<void>;
  /**
   * PostgreSQL: tells `listener` of each connection lost outside a query (the server restarted, a proxy or the
   * network cut it). The pool has already dropped that connection and opens new ones on demand; without a
   * listener these errors would be an unhandled 'error' event, which ends the process. SQLite: never called.
   */
  onConnectionError(listener: (error: Error) => void): void;
}

/**
 * How long a request waits for a new PostgreSQL connection before it fails (and answers 503): an unreachable
 * database must not hold requests until their own timeout. A pool of 20 busy connections waits as long.
 */
const CONNECT_TIMEOUT_MS = 5_000;
/** TCP keep-alive on every PostgreSQL connection, so that one whose peer vanished without a word is found dead. */
const KEEP_ALIVE_DELAY_MS = 10_000;

export interface DatabaseOptions {
  /** PostgreSQL only: put every table in this schema; the tests use it to isolate runs. */
  schema?: string;
  /** Sees every statement run (the benchmark records a request's statements with it). */
  log?: Logger;
  /**
   * PostgreSQL only: keep statements prepared per connection (postgres-prepared.ts; default true). Off behind a
   * pooler that does not keep them per client, such as PgBouncer in transaction mode before 1.21 or without
   * `max_prepared_statements` (DATABASE_PREPARED_STATEMENTS=false).
   */
  preparedStatements?: boolean;
  /**
   * PostgreSQL only: the longest a statement may wait for its answer before its connection is given up
   * (query-timeout.ts; DATABASE_QUERY_TIMEOUT_MS). 0 or unset: no limit. Work run inside `withoutQueryTimeout`
   * (migrations, daily jobs, reminders) is never limited.
   */
  queryTimeoutMs?: number;
}

// PostgreSQL returns COUNT(*) and BIGINT as strings; every count here fits in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Creates the Kysely instance for a `sqlite:<path>` or `postgres://…` URL. */
export function createDatabase(url: string, options: DatabaseOptions = {}): DatabaseHandle {
  const log = options.log ? { log: options.log } : {};
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length) || ':memory:';
    const sqlite = openSqlite(file);
    const writes = withWriteEpoch(
      withTurnsGivenBack(withImmediateTransactions(new SqliteDialect({ database: withStatementCache(sqlite) }))),
    );
    const dialect = writes.dialect;
    const naming = new ColumnNaming();
    const direct = createDirectReads(sqlite, naming, options.log);
    if (file === ':memory:') {
      const db = new Kysely<Database>({ dialect, plugins: [naming], ...log });
      registerDirectReads(db, direct);
      registerWriteEpoch(db, writes.epoch);
      return { db, dialect: 'sqlite', close: () => db.destroy(), onConnectionError: () => undefined };
    }
    // Heavy reads and checkpoints on a worker thread (off-thread-reads.ts): the main connection no
    // longer checkpoints inside its commits, and lets the WAL restart when the worker finds it long.
    const offThread = startOffThreadReads(file);
    sqlite.pragma('wal_autocheckpoint = 0');
    const db = new Kysely<Database>({
      dialect: withWalRestart(dialect, async () => {
        if (offThread.takeWalLong()) await offThread.checkpointNow();
      }),
      plugins: [naming],
      ...log,
    });
    registerHeavyReads(db, offThread.db);
    registerDirectReads(db, direct);
    registerWriteEpoch(db, writes.epoch);
    return {
      db,
      dialect: 'sqlite',
      close: async () => {
        await offThread.close();
        await db.destroy();
      },
      onConnectionError: () => undefined,
    };
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 20,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  const listeners: ((error: Error) => void)[] = [];
  const report = (error: Error) => {
    for (const listener of listeners) listener(error);
  };
  // An idle connection's error reaches the pool (which drops the connection); a connection's error while it is
  // checked out (a query or transaction running, or between a transaction's statements) is emitted on the client
  // itself, where pg-pool listens only while it is idle. The query in flight fails on its own; the client is
  // no longer queryable, so the pool discards it when it is released.
  pool.on('error', report);
  pool.on('connect', (client) => {
    client.on('error', report);
    if (options.queryTimeoutMs) limitQueriesOf(client, options.queryTimeoutMs);
  });
  const writes = withWriteEpoch(
    withOwnSchemaIntrospection(
      new PostgresDialect({ pool: options.preparedStatements === false ? pool : withPreparedStatements(pool) }),
    ),
  );
  const db = new Kysely<Database>({ dialect: writes.dialect, plugins: [new CamelCasePlugin()], ...log });
  registerWriteEpoch(db, writes.epoch);
  return {
    db,
    dialect: 'postgres',
    close: () => db.destroy(),
    onConnectionError: (listener) => listeners.push(listener),
  };
}
