import { addDays, addMonthsClamped, type CalendarDate } from '@rtms/shared/calendar-date';
import { applyWeekendShift, isMonthStepFrequency, MONTH_STEPS, WEEKLY_STEP_DAYS } from '@rtms/shared/recurrence';
import type { ScheduleMode, TaskFrequency, WeekendShift } from '@rtms/shared/enums';
import { calendarOccurrences } from '../tasks/task-series';

/**
 * The first due dates a series would have from `today` on: what the dry run shows per facility. The
 * same series rule as task generation (calendarOccurrences); after completion, only the first task
 * exists until it is completed.
 */
export interface DueDateRule {
  scheduleMode: ScheduleMode;
  anchor: CalendarDate;
  frequency: TaskFrequency;
  weekendShift: WeekendShift;
  activeFrom: CalendarDate | null;
  activeUntil: CalendarDate | null;
}

export function firstDueDates(rule: DueDateRule, today: CalendarDate, count: number): CalendarDate[] {
  if (rule.scheduleMode === 'AFTER_COMPLETION') {
    if (rule.activeUntil && rule.anchor > rule.activeUntil) return [];
    return [applyWeekendShift(rule.anchor, rule.weekendShift)];
  }
  // A window just long enough for `count` occurrences after today (or after the anchor or activeFrom).
  const start = [rule.anchor, today, rule.activeFrom ?? today].reduce((a, b) => (a > b ? a : b));
  const to = isMonthStepFrequency(rule.frequency)
    ? addMonthsClamped(start, MONTH_STEPS[rule.frequency] * (count + 1))
    : rule.frequency === 'WEEKLY'
      ? addDays(start, WEEKLY_STEP_DAYS * (count + 1))
      : start;
  return calendarOccurrences(rule, 0, today, to)
    .slice(0, count)
    .map((occurrence) => occurrence.dueDate);
}
