import { sql, type Kysely, type Migration } from 'kysely';
import * as m from '../migration-helpers';

/**
 * Requirements, their facility bindings, the tasks they generate, task comments, the revision counter
 * that validates cached task counts, and the leases that make daily jobs run once across instances.
 * Calendar dates are `YYYY-MM-DD` text (they sort as text); booleans are 0/1.
 */
export const migration0010RequirementsTasks: Migration = {
  async up(db: Kysely<unknown>) {
    // Dates, statuses and labels compare byte by byte (YYYY-MM-DD sorts correctly so; titles sort as on
    // SQLite, which compares text bytewise). On PostgreSQL a database collation such as C.UTF-8 or en_US
    // makes every comparison a locale comparison: measured, the tasks' index inserts took two to three
    // times as long. Ids keep the database collation: they are joined with other tables' ids, and an
    // index serves a join only when both sides have the same collation.
    const key = m.isPostgres(db) ? sql`text collate "C"` : 'text';
    await m
      .createEntityTable(db, 'requirements')
      .addColumn('title', 'text', m.required)
      .addColumn('description', 'text')
      .addColumn('regulation_id', 'text', m.references('regulations.id'))
      .addColumn('citation', 'text')
      .addColumn('program_area_id', 'text', m.references('program_areas.id'))
      .addColumn('category', 'text', m.required)
      .addColumn('frequency', 'text', m.required)
      .addColumn('schedule_mode', 'text', m.requiredDefault('CALENDAR'))
      .addColumn('first_due_date', 'text', m.required)
      .addColumn('weekend_shift', 'text', m.requiredDefault('NONE'))
      .addColumn('lead_time_days', 'integer', m.required)
      .addColumn('grace_days', 'integer', m.required)
      .addColumn('evidence_required', 'integer', m.requiredDefault(0))
      .addColumn('min_evidence', 'integer', m.requiredDefault(0))
      .addColumn('permit_number', 'text')
      .addColumn('active_from', 'text')
      .addColumn('active_until', 'text')
      .addColumn('default_assignee_id', 'text', m.references('users.id'))
      .addColumn('status', 'text', m.requiredDefault('ACTIVE'))
      .$call(m.searchTextAndTimestamps)
      .execute();

    // A binding of a requirement to a facility. Unbinding keeps the row (bound = 0) because the history
    // of tasks refers to it. sequence_offset + k is the sequence number of occurrence k of the series;
    // materialized_to is the last scheduled due date tasks were generated through (null: none yet);
    // revision changes on every edit so that a concurrent daily job skips a binding edited under it.
    await m
      .createEntityTable(db, 'requirement_facilities')
      .addColumn('requirement_id', 'text', m.references('requirements.id', { required: true, cascade: true }))
      .addColumn('facility_id', 'text', m.references('facilities.id', { required: true }))
      .addColumn('bound', 'integer', m.requiredDefault(1))
      .addColumn('applicable', 'integer', m.requiredDefault(1))
      .addColumn('not_applicable_reason', 'text')
      .addColumn('assignee_id', 'text', m.references('users.id'))
      .addColumn('first_due_date', key)
      .addColumn('generate_from', key, m.required)
      .addColumn('sequence_offset', 'integer', m.requiredDefault(0))
      .addColumn('materialized_to', key)
      .addColumn('revision', 'integer', m.requiredDefault(0))
      .addColumn('created_at', key, m.required)
      .addColumn('updated_at', key, m.required)
      .addUniqueConstraint('requirement_facilities_unique', ['requirement_id', 'facility_id'])
      .execute();

    // Title, category and frequency are copied from the requirement so that the Tasks Tracker filters
    // and sorts on indexes of this one table. touched = someone completed, reopened, commented,
    // rescheduled, reassigned or marked it not applicable (or attached evidence): requirement edits
    // never change such a task.
    let tasks = m
      .createEntityTable(db, 'tasks')
      .addColumn('requirement_id', 'text', m.references('requirements.id', { required: true }))
      .addColumn('binding_id', 'text', m.references('requirement_facilities.id', { required: true }))
      .addColumn('facility_id', 'text', m.references('facilities.id', { required: true }))
      .addColumn('sequence', 'integer', m.required);
    for (const column of ['title', 'category', 'frequency', 'period_label', 'scheduled_due_date', 'due_date']) {
      tasks = tasks.addColumn(column, key, m.required);
    }
    await tasks
      .addColumn('reschedule_reason', 'text')
      .addColumn('status', key, m.requiredDefault('INCOMPLETE'))
      .addColumn('not_applicable_reason', 'text')
      .addColumn('timeliness', key)
      .addColumn('assignee_id', 'text', m.references('users.id'))
      .addColumn('completed_at', key)
      .addColumn('completed_on', key)
      .addColumn('completed_by', 'text', m.references('users.id'))
      .addColumn('completion_note', 'text')
      .addColumn('touched', 'integer', m.requiredDefault(0))
      .addColumn('created_at', key, m.required)
      .addColumn('updated_at', key, m.required)
      .execute();

    await m
      .createEntityTable(db, 'task_comments')
      .addColumn('task_id', 'text', m.references('tasks.id', { required: true, cascade: true }))
      .addColumn('author_id', 'text', m.references('users.id'))
      .addColumn('body', 'text', m.required)
      .$call(m.timestamps)
      .execute();

    await m.createIndexes(db, {
      ...m.indexesOn('requirements', {
        requirements_status_idx: ['status'],
        requirements_program_area_idx: ['program_area_id'],
        requirements_regulation_idx: ['regulation_id'],
        requirements_default_assignee_idx: ['default_assignee_id'],
      }),
      ...m.indexesOn('requirement_facilities', {
        requirement_facilities_facility_idx: ['facility_id', 'requirement_id'],
        requirement_facilities_assignee_idx: ['assignee_id'],
      }),
      // The key that makes a duplicate occurrence impossible (generation inserts "on conflict do nothing").
      tasks_binding_sequence_unique: { on: 'tasks', columns: ['binding_id', 'sequence'], unique: true },
      // The Tasks Tracker's indexes, each ending in the default order (due date, id) so that a page is read
      // in order from the index instead of sorting the matching rows. Kept to the few that pay for
      // themselves: on the benchmark's 500,000 tasks every secondary index costs seconds of a full
      // generation. A facility's own list (without a status) sorts its few thousand rows; a status or
      // overdue filter over all facilities walks (due_date, id); the requirement filter goes through the
      // requirement's bindings and (binding_id, sequence).
      ...m.indexesOn('tasks', {
        tasks_due_idx: ['due_date', 'id'],
        // not_applicable_reason last: the overdue filter is then answered from the index alone.
        tasks_facility_status_due_idx: ['facility_id', 'status', 'due_date', 'id', 'not_applicable_reason'],
        tasks_assignee_due_idx: ['assignee_id', 'due_date', 'id'],
      }),
      task_comments_task_idx: { on: 'task_comments', columns: ['task_id', 'created_at'] },
    });

    // One row (id 1) whose revision grows with every change to tasks: counts cached per filter are
    // valid while it has not moved, on every instance.
    await m.createRevisionRow(db, 'tasks_revision');

    // A daily job runs where it wins the lease of (name, day): an insert that only one instance can make.
    await db.schema
      .createTable('job_leases')
      .addColumn('name', 'text', m.required)
      .addColumn('day', 'text', m.required)
      .addColumn('owner', 'text', m.required)
      .addColumn('acquired_at', 'text', m.required)
      .addColumn('finished_at', 'text')
      .addColumn('result', 'text')
      .addUniqueConstraint('job_leases_name_day_unique', ['name', 'day'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      'job_leases',
      'tasks_revision',
      'task_comments',
      'tasks',
      'requirement_facilities',
      'requirements',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
