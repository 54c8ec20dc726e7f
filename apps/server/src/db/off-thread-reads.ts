import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
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

/**
 * Heavy SQLite reads and WAL checkpoints off the main thread (decision 028).
 *
 * better-sqlite3 is synchronous: a statement blocks the event loop for as long as it runs. Most
 * statements take well under a millisecond, but the first count of a cached figure (the whole tasks
 * table grouped by facility: a list total for a new filter, the dashboard when a zone's day changes)
 * and a deep page's boundaries take tens to hundreds of milliseconds, and the checkpoint that SQLite
 * runs inside whichever commit finds the WAL over 1,000 pages writes and syncs the database file
 * there. A worker thread with its own connections runs both: a read-only connection (WAL lets it read
 * beside the writer; each statement sees every commit made before it starts) and the checkpoints, four
 * times a second, which the main connection then no longer runs (`wal_autocheckpoint = 0`). When a
 * checkpoint finds the WAL long, the worker says so, and `takeWalLong` tells the main connection to
 * wait, between two transactions, for one more checkpoint on the worker (`checkpointNow`), so that the
 * WAL is reused from its start (wal-restart.ts).
 *
 * `heavyReads(db)` is the Kysely instance for such reads: the worker's for a file SQLite database, `db`
 * itself otherwise (PostgreSQL reads never block the loop; an in-memory database has one connection).
 */

/** The worker's code: plain JavaScript, evaluated (no file to find in the bundle, decision 007). */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Sqlite = require(workerData.driver);
const reader = new Sqlite(workerData.file, { readonly: true, fileMustExist: true });
reader.pragma('busy_timeout = 5000');
reader.pragma('cache_size = -65536');
const checkpointer = new Sqlite(workerData.file, { fileMustExist: true });
checkpointer.pragma('busy_timeout = 5000');
const checkpoint = () => checkpointer.pragma('wal_checkpoint(PASSIVE)')[0];
// A WAL that got longer since the last checkpoint without being restarted: a writer that never waits
// for a checkpoint to catch up (one that stopped writing restarts the WAL with its next write).
let lastLog = 0;
const timer = setInterval(() => {
  try {
    const { log } = checkpoint();
    if (log >= workerData.restartFrames && log > lastLog) parentPort.postMessage({ walFrames: log });
    lastLog = log;
  } catch { /* busy: the next time */ }
}, workerData.checkpointMs);
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
    clearInterval(timer);
    reader.close();
    checkpoint();
    checkpointer.close();
    parentPort.close();
    return;
  }
  const { id, sql, parameters } = message;
  if (message.checkpoint) {
    try {
      const { log, checkpointed } = checkpoint();
      lastLog = log;
      parentPort.postMessage({ id, rows: [log - checkpointed] });
    } catch (error) {
      parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
    return;
  }
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

type Reply = { id: number; rows?: unknown[]; error?: string } | { walFrames: number };

/**
 * How often the worker checkpoints, and the WAL length (in frames, pages of 4 KB) from which it asks for
 * the WAL to be restarted: SQLite's own automatic checkpoint runs at 1,000 pages.
 */
const CHECKPOINT_MS = 250;
const RESTART_FRAMES = 1000;

export interface OffThreadReads {
  db: Kysely<Database>;
  /** How many statements the worker keeps prepared now. */
  preparedStatements: () => Promise<number>;
  /** Whether the worker has found the WAL long since the last call (wal-restart.ts); clears the report. */
  takeWalLong: () => boolean;
  /** A checkpoint on the worker now; resolves to the frames it could not copy (0: the WAL restarts next write). */
  checkpointNow: () => Promise<number>;
  close: () => Promise<void>;
}

/** The worker, and a Kysely instance whose statements it runs. */
export function startOffThreadReads(file: string, statementsKept = STATEMENTS_KEPT): OffThreadReads {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      file,
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      checkpointMs: CHECKPOINT_MS,
      restartFrames: RESTART_FRAMES,
      statementsKept,
    },
  });
  const waiting = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
  let next = 0;
  let walLong = false;
  let running = true;
  worker.on('message', (reply: Reply) => {
    if ('walFrames' in reply) {
      walLong = true;
      return;
    }
    const call = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (waiting.size === 0) worker.unref();
    if (reply.error !== undefined) call?.reject(new Error(reply.error));
    else call?.resolve(reply.rows ?? []);
  });
  worker.on('error', (error) => {
    for (const call of waiting.values()) call.reject(error);
    waiting.clear();
  });
  worker.once('exit', () => {
    running = false;
    for (const call of waiting.values()) call.reject(new Error('The off-thread reader has stopped'));
    waiting.clear();
  });
  // The worker keeps the process alive only while a read is waiting for it: its checkpoint timer must
  // not hold a finished command open. After the listeners: adding a 'message' listener refs the port.
  worker.unref();

  const call = (message: { sql?: string; parameters?: readonly unknown[]; checkpoint?: true }) => {
    const id = (next += 1);
    return new Promise<unknown[]>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, ...message });
    });
  };
  const connection: DatabaseConnection = {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      return { rows: (await call({ sql: query.sql, parameters: query.parameters })) as R[] };
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
    destroy: async () => {
      // Held (ref) until it exits: an idle worker is unref'd, and a process waiting only for an unref'd
      // worker's exit (its last checkpoint can take seconds) ends there, its closing never finished.
      worker.ref();
      worker.postMessage('close');
      await new Promise((resolve) => worker.once('exit', resolve));
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
  const takeWalLong = () => {
    const long = walLong && running;
    walLong = false;
    return long;
  };
  return {
    db,
    takeWalLong,
    preparedStatements: async () => Number((await call({}))[0]),
    checkpointNow: async () => Number((await call({ checkpoint: true }))[0]),
    close: async () => {
      running = false;
      await db.destroy();
    },
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
