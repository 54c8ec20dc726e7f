import {
  addDays,
  addMonthsClamped,
  type CalendarDate,
  MAX_CALENDAR_DATE,
  toDayNumber,
} from '@rtms/shared/calendar-date';
import { applyWeekendShift, isMonthStepFrequency, MONTH_STEPS, WEEKLY_STEP_DAYS } from '@rtms/shared/recurrence';
import { calendarOccurrences, type SeriesRule } from '../tasks/task-series';

/**
 * The first due dates a series would have from `today` on: what the dry run shows per facility. The
 * same series rule as task generation (calendarOccurrences); after completion, only the first task
 * exists until it is completed.
 */
export type DueDateRule = Omit<SeriesRule, 'holidays'>;

export function firstDueDates(rule: DueDateRule, today: CalendarDate, count: number): CalendarDate[] {
  if (rule.scheduleMode === 'AFTER_COMPLETION') {
    if (rule.activeUntil && rule.anchor > rule.activeUntil) return [];
    return [applyWeekendShift(rule.anchor, rule.weekendShift)];
  }
  // A window just long enough for `count` occurrences after today (or after the anchor or activeFrom).
  const start = [rule.anchor, today, rule.activeFrom ?? today].reduce((a, b) => (a > b ? a : b));
  // Period-end: a period's due date falls after the period ends, so the window reaches one more period.
  const periods = rule.scheduleMode === 'PERIOD_END' ? count + 2 : count + 1;
  // Near the end of the calendar (a row active from 9999-12-31) the window stops at its last day.
  const spanDays = isMonthStepFrequency(rule.frequency)
    ? Math.ceil(MONTH_STEPS[rule.frequency] * periods * 31)
    : rule.frequency === 'WEEKLY'
      ? WEEKLY_STEP_DAYS * periods
      : 0;
  const to =
    toDayNumber(start) + spanDays > toDayNumber(MAX_CALENDAR_DATE)
      ? MAX_CALENDAR_DATE
      : isMonthStepFrequency(rule.frequency)
        ? addMonthsClamped(start, MONTH_STEPS[rule.frequency] * periods)
        : addDays(start, spanDays);
  return calendarOccurrences(rule, 0, today, to)
    .slice(0, count)
    .map((occurrence) => occurrence.dueDate);
}
