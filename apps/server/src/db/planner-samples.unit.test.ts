import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from './database';
import { dropPlannerSamples } from './planner-samples';

describe('dropPlannerSamples (decision 035)', () => {
  let handle: DatabaseHandle;
  const count = async (table: 'sqlite_stat1' | 'sqlite_stat4') =>
    Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(handle.db)).rows[0]?.n);

  beforeEach(async () => {
    handle = createDatabase('sqlite::memory:');
    await sql`create table sessions (id text primary key, token_hash text not null unique)`.execute(handle.db);
    await sql`with recursive n(v) as (select 1 union all select v + 1 from n where v < 200)
      insert into sessions select 's' || v, 'h' || v from n`.execute(handle.db);
  });
  afterEach(() => handle.close());

  it('drops the samples an ANALYZE made and keeps the summary', async () => {
    await sql`analyze`.execute(handle.db);
    expect(await count('sqlite_stat4')).toBeGreaterThan(0);
    const summary = await count('sqlite_stat1');
    expect(summary).toBeGreaterThan(0);
    await dropPlannerSamples(handle.db);
    expect(await count('sqlite_stat4')).toBe(0);
    expect(await count('sqlite_stat1')).toBe(summary);
  });

  it('does nothing on a database never analyzed', async () => {
    await dropPlannerSamples(handle.db);
    const tables = await sql<{ name: string }>`select name from sqlite_schema where name like 'sqlite_stat%'`.execute(
      handle.db,
    );
    expect(tables.rows).toEqual([]);
  });
});
