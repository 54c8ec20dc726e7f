import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { tempDirPerTest } from '../test/temp-dir';
import { createDatabase } from './database';
import { heavyReads, startOffThreadReads } from './off-thread-reads';

const MB = 1024 * 1024;

describe('heavy reads and checkpoints off the main thread (SQLite files)', () => {
  const temp = tempDirPerTest('rtms-off-thread-');

  it('reads every commit made before the statement, with camel-cased columns, and refuses transactions', async () => {
    const { db, close } = createDatabase(`sqlite:${path.join(temp.dir, 'data.sqlite')}`);
    try {
      const reader = heavyReads(db);
      expect(reader).not.toBe(db);
      await sql`create table facilities (id text primary key, time_zone text not null)`.execute(db);
      await sql`insert into facilities values ('a', 'UTC'), ('b', 'Asia/Tokyo')`.execute(db);
      const rows = await reader.selectFrom('facilities').select(['id', 'timeZone']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: 'a', timeZone: 'UTC' },
        { id: 'b', timeZone: 'Asia/Tokyo' },
      ]);
      await sql`delete from facilities where id = 'a'`.execute(db);
      expect(await reader.selectFrom('facilities').select('id').execute()).toEqual([{ id: 'b' }]);
      await expect(
        reader
          .selectFrom('nowhere' as 'facilities')
          .selectAll()
          .execute(),
      ).rejects.toThrow(/nowhere/);
      await expect(reader.transaction().execute(async () => undefined)).rejects.toThrow(/read-only/);
      // The main connection leaves checkpoints to the worker.
      const { rows: setting } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
      expect(setting).toEqual([{ walAutocheckpoint: 0 }]);
    } finally {
      await close();
    }
  });

  // The worker is unref'd while idle: a process whose only wait was its exit ended there, its closing unfinished
  // (the benchmark stopped silently after its sweep; a server's last checkpoint was cut).
  it('finishes closing in a process that has nothing else to wait for', () => {
    const script = path.join(temp.dir, 'close.mjs');
    fs.writeFileSync(
      script,
      `const { createDatabase } = await import(process.argv[2]);
      const { heavyReads } = await import(process.argv[3]);
      const { db, close } = createDatabase('sqlite:' + process.argv[4]);
      await db.schema.createTable('facilities').addColumn('id', 'text', (column) => column.primaryKey()).execute();
      await db.insertInto('facilities').values({ id: 'a' }).execute();
      await heavyReads(db).selectFrom('facilities').selectAll().execute();
      await close();
      console.log('closed');`,
    );
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        script,
        path.join(import.meta.dirname, 'database.ts'),
        path.join(import.meta.dirname, 'off-thread-reads.ts'),
        path.join(temp.dir, 'data.sqlite'),
      ],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(child.stdout.trim(), child.stderr).toBe('closed');
    expect(child.status).toBe(0);
  });

  // A scope's facility ids are an IN list, so each user's statement text differs: the worker kept every
  // text it ever prepared.
  it('keeps at most its bound of prepared statements, the most recently used', async () => {
    const file = path.join(temp.dir, 'data.sqlite');
    const { db, close } = createDatabase(`sqlite:${file}`);
    const reads = startOffThreadReads(file, 3);
    try {
      await sql`create table facilities (id text primary key)`.execute(db);
      await sql`insert into facilities values ('a'), ('b'), ('c'), ('d')`.execute(db);
      const ids = ['a', 'b', 'c', 'd'];
      for (let count = 1; count <= ids.length; count += 1) {
        const rows = await reads.db
          .selectFrom('facilities')
          .select('id')
          .where('id', 'in', ids.slice(0, count))
          .execute();
        expect(rows).toHaveLength(count);
      }
      expect(await reads.preparedStatements()).toBe(3);
    } finally {
      await reads.close();
      await close();
    }
  });

  // The reminder sweep's pattern: one write transaction after another, the event loop given back
  // between them. The worker's passive checkpoints alone never catch up with such a writer, so the
  // WAL was never reused from its start and grew with everything written (decision 028).
  it('stays bounded: reused from its start instead of growing with everything written', async () => {
    const file = path.join(temp.dir, 'data.sqlite');
    const { db, close } = createDatabase(`sqlite:${file}`);
    try {
      await sql`create table payloads (id integer primary key, body blob not null)`.execute(db);
      const written = 96 * MB;
      const perTransaction = 256 * 1024;
      let largestWal = 0;
      for (let done = 0; done < written; done += perTransaction) {
        await db.transaction().execute(async (trx) => {
          await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 64)
            insert into payloads (body) select randomblob(4000) from n`.execute(trx);
        });
        largestWal = Math.max(largestWal, fs.statSync(`${file}-wal`).size);
        await sleep(2);
      }
      // Bounded by what is written between two of the worker's checkpoints (a quarter of a second: about
      // 20 MB at this test's 70 MB/s on an idle machine), not by everything written (96 MB without it).
      expect(largestWal).toBeLessThan(written / 2);
    } finally {
      await close();
    }
  }, 120_000);

  it('is the database itself in memory', async () => {
    const { db, close } = createDatabase('sqlite::memory:');
    try {
      expect(heavyReads(db)).toBe(db);
    } finally {
      await close();
    }
  });
});
