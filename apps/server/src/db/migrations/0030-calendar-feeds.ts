import type { Kysely, Migration } from 'kysely';

/**
 * The calendar's index, and iCalendar feeds.
 *
 * `tasks_due_idx` (due_date, id) becomes `tasks_due_cover_idx` (due_date, id, status,
 * not_applicable_reason, requirement_id, facility_id): the same order for the Tracker's default sort and
 * keyset pages, and it now also covers what /api/calendar/days reads of a due-date range (state needs the
 * status, the reason and the requirement's lead time; the scope needs the facility), so that a month's
 * counts come from the index alone. A separate covering index beside (due_date, id) was measured faster
 * (8–27 ms instead of 85–140 ms for a month of 21,360 of the benchmark's 487,620 tasks, SQLite, busy
 * machine) but SQLite's planner kept choosing the narrower (due_date, id) for the range; one index also
 * keeps the number of index entries each task insert costs unchanged.
 *
 * iCalendar feeds: a user's named, secret feed URLs. Only the SHA-256 of a secret is stored (like the
 * sessions' tokens); revoking deletes the row, so a revoked URL is unknown from then on.
 */
export const migration0030CalendarFeeds: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('tasks_due_cover_idx')
      .on('tasks')
      .columns(['due_date', 'id', 'status', 'not_applicable_reason', 'requirement_id', 'facility_id'])
      .execute();
    await db.schema.dropIndex('tasks_due_idx').execute();
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
    await db.schema.createIndex('tasks_due_idx').on('tasks').columns(['due_date', 'id']).execute();
    await db.schema.dropIndex('tasks_due_cover_idx').execute();
  },
};
