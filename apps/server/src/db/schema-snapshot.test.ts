import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDialect, type TestDatabaseHandle } from '../test/test-app';
import { migrateToLatest } from './migrate';

/**
 * The schema the migrations produce, dumped and normalised (white space folded, the test's own schema name
 * replaced), against a committed snapshot per dialect. A refactoring of the migrations must leave both
 * snapshots unchanged; a new migration updates them on purpose (`vitest -u`) and the diff shows what it adds.
 */
describe('the schema the migrations produce', () => {
  let database: TestDatabaseHandle;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rtms-schema-'));
  beforeAll(async () => {
    database = await openTestDatabase(dataDir);
    await migrateToLatest(database.db, database.dialect);
  });
  afterAll(async () => {
    await database.close();
    // The SQLite worker threads may still be removing their -wal and -shm files (test/temp-dir.ts): retried.
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  });

  it(`is the committed one (${testDialect()})`, async () => {
    const db = database.db as unknown as Kysely<unknown>;
    const dump = database.dialect === 'postgres' ? await postgresDump(db) : await sqliteDump(db);
    const data = await seededRows(db);
    await expect([...dump, ...data].join('\n') + '\n').toMatchFileSnapshot(
      `./__snapshots__/schema.${database.dialect}.txt`,
    );
  });
});

const fold = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();

/** Every object of sqlite_master with its full definition: columns, defaults, constraints, indexes, triggers. */
async function sqliteDump(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ type: string; name: string; tblName: string; sql: string | null }>`
    select type, name, tbl_name, sql from sqlite_master where name not like 'sqlite_%' order by type, name`.execute(db);
  return rows.map((row) => `${row.type} ${row.name} on ${row.tblName}: ${fold(row.sql)}`);
}

/** Columns, constraints, indexes, triggers and functions of the current schema, by name. */
async function postgresDump(db: Kysely<unknown>): Promise<string[]> {
  const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]!.schema;
  const lines = async (query: ReturnType<typeof sql<{ line: string }>>) =>
    (await query.execute(db)).rows.map((row) => fold(row.line).replaceAll(`${schema}.`, '<schema>.'));
  return [
    ...(await lines(sql<{ line: string }>`
      select 'column ' || table_name || '.' || column_name || ' #' || ordinal_position || ' ' || data_type
        || coalesce(' collate ' || collation_name, '') || ' nullable=' || is_nullable
        || coalesce(' default ' || column_default, '') as line
      from information_schema.columns where table_schema = ${schema} order by table_name, ordinal_position`)),
    ...(await lines(sql<{ line: string }>`
      select 'constraint ' || c.conrelid::regclass::text || ' ' || c.conname || ': ' || pg_get_constraintdef(c.oid)
        as line
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where n.nspname = ${schema} order by c.conrelid::regclass::text, c.conname`)),
    ...(await lines(sql<{ line: string }>`
      select 'index ' || indexname || ': ' || indexdef as line
      from pg_indexes where schemaname = ${schema} order by indexname`)),
    ...(await lines(sql<{ line: string }>`
      select 'trigger ' || t.tgname || ': ' || pg_get_triggerdef(t.oid) as line
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schema} and not t.tgisinternal order by t.tgname`)),
    ...(await lines(sql<{ line: string }>`
      select 'function ' || p.proname || ': ' || pg_get_functiondef(p.oid) as line
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = ${schema} order by p.proname`)),
  ];
}

/** The rows migrations write (not the random secret's value), and the migrations' names in order. */
async function seededRows(db: Kysely<unknown>): Promise<string[]> {
  const { rows: policies } = await sql<Record<string, unknown>>`
    select * from reminder_policies order by frequency`.execute(db);
  const { rows: revisions } = await sql<Record<string, unknown>>`
    select 'tasks' as name, id, revision from tasks_revision
    union all select 'documents' as name, id, revision from documents_revision order by name`.execute(db);
  const { rows: secrets } = await sql<{ name: string }>`select name from app_secrets order by name`.execute(db);
  const { rows: migrations } = await sql<{ name: string }>`
    select name from kysely_migration order by name`.execute(db);
  return [
    ...policies.map((row) => `reminder_policy ${JSON.stringify(row)}`),
    ...revisions.map((row) => `revision ${JSON.stringify(row)}`),
    ...secrets.map((row) => `app_secret ${row.name}`),
    ...migrations.map((row) => `migration ${row.name}`),
  ];
}
