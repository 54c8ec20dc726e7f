import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct statements kept prepared per connection (the main one, and the off-thread reader's). */
export const STATEMENTS_KEPT = 500;

/**
 * Kysely's SQLite driver prepares every statement on every execution; preparing costs more than running
 * a short indexed query (a page of the Tasks Tracker: 0.1 ms to prepare, 0.1 ms to run). This wrapper
 * keeps the most recently used prepared statements by SQL text (least recently used dropped first).
 * better-sqlite3 runs one statement at a time on a connection and SQLite re-prepares a statement the
 * schema changed under, so reuse is safe; streaming (which keeps a statement busy) is not used.
 */
export function withStatementCache(db: SqliteDatabase.Database, size = STATEMENTS_KEPT): KyselySqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => {
      cache.clear();
      db.close();
    },
    prepare(sql: string): SqliteStatement {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        statement = db.prepare(sql) as unknown as SqliteStatement;
        if (cache.size >= size) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}
