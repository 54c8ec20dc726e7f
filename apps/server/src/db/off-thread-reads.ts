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

/**
 * Heavy SQLite reads and WAL checkpoints off the main thread (issue 15 item 1, decision 028).
 *
 * better-sqlite3 is synchronous: a statement blocks the event loop for as long as it runs. Most
 * statements take well under a millisecond, but the first count of a cached figure (the whole tasks
 * table grouped by facility: a list total for a new filter, the dashboard when a zone's day changes)
 * and a deep page's boundaries take tens to hundreds of milliseconds, and the checkpoint that SQLite
 * runs inside whichever commit finds the WAL over 1,000 pages writes and syncs the database file
 * there. A worker thread with its own connections runs both: a read-only connection (WAL lets it read
 * beside the writer; each statement sees every commit made before it starts) and the checkpoints, once a
 * second, which the main connection then no longer runs (`wal_autocheckpoint = 0`).
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
const timer = setInterval(() => {
  try { checkpointer.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy: the next second */ }
}, workerData.checkpointMs);
const statements = new Map();
parentPort.on('message', (message) => {
  if (message === 'close') {
    clearInterval(timer);
    reader.close();
    checkpointer.pragma('wal_checkpoint(PASSIVE)');
    checkpointer.close();
    parentPort.close();
    return;
  }
  const { id, sql, parameters } = message;
  try {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = reader.prepare(sql)));
    parentPort.postMessage({ id, rows: statement.all(...parameters) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

type Reply = { id: number; rows?: unknown[]; error?: string };

/** The worker, and a Kysely instance whose statements it runs. */
export function startOffThreadReads(file: string): { db: Kysely<Database>; close: () => Promise<void> } {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, driver: createRequire(import.meta.url).resolve('better-sqlite3'), checkpointMs: 1000 },
  });
  const waiting = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
  let next = 0;
  worker.on('message', (reply: Reply) => {
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
  // The worker keeps the process alive only while a read is waiting for it: its checkpoint timer must
  // not hold a finished command open. After the listeners: adding a 'message' listener refs the port.
  worker.unref();

  const connection: DatabaseConnection = {
    executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      const id = (next += 1);
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve: (rows) => resolve({ rows: rows as R[] }), reject });
        worker.ref();
        worker.postMessage({ id, sql: query.sql, parameters: query.parameters });
      });
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
  return { db, close: () => db.destroy() };
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
