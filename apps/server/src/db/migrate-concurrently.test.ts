import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testDialect } from '../test/test-app';
import { createDatabase } from './database';
import { migrateToLatest } from './migrate';

/**
 * Decision 038: instances that start at once on an empty PostgreSQL database all migrate it safely. Kysely's
 * migrator takes a session-level advisory lock around the pending migrations, so one instance migrates and the
 * others find nothing left to do.
 */
describe.runIf(testDialect() === 'postgres')('migrations started by several instances at once', () => {
  it('bring the schema up to date once, and every instance starts', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const handles = [1, 2, 3].map(() => createDatabase(url, { schema }));
    try {
      await Promise.all(handles.map((handle) => migrateToLatest(handle.db, handle.dialect)));
      const applied = await admin.query(`select name from ${schema}.kysely_migration order by name`);
      const names = applied.rows.map((row: { name: string }) => row.name);
      expect(new Set(names).size).toBe(names.length);
      expect(names.length).toBeGreaterThan(10);
    } finally {
      for (const handle of handles) await handle.close();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
  });
});
