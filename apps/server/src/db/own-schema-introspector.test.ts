import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDialect, type TestDatabaseHandle } from '../test/test-app';

// PostgreSQL only (it runs in the PostgreSQL project): SQLite has one schema per file.
describe.runIf(testDialect() === 'postgres')('introspection on a PostgreSQL database shared with other schemas', () => {
  let database: TestDatabaseHandle;
  let admin: pg.Client;
  const neighbour = `n_${randomBytes(6).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rtms-introspection-'));
  beforeAll(async () => {
    database = await openTestDatabase(dataDir);
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create schema ${neighbour}`);
    await admin.query(`create table ${neighbour}.kysely_migration (name text primary key, timestamp text)`);
    await admin.query(`create table ${neighbour}.gadgets (id text primary key)`);
  });
  afterAll(async () => {
    await admin.query(`drop schema if exists ${neighbour} cascade`);
    await admin.end();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads the app’s own schema only, with its columns', async () => {
    await sql`create table widgets (id text primary key, label text, created_at text not null default '')`.execute(
      database.db,
    );
    const tables = await database.db.introspection.getTables({ withInternalKyselyTables: true });
    expect(tables.map((table) => table.name)).toEqual(['widgets']);
    const [widgets] = tables;
    expect(widgets!.schema).not.toBe(neighbour);
    expect(
      widgets!.columns.map(({ name, isNullable, hasDefaultValue }) => ({ name, isNullable, hasDefaultValue })),
    ).toEqual([
      { name: 'id', isNullable: false, hasDefaultValue: false },
      { name: 'label', isNullable: true, hasDefaultValue: false },
      { name: 'created_at', isNullable: false, hasDefaultValue: true },
    ]);
  });

  it('is not troubled by another schema dropped while it reads (a neighbour’s start or cleanup)', async () => {
    const others = Array.from({ length: 40 }, () => `d_${randomBytes(6).toString('hex')}`);
    for (const name of others) await admin.query(`create schema ${name}; create table ${name}.t (id int)`);
    const dropping = (async () => {
      for (const name of others) await admin.query(`drop schema ${name} cascade`);
    })();
    const reads = Array.from({ length: 40 }, () => database.db.introspection.getTables());
    await expect(Promise.all([dropping, ...reads])).resolves.toBeDefined();
  });
});
