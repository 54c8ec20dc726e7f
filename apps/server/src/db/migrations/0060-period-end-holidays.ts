import type { Kysely, Migration } from 'kysely';

/**
 * Period-end requirements and facility holiday calendars (PRODUCT.md §4).
 *
 * - requirements: `period_start_month` (1–12, the month quarters and years start in), and the due rule of
 *   a PERIOD_END requirement: `period_due_days` (days after the period's last day) or
 *   `period_due_day_of_month` (day of the following month); exactly one is set in that mode.
 * - facility_holiday_changes: a facility's calendar is the holiday library's public holidays for its
 *   country and state (computed, never copied, so every year of any horizon is covered) plus the days
 *   an administrator ADDED, minus the library days an administrator REMOVED. Only those changes are
 *   stored; one row per (facility, date).
 * - tasks.shift_holiday: the name of the holiday on the scheduled due date when the business-day shift
 *   moved the task off it (null when it moved off a weekend day or did not move), so that the task can
 *   say why its date moved without recomputing the calendar on every read.
 */
export const migration0060PeriodEndHolidays: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('requirements')
      .addColumn('period_start_month', 'integer', (col) => col.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('requirements').addColumn('period_due_days', 'integer').execute();
    await db.schema.alterTable('requirements').addColumn('period_due_day_of_month', 'integer').execute();
    await db.schema.alterTable('tasks').addColumn('shift_holiday', 'text').execute();

    await db.schema
      .createTable('facility_holiday_changes')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('facility_id', 'text', (col) => col.notNull().references('facilities.id'))
      .addColumn('date', 'text', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('created_by', 'text', (col) => col.references('users.id'))
      .addUniqueConstraint('facility_holiday_changes_facility_date_key', ['facility_id', 'date'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('facility_holiday_changes').execute();
    await db.schema.alterTable('tasks').dropColumn('shift_holiday').execute();
    await db.schema.alterTable('requirements').dropColumn('period_due_day_of_month').execute();
    await db.schema.alterTable('requirements').dropColumn('period_due_days').execute();
    await db.schema.alterTable('requirements').dropColumn('period_start_month').execute();
  },
};
