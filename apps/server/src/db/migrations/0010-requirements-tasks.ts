import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

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
    const key = db.getExecutor().adapter instanceof PostgresAdapter ? sql`text collate "C"` : 'text';
    await db.schema
      .createTable('requirements')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('description', 'text')
      .addColumn('regulation_id', 'text', (col) => col.references('regulations.id'))
      .addColumn('citation', 'text')
      .addColumn('program_area_id', 'text', (col) => col.references('program_areas.id'))
      .addColumn('category', 'text', (col) => col.notNull())
      .addColumn('frequency', 'text', (col) => col.notNull())
      .addColumn('schedule_mode', 'text', (col) => col.notNull().defaultTo('CALENDAR'))
      .addColumn('first_due_date', 'text', (col) => col.notNull())
      .addColumn('weekend_shift', 'text', (col) => col.notNull().defaultTo('NONE'))
      .addColumn('lead_time_days', 'integer', (col) => col.notNull())
      .addColumn('grace_days', 'integer', (col) => col.notNull())
      .addColumn('evidence_required', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('min_evidence', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('permit_number', 'text')
      .addColumn('active_from', 'text')
      .addColumn('active_until', 'text')
      .addColumn('default_assignee_id', 'text', (col) => col.references('users.id'))
      .addColumn('status', 'text', (col) => col.notNull().defaultTo('ACTIVE'))
      .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('requirements_status_idx').on('requirements').column('status').execute();
    await db.schema.createIndex('requirements_program_area_idx').on('requirements').column('program_area_id').execute();
    await db.schema.createIndex('requirements_regulation_idx').on('requirements').column('regulation_id').execute();
    await db.schema
      .createIndex('requirements_default_assignee_idx')
      .on('requirements')
      .column('default_assignee_id')
      .execute();

    // A binding of a requirement to a facility. Unbinding keeps the row (bound = 0) because the history
    // of tasks refers to it. sequence_offset + k is the sequence number of occurrence k of the series;
    // materialized_to is the last scheduled due date tasks were generated through (null: none yet);
    // revision changes on every edit so that a concurrent daily job skips a binding edited under it.
    await db.schema
      .createTable('requirement_facilities')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('requirement_id', 'text', (col) => col.notNull().references('requirements.id').onDelete('cascade'))
      .addColumn('facility_id', 'text', (col) => col.notNull().references('facilities.id'))
      .addColumn('bound', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('applicable', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('not_applicable_reason', 'text')
      .addColumn('assignee_id', 'text', (col) => col.references('users.id'))
      .addColumn('first_due_date', key)
      .addColumn('generate_from', key, (col) => col.notNull())
      .addColumn('sequence_offset', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('materialized_to', key)
      .addColumn('revision', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', key, (col) => col.notNull())
      .addColumn('updated_at', key, (col) => col.notNull())
      .addUniqueConstraint('requirement_facilities_unique', ['requirement_id', 'facility_id'])
      .execute();
    await db.schema
      .createIndex('requirement_facilities_facility_idx')
      .on('requirement_facilities')
      .columns(['facility_id', 'requirement_id'])
      .execute();
    await db.schema
      .createIndex('requirement_facilities_assignee_idx')
      .on('requirement_facilities')
      .column('assignee_id')
      .execute();

    // Title, category and frequency are copied from the requirement so that the Tasks Tracker filters
    // and sorts on indexes of this one table. touched = someone completed, reopened, commented,
    // rescheduled, reassigned or marked it not applicable (or attached evidence): requirement edits
    // never change such a task.
    await db.schema
      .createTable('tasks')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('requirement_id', 'text', (col) => col.notNull().references('requirements.id'))
      .addColumn('binding_id', 'text', (col) => col.notNull().references('requirement_facilities.id'))
      .addColumn('facility_id', 'text', (col) => col.notNull().references('facilities.id'))
      .addColumn('sequence', 'integer', (col) => col.notNull())
      .addColumn('title', key, (col) => col.notNull())
      .addColumn('category', key, (col) => col.notNull())
      .addColumn('frequency', key, (col) => col.notNull())
      .addColumn('period_label', key, (col) => col.notNull())
      .addColumn('scheduled_due_date', key, (col) => col.notNull())
      .addColumn('due_date', key, (col) => col.notNull())
      .addColumn('reschedule_reason', 'text')
      .addColumn('status', key, (col) => col.notNull().defaultTo('INCOMPLETE'))
      .addColumn('not_applicable_reason', 'text')
      .addColumn('timeliness', key)
      .addColumn('assignee_id', 'text', (col) => col.references('users.id'))
      .addColumn('completed_at', key)
      .addColumn('completed_on', key)
      .addColumn('completed_by', 'text', (col) => col.references('users.id'))
      .addColumn('completion_note', 'text')
      .addColumn('touched', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', key, (col) => col.notNull())
      .addColumn('updated_at', key, (col) => col.notNull())
      .execute();
    // The key that makes a duplicate occurrence impossible (generation inserts "on conflict do nothing").
    await db.schema
      .createIndex('tasks_binding_sequence_unique')
      .on('tasks')
      .columns(['binding_id', 'sequence'])
      .unique()
      .execute();
    // The Tasks Tracker's indexes, each ending in the default order (due date, id) so that a page is read
    // in order from the index instead of sorting the matching rows. Kept to the few that pay for
    // themselves: on the benchmark's 500,000 tasks every secondary index costs seconds of a full
    // generation. A facility's own list (without a status) sorts its few thousand rows; a status or
    // overdue filter over all facilities walks (due_date, id); the requirement filter goes through the
    // requirement's bindings and (binding_id, sequence).
    await db.schema.createIndex('tasks_due_idx').on('tasks').columns(['due_date', 'id']).execute();
    await db.schema
      .createIndex('tasks_facility_status_due_idx')
      .on('tasks')
      // not_applicable_reason last: the overdue filter is then answered from the index alone.
      .columns(['facility_id', 'status', 'due_date', 'id', 'not_applicable_reason'])
      .execute();
    await db.schema
      .createIndex('tasks_assignee_due_idx')
      .on('tasks')
      .columns(['assignee_id', 'due_date', 'id'])
      .execute();

    await db.schema
      .createTable('task_comments')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('task_id', 'text', (col) => col.notNull().references('tasks.id').onDelete('cascade'))
      .addColumn('author_id', 'text', (col) => col.references('users.id'))
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('task_comments_task_idx')
      .on('task_comments')
      .columns(['task_id', 'created_at'])
      .execute();

    // One row (id 1) whose revision grows with every change to tasks: counts cached per filter are
    // valid while it has not moved, on every instance.
    await db.schema
      .createTable('tasks_revision')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('revision', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db
      .insertInto('tasks_revision' as never)
      .values({ id: 1, revision: 0 } as never)
      .execute();

    // A daily job runs where it wins the lease of (name, day): an insert that only one instance can make.
    await db.schema
      .createTable('job_leases')
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('day', 'text', (col) => col.notNull())
      .addColumn('owner', 'text', (col) => col.notNull())
      .addColumn('acquired_at', 'text', (col) => col.notNull())
      .addColumn('finished_at', 'text')
      .addColumn('result', 'text')
      .addUniqueConstraint('job_leases_name_day_unique', ['name', 'day'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('job_leases').execute();
    await db.schema.dropTable('tasks_revision').execute();
    await db.schema.dropTable('task_comments').execute();
    await db.schema.dropTable('tasks').execute();
    await db.schema.dropTable('requirement_facilities').execute();
    await db.schema.dropTable('requirements').execute();
  },
};
