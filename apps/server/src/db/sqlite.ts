import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';

/**
 * Opens a SQLite database with the durability settings the product promises:
 * WAL journal, synchronous=FULL (better-sqlite3 would reopen an existing WAL database at NORMAL),
 * foreign keys on. Each setting is read back and asserted, on every open.
 */
export function openSqlite(file: string): SqliteDatabase.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // Up to 256 MB of page cache (allocated as used): a database of half a million tasks keeps its hot
  // indexes in memory, and bulk task generation does not thrash the cache on every index insert.
  db.pragma('cache_size = -262144');
  assertDurability(db, file);
  return db;
}

function assertDurability(db: SqliteDatabase.Database, file: string): void {
  const synchronous = db.pragma('synchronous', { simple: true });
  const foreignKeys = db.pragma('foreign_keys', { simple: true });
  const journal = db.pragma('journal_mode', { simple: true });
  // synchronous: 2 = FULL. In-memory databases report "memory" as their journal mode.
  if (synchronous !== 2 || foreignKeys !== 1 || (file !== ':memory:' && journal !== 'wal')) {
    db.close();
    throw new Error(
      `SQLite durability settings not in force (synchronous=${String(synchronous)}, foreign_keys=${String(foreignKeys)}, journal_mode=${String(journal)})`,
    );
  }
}
