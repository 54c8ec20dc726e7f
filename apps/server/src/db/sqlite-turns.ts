import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Dialect, Driver } from 'kysely';
import { wrapConnections } from './wrapped-connections';

/**
 * The longest run of the main connection's statements within one turn of the event loop, in ms. A statement
 * started after it waits for the next turn; the loop is then held at most this long plus one statement.
 */
export const TURN_BUDGET_MS = 10;

/**
 * Gives the event loop back between statements of SQLite's main connection once a turn has run them for
 * TURN_BUDGET_MS. better-sqlite3 runs each statement synchronously and Kysely answers it in a microtask, so a
 * transaction of many statements — a requirement edit rewriting its tasks, a holiday moving a facility's dates, a
 * hand-over — held the loop, and every other request of the process, for its whole length (108 ms in the
 * benchmark's mixed load). Yielding inside a transaction is safe: Kysely holds the connection across the
 * transaction's awaits, and the direct reads step aside while a transaction is open (direct-reads.ts).
 *
 * "This turn" is tracked with one setImmediate per turn that runs statements, which clears the mark: cheap enough
 * for every request.
 */
export function withTurnsGivenBack(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => turnGivingDriver(dialect.createDriver()),
  };
}

let turnStartedAt: number | null = null;
const endTurn = () => {
  turnStartedAt = null;
};

/** Marks the start of this turn's statements (once per turn; the next turn clears the mark). */
function markTurn(): void {
  if (turnStartedAt === null) {
    turnStartedAt = performance.now();
    setImmediate(endTurn);
  }
}

/**
 * Runs `statement` now, or in the next turn of the event loop when this one has run statements for longer than
 * its budget. Synchronous on the usual path, so that a CPU profile keeps the statement's callers.
 */
function inTurnBudget<T>(statement: () => Promise<T>): Promise<T> {
  if (turnStartedAt !== null && performance.now() - turnStartedAt >= TURN_BUDGET_MS) {
    return nextTurn().then(() => {
      markTurn();
      return statement();
    });
  }
  markTurn();
  return statement();
}

function turnGivingDriver(driver: Driver): Driver {
  return wrapConnections(driver, (connection) => ({
    executeQuery: (query) => inTurnBudget(() => connection.executeQuery(query)),
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  }));
}
