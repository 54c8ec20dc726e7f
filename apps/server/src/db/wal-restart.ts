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
 * transactions: nothing of this process is writing, and nothing else of it can until the connection is
 * released) waits for one more checkpoint on the worker, which then copies every frame (no transaction
 * is open on either connection) before the next write starts the WAL again. It used to run that
 * checkpoint on the main connection itself: short, but it syncs the database file, which blocked the
 * event loop for up to 100 ms under the mixed load. Waiting costs the requests queued behind the
 * connection a few milliseconds, and the loop nothing; it happens only while the WAL is long, that is
 * under a burst of writes.
 */
export function withWalRestart(dialect: Dialect, finishCheckpointIfLong: () => Promise<void>): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => {
      const driver = dialect.createDriver();
      const acquire = driver.acquireConnection.bind(driver);
      driver.acquireConnection = async () => {
        const connection = await acquire();
        try {
          await finishCheckpointIfLong();
        } catch {
          // The worker busy or stopped: the WAL restarts on a later try; the statement goes on.
        }
        return connection;
      };
      return driver;
    },
  };
}
