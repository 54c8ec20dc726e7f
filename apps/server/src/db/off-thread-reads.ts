import { createRequire } from 'node:module';
import {
  CamelCasePlugin,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { Database } from './schema';
import { STATEMENTS_KEPT } from './sqlite-statement-cache';
import { startSqliteWorker } from './sqlite-worker';

/**
 * Heavy SQLite reads and WAL checkpoints off the main thread (decision 028).
 *
 * better-sqlite3 is synchronous: a statement blocks the event loop for as long as it runs. Most
 * statements take well under a millisecond, but the first count of a cached figure (the whole tasks
 * table grouped by facility: a list total for a new filter, the dashboard when a zone's day changes)
 * and a deep page's boundaries take tens to hundreds of milliseconds, and the checkpoint that SQLite
 * runs inside whichever commit finds the WAL over 1,000 pages writes and syncs the database file
 * there. Two worker threads run them: one a read-only connection (WAL lets it read beside the writer; each
 * statement sees every commit made before it starts), the other the checkpoints, four times a second, which
 * the main connection then no longer runs (`wal_autocheckpoint = 0`). When a checkpoint finds the WAL long,
 * the checkpointer says so, and `takeWalLong` tells the main connection to wait, between two transactions,
 * for one more checkpoint (`checkpointNow`), so that the WAL is reused from its start (wal-restart.ts).
 *
 * `heavyReads(db)` is the Kysely instance for such reads: the worker's for a file SQLite database, `db`
 * itself otherwise (PostgreSQL reads never block the loop; an in-memory database has one connection).
 */

/**
 * The workers' code: plain JavaScript, evaluated (no file to find in the bundle, decision 007). Two threads, so
 * that a checkpoint the main connection waits for never queues behind a heavy read.
 */
const READER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Sqlite = require(workerData.driver);
const reader = new Sqlite(workerData.file, { readonly: true, fileMustExist: true });
reader.pragma('busy_timeout = 5000');
reader.pragma('cache_size = -65536');
// The most recently used statements, at most workerData.statementsKept (as the main connection's,
// sqlite-statement-cache.ts): an IN list varies with each user's scope, so the texts are unbounded.
const statements = new Map();
const prepared = (sql) => {
  let statement = statements.get(sql);
  if (statement) statements.delete(sql);
  else {
    statement = reader.prepare(sql);
    if (statements.size >= workerData.statementsKept) statements.delete(statements.keys().next().value);
  }
  statements.set(sql, statement);
  return statement;
};
parentPort.on('message', (message) => {
  if (message === 'close') {
    reader.close();
    parentPort.close();
    return;
  }
  const { id, sql, parameters } = message;
  if (sql === undefined) {
    parentPort.postMessage({ id, rows: [statements.size] });
    return;
  }
  try {
    parentPort.postMessage({ id, rows: prepared(sql).all(...parameters) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

const CHECKPOINTER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Sqlite = require(workerData.driver);
const checkpointer = new Sqlite(workerData.file, { fileMustExist: true });
checkpointer.pragma('busy_timeout = 5000');
const checkpoint = () => checkpointer.pragma('wal_checkpoint(PASSIVE)')[0];
// A WAL that got longer since the last checkpoint without being restarted: a writer that never waits
// for a checkpoint to catch up (one that stopped writing restarts the WAL with its next write).
let lastLog = 0;
const timer = setInterval(() => {
  try {
    const { log } = checkpoint();
    if (log >= workerData.restartFrames && log > lastLog) parentPort.postMessage({ notice: { walFrames: log } });
    lastLog = log;
  } catch { /* busy: the next time */ }
}, workerData.checkpointMs);
parentPort.on('message', (message) => {
  if (message === 'close') {
    clearInterval(timer);
    try { checkpoint(); } catch { /* busy: the next start checkpoints */ }
    checkpointer.close();
    parentPort.close();
    return;
  }
  try {
    const { log, checkpointed } = checkpoint();
    lastLog = log;
    parentPort.postMessage({ id: message.id, rows: [log - checkpointed] });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

/**
 * How often the checkpointer checkpoints, and the WAL length (in frames, pages of 4 KB) from which it asks for
 * the WAL to be restarted: SQLite's own automatic checkpoint runs at 1,000 pages.
 */
const CHECKPOINT_MS = 250;
const RESTART_FRAMES = 1000;

export interface OffThreadReads {
  db: Kysely<Database>;
  /** How many statements the reader keeps prepared now. */
  preparedStatements: () => Promise<number>;
  /** Whether the checkpointer has found the WAL long since the last call (wal-restart.ts); clears the report. */
  takeWalLong: () => boolean;
  /** A checkpoint now; resolves to the frames it could not copy (0: the next write restarts the WAL). */
  checkpointNow: () => Promise<number>;
  close: () => Promise<void>;
}

/** The two workers, and a Kysely instance whose statements the reader runs. */
export function startOffThreadReads(file: string, statementsKept = STATEMENTS_KEPT): OffThreadReads {
  const driverPath = createRequire(import.meta.url).resolve('better-sqlite3');
  const reader = startSqliteWorker(READER_SOURCE, { file, driver: driverPath, statementsKept });
  let walLong = false;
  const checkpointer = startSqliteWorker(
    CHECKPOINTER_SOURCE,
    { file, driver: driverPath, checkpointMs: CHECKPOINT_MS, restartFrames: RESTART_FRAMES },
    () => (walLong = true),
  );
  const connection: DatabaseConnection = {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      return { rows: (await reader.call({ sql: query.sql, parameters: query.parameters })) as R[] };
    },
    streamQuery() {
      throw new Error('Off-thread reads do not stream');
    },
  };
  const refuse = () => Promise.reject(new Error('Off-thread reads are read-only: no transactions'));
  const driver: Driver = {
    init: async () => undefined,
    acquireConnection: async () => connection,
    beginTransaction: refuse,
    commitTransaction: refuse,
    rollbackTransaction: refuse,
    releaseConnection: async () => undefined,
    // The reader first: the checkpointer's last checkpoint then copies every frame.
    destroy: async () => {
      await reader.close();
      await checkpointer.close();
    },
  };
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => driver,
      createIntrospector: (kysely) => new SqliteIntrospector(kysely),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
    plugins: [new CamelCasePlugin()],
  });
  return {
    db,
    takeWalLong: () => {
      const long = walLong && checkpointer.running();
      walLong = false;
      return long;
    },
    preparedStatements: async () => Number((await reader.call({}))[0]),
    checkpointNow: async () => Number((await checkpointer.call({}))[0]),
    close: () => db.destroy(),
  };
}

const readers = new WeakMap<Kysely<Database>, Kysely<Database>>();

/** Registers `reader` as the instance for `db`'s heavy reads (database.ts, when it opens a file database). */
export function registerHeavyReads(db: Kysely<Database>, reader: Kysely<Database>): void {
  readers.set(db, reader);
}

/** The Kysely instance to run a heavy read of `db` on: off the main thread where that helps. */
export function heavyReads(db: Kysely<Database>): Kysely<Database> {
  return readers.get(db) ?? db;
}

/**
 * Recounting this many facilities or fewer runs on the main connection: one facility's counts take a millisecond
 * or two there, less than a wait behind the worker's queue. More go to the worker: a requirement edit or a holiday
 * moves the tasks of many facilities at once, and recounting twenty of them on the main thread held the event loop
 * for 63 ms in the benchmark's mixed load.
 */
const FEW_FACILITIES = 2;

/**
 * The reader of a per-facility recount: `stale` is the facilities to recount (null: every facility, the first
 * count of a key). Few facilities on the main connection, more on the worker (see heavyReads).
 */
export function recountReads(db: Kysely<Database>, stale: readonly string[] | null): Kysely<Database> {
  return stale !== null && stale.length <= FEW_FACILITIES ? db : heavyReads(db);
}
