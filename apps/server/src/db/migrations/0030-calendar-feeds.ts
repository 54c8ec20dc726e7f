import type { Kysely, Migration } from 'kysely';

/**
 * The calendar's index, and iCalendar feeds.
 *
 * `tasks_calendar_idx` covers what /api/calendar/days reads of a due-date range (status, not-applicable
 * reason, requirement for the lead time, facility for the scope), so that a month's counts come from the
 * index alone: measured on the benchmark's 487,620 tasks (SQLite, busy machine), a month of 21,360 tasks
 * counted in 110–140 ms without it and 8–27 ms with it. It costs each task insert one more index entry.
 *
 * iCalendar feeds: a user's named, secret feed URLs. Only the SHA-256 of a secret is stored (like the
 * sessions' tokens); revoking deletes the row, so a revoked URL is unknown from then on.
 */
export const migration0030CalendarFeeds: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('tasks_calendar_idx')
      .on('tasks')
      .columns(['due_date', 'status', 'not_applicable_reason', 'requirement_id', 'facility_id'])
      .execute();
    await db.schema
      .createTable('calendar_feeds')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('scope', 'text', (col) => col.notNull())
      .addColumn('facility_id', 'text', (col) => col.references('facilities.id'))
      .addColumn('secret_hash', 'text', (col) => col.notNull().unique())
      .addColumn('last_used_at', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('calendar_feeds_user_idx')
      .on('calendar_feeds')
      .columns(['user_id', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('calendar_feeds').execute();
    await db.schema.dropIndex('tasks_calendar_idx').execute();
  },
};
