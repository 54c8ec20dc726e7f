import type { Transaction } from 'kysely';
import { MAX_CALENDAR_DATE, todayInTimeZone } from '@rtms/shared/calendar-date';
import { shiftToBusinessDay } from '@rtms/shared/business-days';
import type { Database } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { nowIso } from '../../platform/ids';
import type { AuditService } from '../audit/audit.service';
import { updateTaskColumns } from '../tasks/tasks.repository';
import { recordTaskMoves, type TaskMove } from '../tasks/task-move-history';
import { loadHolidayLookups } from './holiday-lookups';
import { findFacilityRegion, findShiftableTasks } from './holidays.repository';

/**
 * After a facility's country or state changed (so its whole holiday calendar did), moves its untouched
 * future tasks with a business-day shift to the business day of the new calendar, inside the caller's
 * transaction, each move in the task's history. History and tasks someone worked on stay. Returns the
 * number of tasks whose date moved.
 */
export async function reshiftFacilityTasks(
  trx: Transaction<Database>,
  facilityId: string,
  clock: Clock,
  audit: AuditService,
): Promise<number> {
  const facility = await findFacilityRegion(trx, facilityId);
  if (!facility) return 0;
  const holidays = (await loadHolidayLookups(trx, [facilityId])).forFacility(facilityId);
  const today = todayInTimeZone(facility.timeZone, clock());
  const now = nowIso(clock());
  let moved = 0;
  const moves: TaskMove[] = [];
  for (const task of await findShiftableTasks(trx, facilityId, today, MAX_CALENDAR_DATE)) {
    const { dueDate, reason } = shiftToBusinessDay(task.scheduledDueDate, task.weekendShift, holidays);
    const shiftHoliday = reason?.kind === 'HOLIDAY' ? reason.name : null;
    if (dueDate === task.dueDate && shiftHoliday === task.shiftHoliday) continue;
    await updateTaskColumns(trx, task.id, { dueDate, shiftHoliday, updatedAt: now });
    if (dueDate !== task.dueDate) moved += 1;
    moves.push({ taskId: task.id, facilityId, from: task.dueDate, to: dueDate, holiday: shiftHoliday });
  }
  await recordTaskMoves(trx, audit, null, moves);
  return moved;
}
