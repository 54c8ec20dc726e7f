import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app';
import { refreshPlannerStatistics } from './task-generation.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const GENERATION_TABLES = ['facilities', 'requirement_facilities', 'requirements', 'tasks'];

describe('planner statistics after a large generation', () => {
  it('are taken for every table the generation reads or writes (PostgreSQL), and nothing fails on SQLite', async () => {
    const { db } = t.database;
    await refreshPlannerStatistics(db);
    if (testDialect() === 'postgres') {
      // pg_stat_user_tables.last_analyze is set by an explicit ANALYZE (autovacuum sets last_autoanalyze).
      const { rows } = await sql<{ relname: string; analyzed: boolean }>`
        select relname, last_analyze is not null as analyzed from pg_stat_user_tables
        where schemaname = current_schema() and relname in (${sql.join(GENERATION_TABLES)})
        order by relname`.execute(db);
      expect(rows).toEqual(GENERATION_TABLES.map((relname) => ({ relname, analyzed: true })));
    } else {
      const { rows } = await sql<{ name: string }>`select name from sqlite_master where name = 'sqlite_stat1'`.execute(
        db,
      );
      expect(rows).toEqual([]);
    }
  });
});
