import { sql, type Kysely, type Migration } from 'kysely';
import * as m from '../migration-helpers';

/**
 * A revision per facility that grows with every change to that facility's tasks, kept by triggers in
 * the transaction of the write, whatever code path writes (decision 026). Cached figures are then
 * recounted for the facilities that changed only, instead of the whole table after any write.
 *
 * PostgreSQL: statement-level triggers over the transition table, one upsert per statement grouped by
 * facility (a generation inserting 490,000 rows bumps 200 rows once). SQLite has row triggers only: an
 * update of one small row per written task; the row is created when the facility is.
 *
 * A requirement's lead time (which moves its tasks between UPCOMING and OPEN) and program area (a
 * list filter) are not columns of the tasks: their change bumps the facilities the requirement is bound
 * to. Completed tasks get a partial covering index by completion day for the dashboard's trend (its
 * first count reads index entries of the last twelve months, not the table).
 */
/** The writes to tasks that bump a revision, each with the row (or transition table) that names the facility. */
const TASK_EVENTS = [
  ['insert', 'new'],
  ['update', 'old'],
  ['delete', 'old'],
] as const;

export const migration0090TaskFacilityRevisions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('task_facility_revisions')
      .addColumn('facility_id', 'text', (col) => col.primaryKey())
      .addColumn('revision', 'integer', m.requiredDefault(0))
      .execute();
    await sql`insert into task_facility_revisions (facility_id, revision) select id, 0 from facilities`.execute(db);
    await sql`create index tasks_completed_on_idx on tasks (completed_on, facility_id, timeliness) where status = 'COMPLETED'`.execute(
      db,
    );
    const requirementBump = `update task_facility_revisions set revision = revision + 1 where facility_id in
      (select facility_id from requirement_facilities where requirement_id = new.id)`;
    if (m.isPostgres(db)) {
      await sql`create function bump_task_facility_revisions() returns trigger language plpgsql as $$
        begin
          insert into task_facility_revisions (facility_id, revision)
            select facility_id, 1 from changed_rows group by facility_id order by facility_id
            on conflict (facility_id) do update set revision = task_facility_revisions.revision + 1;
          return null;
        end $$`.execute(db);
      await sql`create function bump_requirement_facility_revisions() returns trigger language plpgsql as $$
        begin
          ${sql.raw(requirementBump)};
          return null;
        end $$`.execute(db);
      await sql`create trigger requirements_update_facility_revision after update of lead_time_days, program_area_id
        on requirements for each row when (old.lead_time_days is distinct from new.lead_time_days
          or old.program_area_id is distinct from new.program_area_id)
        execute function bump_requirement_facility_revisions()`.execute(db);
      for (const [event, table] of TASK_EVENTS) {
        await sql
          .raw(
            `create trigger tasks_${event}_facility_revision after ${event} on tasks
             referencing ${table} table as changed_rows for each statement
             execute function bump_task_facility_revisions()`,
          )
          .execute(db);
      }
      return;
    }
    await sql`create trigger requirements_update_facility_revision after update of lead_time_days, program_area_id
      on requirements when old.lead_time_days is not new.lead_time_days or old.program_area_id is not new.program_area_id
      begin ${sql.raw(requirementBump)}; end`.execute(db);
    await sql`create trigger facilities_insert_task_revision after insert on facilities begin
      insert or ignore into task_facility_revisions (facility_id, revision) values (new.id, 0);
    end`.execute(db);
    for (const [event, row] of TASK_EVENTS) {
      await sql
        .raw(
          `create trigger tasks_${event}_facility_revision after ${event} on tasks begin
             update task_facility_revisions set revision = revision + 1 where facility_id = ${row}.facility_id;
           end`,
        )
        .execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    const postgres = m.isPostgres(db);
    for (const [event] of TASK_EVENTS) {
      await sql.raw(`drop trigger tasks_${event}_facility_revision${postgres ? ' on tasks' : ''}`).execute(db);
    }
    await sql
      .raw(`drop trigger requirements_update_facility_revision${postgres ? ' on requirements' : ''}`)
      .execute(db);
    if (postgres) {
      await sql`drop function bump_task_facility_revisions()`.execute(db);
      await sql`drop function bump_requirement_facility_revisions()`.execute(db);
    } else {
      await sql`drop trigger facilities_insert_task_revision`.execute(db);
    }
    await sql`drop index tasks_completed_on_idx`.execute(db);
    await db.schema.dropTable('task_facility_revisions').execute();
  },
};
