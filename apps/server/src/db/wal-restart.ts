import type { Dialect } from 'kysely';

/**
 * Keeps the WAL of a SQLite file database bounded (decision 028).
 *
 * SQLite reuses the WAL from its start only when a write begins while every frame in it has been
 * checkpointed. Since the main connection leaves checkpoints to the worker (off-thread-reads.ts), a
 * writer that commits transaction after transaction (the reminder sweep, task generation) always starts
 * its next one before the worker's passive checkpoint has caught up: the WAL then never restarts and
 * grows with everything written (311 MB in one reminder sweep over 500,000 tasks), and each checkpoint
 * copies and syncs more.
 *
 * So when the worker reports a long WAL, the next acquisition of the main connection (between two
 * transactions: nothing of this process is writing) runs one passive checkpoint itself. The worker has
 * already copied all but the frames of its last quarter of a second, so this one copies only those,
 * and completes: the next write starts the WAL again. It runs synchronously, never waits for the
 * worker, and only while the WAL is long, that is under a burst of writes.
 */
export function withWalRestart(dialect: Dialect, finishCheckpointIfLong: () => void): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => {
      const driver = dialect.createDriver();
      const acquire = driver.acquireConnection.bind(driver);
      driver.acquireConnection = async () => {
        const connection = await acquire();
        finishCheckpointIfLong();
        return connection;
      };
      return driver;
    },
  };
}
