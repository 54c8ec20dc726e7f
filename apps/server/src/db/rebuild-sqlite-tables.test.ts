import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDialect, type TestDatabaseHandle } from '../test/test-app';
import { rebuildSqliteTables } from './migration-helpers';

/**
 * A SQLite table rebuild (migration 0260) keeps every row of the rebuilt tables and their children, with foreign
 * keys on and inside one transaction as a migration runs: nothing is deleted by a cascade, the references point at
 * the new tables, and the indexes are there again.
 */
describe.runIf(testDialect() === 'sqlite')('rebuilding SQLite tables', () => {
  let database: TestDatabaseHandle;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rtms-rebuild-'));
  beforeAll(async () => {
    database = await openTestDatabase(dataDir);
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the rows, re-points the references and makes the indexes again', async () => {
    const db = database.db as unknown as Kysely<unknown>;
    for (const statement of [
      'create table owners (id text primary key)',
      'create table parents (id text primary key, owner_id text not null references owners (id), note text)',
      'create table children (id text primary key, parent_id text not null references parents (id) on delete cascade)',
      'create table grandchildren (id text primary key, child_id text references children (id) on delete cascade)',
      'create index children_parent_idx on children (parent_id)',
      "insert into owners values ('o1')",
      "insert into parents values ('p1', 'o1', 'kept'), ('p2', 'o1', null)",
      "insert into children values ('c1', 'p1'), ('c2', 'p2')",
      "insert into grandchildren values ('g1', 'c1'), ('g2', null)",
    ]) {
      await sql.raw(statement).execute(db);
    }
    await db.transaction().execute(async (trx) => {
      await rebuildSqliteTables(trx, [
        // owner_id no longer required, and a new column.
        { name: 'parents', change: (text) => text.replace('owner_id text not null', 'owner_id text, extra text') },
        { name: 'children' },
        { name: 'grandchildren' },
      ]);
    });
    const rows = async (table: string) => (await sql.raw(`select * from ${table} order by id`).execute(db)).rows;
    expect(await rows('parents')).toEqual([
      { id: 'p1', ownerId: 'o1', note: 'kept', extra: null },
      { id: 'p2', ownerId: 'o1', note: null, extra: null },
    ]);
    expect(await rows('children')).toEqual([
      { id: 'c1', parentId: 'p1' },
      { id: 'c2', parentId: 'p2' },
    ]);
    expect(await rows('grandchildren')).toEqual([
      { id: 'g1', childId: 'c1' },
      { id: 'g2', childId: null },
    ]);
    const objects = (await sql<{ name: string; sql: string }>`select name, sql from sqlite_master`.execute(db)).rows;
    expect(objects.some((row) => row.name.endsWith('_old'))).toBe(false);
    expect(objects.find((row) => row.name === 'children')!.sql).toContain('references parents (id)');
    expect(objects.find((row) => row.name === 'children_parent_idx')).toBeDefined();
    expect((await sql`pragma foreign_key_check`.execute(db)).rows).toEqual([]);
    await sql.raw("insert into parents (id) values ('p3')").execute(db);
    // The cascades work on the new tables.
    await sql.raw("delete from parents where id = 'p1'").execute(db);
    expect((await rows('grandchildren')).map((row) => (row as { id: string }).id)).toEqual(['g2']);
  });
});
