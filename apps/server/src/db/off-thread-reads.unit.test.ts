import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase } from './database';
import { heavyReads } from './off-thread-reads';

describe('heavy reads off the main thread (SQLite files)', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rtms-off-thread-'));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads every commit made before the statement, with camel-cased columns, and refuses transactions', async () => {
    const { db, close } = createDatabase(`sqlite:${path.join(dir, 'data.sqlite')}`);
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

  it('is the database itself in memory', async () => {
    const { db, close } = createDatabase('sqlite::memory:');
    try {
      expect(heavyReads(db)).toBe(db);
    } finally {
      await close();
    }
  });
});
