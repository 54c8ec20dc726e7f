import { sql, type Kysely, type Migration } from 'kysely';
import * as m from '../migration-helpers';

/**
 * One row (id 1) whose revision grows with every change to the records that label the lists' rows: a
 * task row names its facility, requirement and people; a requirement row its regulation, program area,
 * assignee and bound facilities; a facility row its program areas. Kept by triggers in the transaction of the write, whatever code path
 * writes (as migrations 0090 and 0140), so that a list's whole answer can be kept while this revision and
 * the list's own hold (platform/answer-cache.ts, decision 034) and no rename is ever served stale.
 * PostgreSQL bumps once per statement; SQLite has row triggers only (one small update per written row).
 */
const TABLES = [
  'facilities',
  'facility_program_areas',
  'requirements',
  'requirement_facilities',
  'users',
  'regulations',
  'program_areas',
];
const EVENTS = ['insert', 'update', 'delete'] as const;
const BUMP = 'update labels_revision set revision = revision + 1 where id = 1';

export const migration0170LabelsRevision: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('labels_revision')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('revision', 'integer', m.requiredDefault(0))
      .execute();
    await sql`insert into labels_revision (id, revision) values (1, 0)`.execute(db);
    const postgres = m.isPostgres(db);
    if (postgres) {
      await sql`create function bump_labels_revision() returns trigger language plpgsql as $$
        begin
          ${sql.raw(BUMP)};
          return null;
        end $$`.execute(db);
    }
    for (const table of TABLES) {
      for (const event of EVENTS) {
        const trigger = `${table}_${event}_labels_revision`;
        await sql
          .raw(
            postgres
              ? `create trigger ${trigger} after ${event} on ${table} for each statement execute function bump_labels_revision()`
              : `create trigger ${trigger} after ${event} on ${table} begin ${BUMP}; end`,
          )
          .execute(db);
      }
    }
  },
  async down(db: Kysely<unknown>) {
    const postgres = m.isPostgres(db);
    for (const table of TABLES) {
      for (const event of EVENTS) {
        await sql.raw(`drop trigger ${table}_${event}_labels_revision${postgres ? ` on ${table}` : ''}`).execute(db);
      }
    }
    if (postgres) await sql`drop function bump_labels_revision()`.execute(db);
    await db.schema.dropTable('labels_revision').execute();
  },
};
