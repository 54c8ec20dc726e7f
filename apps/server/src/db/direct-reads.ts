import type SqliteDatabase from 'better-sqlite3';
import { CamelCasePlugin, CompiledQuery, type Kysely, type LogEvent } from 'kysely';
import type { Database } from './schema';

/**
 * The hottest reads (a request's session, the list revisions: db/compiled-once.ts) straight on SQLite's
 * main connection, without Kysely's executor. Kysely's path — the connection mutex,
 * its promises, the plugin's renaming of every column of every row — cost half as much again as the two
 * statements themselves (0.012 against 0.008 ms per request, measured in one loop).
 *
 * It is safe only outside a transaction: Kysely's SQLite driver runs every statement of a transaction on
 * this one connection and holds it across the transaction's awaits, so a read between two of them would
 * see its uncommitted writes. better-sqlite3 knows (`inTransaction`); then the read goes Kysely's way and
 * waits its turn. Outside a transaction no statement of the connection is open (nothing streams), and
 * the read is synchronous, so it cannot interleave with anything.
 *
 * Each statement is prepared once here (apart from Kysely's statement cache, because it is switched to
 * rows as arrays) and its columns named once, by the database's own CamelCasePlugin.
 */
export interface DirectReads {
  /** The rows, or undefined when the read must go through Kysely (in a transaction, or not a read). */
  all<Row>(sql: string, parameters: readonly unknown[]): Row[] | undefined;
}

/** The database's CamelCasePlugin, which also names the columns of the direct reads (one naming for both paths). */
export class ColumnNaming extends CamelCasePlugin {
  keyOf(column: string): string {
    return this.camelCase(column);
  }
}

interface Prepared {
  statement: SqliteDatabase.Statement<unknown[], unknown[]>;
  keys: string[];
}

export function createDirectReads(
  sqlite: SqliteDatabase.Database,
  naming: ColumnNaming,
  log?: (event: LogEvent) => void,
): DirectReads {
  const prepared = new Map<string, Prepared | null>();
  const prepare = (sql: string): Prepared | null => {
    const statement = sqlite.prepare<unknown[], unknown[]>(sql);
    // A read only: a write (even one that returns rows) goes Kysely's way, under its connection mutex.
    if (!statement.reader || !statement.readonly) return null;
    statement.raw(true);
    return { statement, keys: statement.columns().map((column) => naming.keyOf(column.name)) };
  };
  return {
    all<Row>(sql: string, parameters: readonly unknown[]): Row[] | undefined {
      if (sqlite.inTransaction) return undefined;
      let entry = prepared.get(sql);
      if (entry === undefined) prepared.set(sql, (entry = prepare(sql)));
      if (!entry) return undefined;
      const started = log ? performance.now() : 0;
      const logged = (level: 'query' | 'error', error?: unknown) =>
        log?.({
          level,
          error,
          query: CompiledQuery.raw(sql, [...parameters]),
          queryDurationMillis: performance.now() - started,
        });
      const { statement, keys } = entry;
      let values: unknown[][];
      try {
        values = statement.all(...parameters);
      } catch (error) {
        logged('error', error);
        throw error;
      }
      logged('query');
      return values.map((row) => {
        const named: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i += 1) named[keys[i]!] = row[i];
        return named as Row;
      });
    },
  };
}

const registered = new WeakMap<Kysely<Database>, DirectReads>();

/** Registers the direct reads of `db` (database.ts, when it opens a SQLite database). */
export function registerDirectReads(db: Kysely<Database>, reads: DirectReads): void {
  registered.set(db, reads);
}

/** The direct reads of `db`: none on PostgreSQL, nor for a transaction (its own Kysely instance). */
export function directReadsOf(db: Kysely<Database>): DirectReads | undefined {
  return registered.get(db);
}
