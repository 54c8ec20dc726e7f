import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { tempDirPerTest } from '../test/temp-dir';
import { createDatabase } from './database';

/**
 * The root of "the demo fails beside a starting server about 1 time in 8": a transaction that
 * reads and then writes while another process commits in between. Begun DEFERRED (Kysely's default), SQLite
 * cannot upgrade its read snapshot and answers "database is locked" at once; begun IMMEDIATE it holds the
 * write lock from the start and the other process waits its turn.
 */

const BETTER_SQLITE3 = createRequire(import.meta.url).resolve('better-sqlite3');

/** Another process inserting a row, waiting up to 10 s for the write lock; resolves with its exit code. */
function insertFromAnotherProcess(file: string): Promise<number | null> {
  const script = `
    const Database = require(${JSON.stringify(BETTER_SQLITE3)});
    const db = new Database(${JSON.stringify(file)});
    db.pragma('busy_timeout = 10000');
    db.prepare("insert into notes (text) values ('from the other process')").run();
    db.close();`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
    child.on('exit', resolve);
  });
}

describe('SQLite transactions beside another process', () => {
  const temp = tempDirPerTest('rtms-immediate-');

  it('reads, lets another process try to write, then writes and commits; the other process waits its turn', async () => {
    const file = path.join(temp.dir, 'shared.sqlite');
    const database = createDatabase(`sqlite:${file}`);
    try {
      await sql`create table notes (id integer primary key, text text not null)`.execute(database.db);
      await database.db.transaction().execute(async (trx) => {
        await sql`select count(*) from notes`.execute(trx);
        // The other process writes now (or, the lock being ours, waits); give it time to commit if it can.
        const other = insertFromAnotherProcess(file);
        await Promise.race([other, new Promise((resolve) => setTimeout(resolve, 1500))]);
        // Begun DEFERRED, this write failed: "database is locked" (the other process had committed).
        await sql`insert into notes (text) values ('from this process')`.execute(trx);
        // Commits, then the other process gets the lock.
        void other.then((code) => expect(code).toBe(0));
      });
      const other = await waitForRows(database.db, 2);
      expect(other).toEqual(['from the other process', 'from this process'].sort());
    } finally {
      await database.close();
    }
  }, 30_000);
});

async function waitForRows(db: ReturnType<typeof createDatabase>['db'], count: number): Promise<string[]> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const { rows } = await sql<{ text: string }>`select text from notes order by text`.execute(db);
    if (rows.length >= count) return rows.map((row) => row.text);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return [];
}
