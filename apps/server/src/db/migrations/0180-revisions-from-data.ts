import { sql, type Kysely, type Migration } from 'kysely';
import * as m from '../migration-helpers';

/**
 * The revisions that gate the kept lists follow from the data, never from a caller remembering to bump one
 * (decision 037).
 *
 * `tasks_revision` (every kept tasks page and total is stamped with it) moves whenever a facility's tasks
 * revision moves (migration 0090): with every insert, update or delete of a task, and with a requirement's
 * lead time or program area (a list filter: a requirement moved to another program area left
 * `GET /api/tasks?programAreaId=` answering its old rows until an unrelated write bumped the revision by
 * hand). PostgreSQL: in the functions of 0090's statement triggers, once per statement that changed a row;
 * SQLite: a row trigger on `task_facility_revisions`.
 *
 * `documents_revision` (migration 0101) moves by triggers on documents and their tags, as the code bumped it.
 *
 * Bumping by trigger takes the revision's row lock at a transaction's first write to a task, not at its end;
 * that cannot deadlock because every write transaction first takes the one write lock (db/unit-of-work.ts).
 */
const DOCUMENT_WRITES = [
  ['insert', 'insert'],
  ['update', 'update'],
  ['delete', 'delete'],
] as const;
const DOCUMENT_TABLES = ['documents', 'document_tags'];
const BUMP_TASKS = 'update tasks_revision set revision = revision + 1 where id = 1';
const REQUIREMENT_BUMP = `update task_facility_revisions set revision = revision + 1 where facility_id in
      (select facility_id from requirement_facilities where requirement_id = new.id)`;

/** 0090's PostgreSQL functions, with the tasks revision's bump when `withTasksRevision`. */
async function replaceFunctions(db: Kysely<unknown>, withTasksRevision: boolean): Promise<void> {
  const then = withTasksRevision ? `if found then ${BUMP_TASKS}; end if;` : '';
  await sql`create or replace function bump_task_facility_revisions() returns trigger language plpgsql as $$
    begin
      insert into task_facility_revisions (facility_id, revision)
        select facility_id, 1 from changed_rows group by facility_id order by facility_id
        on conflict (facility_id) do update set revision = task_facility_revisions.revision + 1;
      ${sql.raw(then)}
      return null;
    end $$`.execute(db);
  await sql`create or replace function bump_requirement_facility_revisions() returns trigger language plpgsql as $$
    begin
      ${sql.raw(REQUIREMENT_BUMP)};
      ${sql.raw(then)}
      return null;
    end $$`.execute(db);
}

export const migration0180RevisionsFromData: Migration = {
  async up(db: Kysely<unknown>) {
    if (m.isPostgres(db)) {
      await replaceFunctions(db, true);
    } else {
      await sql`create trigger task_facility_revisions_update_tasks_revision after update on task_facility_revisions
        begin ${sql.raw(BUMP_TASKS)}; end`.execute(db);
    }
    await m.createRevisionTriggers(db, 'documents_revision', DOCUMENT_TABLES, DOCUMENT_WRITES);
  },
  async down(db: Kysely<unknown>) {
    await m.dropRevisionTriggers(db, 'documents_revision', DOCUMENT_TABLES, DOCUMENT_WRITES);
    if (m.isPostgres(db)) {
      await sql`drop function bump_documents_revision()`.execute(db);
      await replaceFunctions(db, false);
    } else {
      await sql`drop trigger task_facility_revisions_update_tasks_revision`.execute(db);
    }
  },
};
