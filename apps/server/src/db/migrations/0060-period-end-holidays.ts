import type { Kysely, Migration } from 'kysely';
import * as m from '../migration-helpers';

/**
 * Period-end requirements and facility holiday calendars.
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
      .addColumn('period_start_month', 'integer', m.requiredDefault(1))
      .execute();
    await m.addColumns(db, 'requirements', 'integer', ['period_due_days', 'period_due_day_of_month']);
    await m.addColumns(db, 'tasks', 'text', ['shift_holiday']);

    await m
      .createEntityTable(db, 'facility_holiday_changes')
      .addColumn('facility_id', 'text', m.references('facilities.id', { required: true }))
      .addColumn('date', 'text', m.required)
      .addColumn('kind', 'text', m.required)
      .addColumn('name', 'text', m.required)
      .$call(m.createdAt)
      .addColumn('created_by', 'text', m.references('users.id'))
      .addUniqueConstraint('facility_holiday_changes_facility_date_key', ['facility_id', 'date'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('facility_holiday_changes').execute();
    await m.dropColumns(db, 'tasks', ['shift_holiday']);
    await m.dropColumns(db, 'requirements', ['period_start_month', 'period_due_days', 'period_due_day_of_month']);
  },
};
