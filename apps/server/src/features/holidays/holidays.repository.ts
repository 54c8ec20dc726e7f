import type { Db } from '../../db/schema';
import { insertRow } from '../../db/rows';
import type { HolidayChangeRow } from './holidays.table';

/** The administrators' changes to these facilities' calendars (all facilities when `facilityIds` is null). */
export function findHolidayChanges(db: Db, facilityIds: readonly string[] | null): Promise<HolidayChangeRow[]> {
  let query = db.selectFrom('facility_holiday_changes').selectAll();
  if (facilityIds !== null) {
    if (facilityIds.length === 0) return Promise.resolve([]);
    query = query.where('facilityId', 'in', facilityIds);
  }
  return query.orderBy('facilityId').orderBy('date').execute();
}

export async function insertHolidayChange(db: Db, row: HolidayChangeRow): Promise<void> {
  await insertRow(db, 'facility_holiday_changes', row);
}

export async function deleteHolidayChange(db: Db, facilityId: string, date: string): Promise<void> {
  await db
    .deleteFrom('facility_holiday_changes')
    .where('facilityId', '=', facilityId)
    .where('date', '=', date)
    .execute();
}

/** The country, state and zone a facility's calendar depends on. */
export function findFacilityRegion(db: Db, facilityId: string) {
  return db
    .selectFrom('facilities')
    .select(['id', 'name', 'country', 'state', 'timeZone'])
    .where('id', '=', facilityId)
    .executeTakeFirst();
}

/** Every facility's country and state (for a generation run's calendars). */
export function findFacilityRegions(db: Db, facilityIds: readonly string[] | null) {
  let query = db.selectFrom('facilities').select(['id', 'country', 'state']);
  if (facilityIds !== null) {
    if (facilityIds.length === 0) return Promise.resolve([]);
    query = query.where('id', 'in', facilityIds);
  }
  return query.execute();
}

/**
 * The facility's tasks a holiday change may move: untouched, not completed, scheduled today or later and
 * within `from`–`to`, of requirements with a business-day shift.
 */
export function findShiftableTasks(db: Db, facilityId: string, from: string, to: string) {
  return db
    .selectFrom('tasks as t')
    .innerJoin('requirements as r', 'r.id', 't.requirementId')
    .select([
      't.id',
      't.sequence',
      't.periodLabel',
      't.scheduledDueDate',
      't.dueDate',
      't.shiftHoliday',
      'r.weekendShift',
    ])
    .where('t.facilityId', '=', facilityId)
    .where('t.touched', '=', 0)
    .where('t.status', '!=', 'COMPLETED')
    .where('t.scheduledDueDate', '>=', from)
    .where('t.scheduledDueDate', '<=', to)
    .where('r.weekendShift', '!=', 'NONE')
    .orderBy('t.scheduledDueDate')
    .execute();
}
