import { CompiledQuery, SqliteAdapter, type Dialect } from 'kysely';

/**
 * Makes a SQLite dialect safe beside another process writing the same file (the server and `npm run demo`,
 * a scheduled `npm run job`, a second instance):
 *
 * - Every transaction begins IMMEDIATE, taking the write lock first. Kysely begins them DEFERRED: such a
 *   transaction reads (the audit chain's last event, a natural key) and then writes, and when another
 *   process committed in between, SQLite cannot upgrade its read snapshot and answers "database is
 *   locked" at once, without waiting (busy_timeout applies only to taking a lock, not to a stale
 *   snapshot). The demo failed so beside a starting server. An IMMEDIATE transaction waits its turn.
 * - Migrations run in one such transaction (SQLite's DDL is transactional): Kysely's SQLite adapter takes
 *   no migration lock, so two processes starting on a new database both ran the first migration, and one
 *   failed. Now the second waits, then finds nothing pending.
 *
 * One process already runs one statement at a time on its single connection, so this changes nothing
 * within a process; it only orders writers across processes.
 */
export function withImmediateTransactions(dialect: Dialect): Dialect {
  return {
    createAdapter: () => new TransactionalDdlSqliteAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => {
      const driver = dialect.createDriver();
      driver.beginTransaction = async (connection) => {
        await connection.executeQuery(CompiledQuery.raw('begin immediate'));
      };
      return driver;
    },
  };
}

/** SQLite's adapter, saying what SQLite does: DDL inside a transaction (so Kysely migrates in one). */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}
