import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDialect, type TestDatabaseHandle } from '../test/test-app';
import { migrateToLatest } from './migrate';
import { findListRevisions, type NotedRevisions } from './revisions';
import { writeEpochOf } from './write-epoch';

describe(`the write epoch on ${testDialect()}`, () => {
  let database: TestDatabaseHandle;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rtms-write-epoch-'));

  beforeAll(async () => {
    database = await openTestDatabase(dataDir);
    await migrateToLatest(database.db, database.dialect);
  });
  afterAll(async () => {
    await database.close();
    // The SQLite worker threads may still be removing their -wal and -shm files (test/temp-dir.ts): retried.
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  });

  const epoch = () => writeEpochOf(database.db)!;

  it('stays for reads and moves for every write and transaction', async () => {
    const start = epoch();
    await database.db.selectFrom('tasks_revision').select('revision').execute();
    await sql`select revision from labels_revision`.execute(database.db);
    expect(epoch()).toBe(start);

    await database.db.updateTable('labels_revision').set({ revision: 7 }).where('id', '=', 1).execute();
    expect(epoch()).toBeGreaterThan(start);
    const afterUpdate = epoch();
    await sql`update labels_revision set revision = revision + 1`.execute(database.db);
    expect(epoch()).toBeGreaterThan(afterUpdate);
    const afterRaw = epoch();
    // A transaction that only reads still counts: counting a read costs a read again, never a stale answer.
    await database.db.transaction().execute((trx) => trx.selectFrom('tasks_revision').select('revision').execute());
    expect(epoch()).toBeGreaterThan(afterRaw);
  });

  it('gives every connection back: more transactions than the pool has connections all finish', async () => {
    const done = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        database.db.transaction().execute(async (trx) => {
          await trx.updateTable('documents_revision').set({ revision: i }).where('id', '=', 1).execute();
          return i;
        }),
      ),
    );
    expect(done).toHaveLength(30);
  });

  it('lets a list use the revisions read beside its session until something is written', async () => {
    const read = await findListRevisions(database.db);
    const noted: NotedRevisions = { revisions: { ...read, tasks: -1 }, epoch: epoch() };
    // Nothing written since: the noted revisions (marked -1 here, to tell them from a read).
    expect((await findListRevisions(database.db, noted)).tasks).toBe(-1);

    await database.db.updateTable('tasks_revision').set({ revision: 41 }).where('id', '=', 1).execute();
    expect(await findListRevisions(database.db, noted)).toEqual({ ...read, tasks: 41 });
    // Without an epoch (a handle that counts none) the revisions are always read.
    expect((await findListRevisions(database.db, { ...noted, epoch: undefined })).tasks).toBe(41);
  });
});
