import type { CompiledQuery, Dialect, Driver, Kysely } from 'kysely';
import type { Database } from './schema';
import { wrapConnections } from './wrapped-connections';

/**
 * How many statements that may write this database handle has started: a number that moves whenever this process
 * may have changed the data (a read whose result was noted beside it is still what the database holds, as far as
 * this process's own writes go). A request reads its session and the list revisions in one statement
 * (sessions.repository.ts) and keeps the revisions for its lists only while this number has not moved since: its
 * own writes, and any other request's, make the lists read them again (db/revisions.ts).
 *
 * Counted on Kysely's path, where every write goes (SQLite's direct reads are read-only by construction): any
 * statement but a SELECT — a query builder's select, or raw SQL that starts with `select` — and every transaction.
 * Counting a read as a write only costs a read again; the opposite cannot happen.
 */
export function withWriteEpoch(dialect: Dialect): { dialect: Dialect; epoch: () => number } {
  let epoch = 0;
  const bump = () => {
    epoch += 1;
  };
  return {
    epoch: () => epoch,
    dialect: {
      createAdapter: () => dialect.createAdapter(),
      createIntrospector: (db) => dialect.createIntrospector(db),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createDriver: () => countingDriver(dialect.createDriver(), bump),
    },
  };
}

const SELECT = /^\s*select\b/i;

/**
 * Whether `query` only reads: a query builder's SELECT, or raw SQL that starts with one (a query made by hand
 * without its operation tree counts as a write).
 */
function onlyReads(query: CompiledQuery): boolean {
  const kind = query.query?.kind;
  return kind === 'SelectQueryNode' || (kind === 'RawNode' && SELECT.test(query.sql));
}

function countingDriver(driver: Driver, bump: () => void): Driver {
  const begin = driver.beginTransaction.bind(driver);
  driver.beginTransaction = (connection, settings) => {
    bump();
    return begin(connection, settings);
  };
  return wrapConnections(driver, (connection) => ({
    executeQuery: (query) => {
      if (!onlyReads(query)) bump();
      return connection.executeQuery(query);
    },
    streamQuery: (query, chunkSize) => {
      if (!onlyReads(query)) bump();
      return connection.streamQuery(query, chunkSize);
    },
  }));
}

const epochs = new WeakMap<Kysely<Database>, () => number>();

/** Registers `epoch` as the write epoch of `db` (database.ts). */
export function registerWriteEpoch(db: Kysely<Database>, epoch: () => number): void {
  epochs.set(db, epoch);
}

/**
 * The write epoch of `db`; undefined for a handle without one (a transaction's, a handle made for one job), whose
 * noted reads are then never reused.
 */
export function writeEpochOf(db: Kysely<Database>): number | undefined {
  return epochs.get(db)?.();
}
