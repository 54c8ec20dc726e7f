import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDialect, type TestDatabaseHandle } from '../test/test-app';
import { createDatabase } from './database';

// PostgreSQL only: SQLite has no named prepared statements on the server (it runs in the PostgreSQL project).
describe.runIf(testDialect() === 'postgres')('prepared statements on a real PostgreSQL', () => {
  let database: TestDatabaseHandle;
  let other: ReturnType<TestDatabaseHandle['reopen']>;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rtms-prepared-'));
  beforeAll(async () => {
    database = await openTestDatabase(dataDir);
    other = database.reopen();
    await sql`create table gadgets (id text primary key, name text not null)`.execute(database.db);
    await sql`insert into gadgets values ('a', 'Anemometer')`.execute(database.db);
  });
  afterAll(async () => {
    await other.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const read = () =>
    (database.db as unknown as Kysely<{ gadgets: { id: string; name: string } }>)
      .selectFrom('gadgets')
      .selectAll()
      .where('id', '=', 'a')
      .executeTakeFirstOrThrow();

  it('keeps working when another instance changes the table under a kept statement', async () => {
    for (let run = 0; run < 6; run += 1) expect(await read()).toEqual({ id: 'a', name: 'Anemometer' });
    const kept = await sql<{ count: number }>`select count(*)::int as count from pg_prepared_statements`.execute(
      database.db,
    );
    expect(kept.rows[0]!.count).toBeGreaterThan(0);
    await sql`alter table gadgets add column serial_number text`.execute(other.db);
    expect(await read()).toEqual({ id: 'a', name: 'Anemometer', serialNumber: null });
  });

  it('prepares nothing on the server with DATABASE_PREPARED_STATEMENTS=false (PgBouncer in transaction mode)', async () => {
    const plain = createDatabase(database.location.url, {
      schema: database.location.schema,
      preparedStatements: false,
    });
    try {
      const gadgets = plain.db as unknown as Kysely<{ gadgets: { id: string; name: string } }>;
      for (let run = 0; run < 3; run += 1) {
        expect(await gadgets.selectFrom('gadgets').select('name').where('id', '=', 'a').executeTakeFirst()).toEqual({
          name: 'Anemometer',
        });
      }
      const kept = await sql<{ count: number }>`select count(*)::int as count from pg_prepared_statements`.execute(
        plain.db,
      );
      expect(kept.rows[0]!.count).toBe(0);
    } finally {
      await plain.close();
    }
  });
});
