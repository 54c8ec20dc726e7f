import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

/**
 * One row (id 1) whose revision grows with every change to the search texts of requirements and
 * facilities, kept by triggers in the transaction of the write (whatever code path writes, as the task
 * revisions of migration 0090). A task search resolves its words to requirement and facility ids; the
 * resolution is cached while this revision holds, instead of scanning both tables with LIKE on every
 * request (decision 028).
 */
const TABLES = ['requirements', 'facilities'] as const;
const EVENTS = [
  ['insert', 'insert'],
  ['update', 'update of search_text'],
  ['delete', 'delete'],
] as const;

export const migration0140SearchTextsRevision: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('search_texts_revision')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('revision', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await sql`insert into search_texts_revision (id, revision) values (1, 0)`.execute(db);
    const bump = 'update search_texts_revision set revision = revision + 1 where id = 1';
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    if (postgres) {
      await sql`create function bump_search_texts_revision() returns trigger language plpgsql as $$
        begin
          ${sql.raw(bump)};
          return null;
        end $$`.execute(db);
    }
    for (const table of TABLES) {
      for (const [name, event] of EVENTS) {
        const trigger = `${table}_${name}_search_texts_revision`;
        await sql
          .raw(
            postgres
              ? `create trigger ${trigger} after ${event} on ${table} for each statement execute function bump_search_texts_revision()`
              : `create trigger ${trigger} after ${event} on ${table} begin ${bump}; end`,
          )
          .execute(db);
      }
    }
  },
  async down(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    for (const table of TABLES) {
      for (const [name] of EVENTS) {
        await sql
          .raw(`drop trigger ${table}_${name}_search_texts_revision${postgres ? ` on ${table}` : ''}`)
          .execute(db);
      }
    }
    if (postgres) await sql`drop function bump_search_texts_revision()`.execute(db);
    await db.schema.dropTable('search_texts_revision').execute();
  },
};
