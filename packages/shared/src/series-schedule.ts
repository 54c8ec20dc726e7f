/**
 * One interface over the two modes whose occurrences are fixed in advance: calendar mode (occurrence k
 * is the anchor plus k steps, recurrence.ts) and period-end mode (occurrence k is the k-th period due on
 * or after the first due date, period-end.ts). The server's series planner and the daily job call these,
 * so a period-end series is numbered, materialized to the horizon and re-planned on an edit exactly like
 * a calendar one. The range filters on the scheduled due date (before the business-day shift), as
 * `occurrencesBetween` does, so that consecutive ranges concatenate.
 */

import { type CalendarDate, addMonthsClamped } from './calendar-date';
import type { TaskFrequency, WeekendShift } from './enums';
import { type HolidayLookup, NO_HOLIDAYS, type ShiftReason, shiftToBusinessDay } from './business-days';
import { type PeriodEndRule, firstPeriodEndSequenceOnOrAfter, firstPeriodIndex, periodAt } from './period-end';
import {
  DEFAULT_HORIZON_MONTHS,
  firstSequenceOnOrAfter,
  occurrencesBetween,
  periodLabel,
  scheduledDueDate,
} from './recurrence';

/** A calendar-mode or period-end rule. */
export type ScheduleRule =
  | { readonly mode: 'CALENDAR'; readonly anchor: CalendarDate; readonly frequency: TaskFrequency }
  | ({ readonly mode: 'PERIOD_END' } & PeriodEndRule);

/** An occurrence of a {@link ScheduleRule} with its label and its business-day shift. */
export interface ScheduledOccurrence {
  /** k: occurrences counted from 0. */
  readonly k: number;
  readonly scheduledDueDate: CalendarDate;
  readonly dueDate: CalendarDate;
  readonly periodLabel: string;
  /** Why `dueDate` differs from `scheduledDueDate`; null when it does not. */
  readonly shiftReason: ShiftReason | null;
}

/** Index k of the first occurrence scheduled on or after `date`, or null when there is none. */
export function firstOccurrenceOnOrAfter(rule: ScheduleRule, date: CalendarDate): number | null {
  return rule.mode === 'CALENDAR'
    ? firstSequenceOnOrAfter(rule.anchor, rule.frequency, date)
    : firstPeriodEndSequenceOnOrAfter(rule, date);
}

/** Scheduled due date of occurrence k, or null past the supported calendar. */
export function occurrenceDueDate(rule: ScheduleRule, k: number): CalendarDate | null {
  if (rule.mode === 'CALENDAR') return scheduledDueDate(rule.anchor, rule.frequency, k);
  return periodAt(rule, firstPeriodIndex(rule) + k)?.dueDate ?? null;
}

/** Input of {@link scheduleOccurrencesBetween}. */
export interface ScheduleRangeInput {
  readonly rule: ScheduleRule;
  readonly weekendShift: WeekendShift;
  /** The facility's holidays (default none: weekends only). */
  readonly holidays?: HolidayLookup;
  /** Inclusive bounds on the scheduled due date. */
  readonly from: CalendarDate;
  readonly to: CalendarDate;
}

/** The occurrences scheduled in [from, to], in order, shifted off weekends and holidays. */
export function scheduleOccurrencesBetween(input: ScheduleRangeInput): ScheduledOccurrence[] {
  const { rule, weekendShift, from, to, holidays = NO_HOLIDAYS } = input;
  if (from > to) return [];
  const shifted = (k: number, scheduled: CalendarDate, label: string): ScheduledOccurrence => {
    const { dueDate, reason } = shiftToBusinessDay(scheduled, weekendShift, holidays);
    return { k, scheduledDueDate: scheduled, dueDate, periodLabel: label, shiftReason: reason };
  };
  if (rule.mode === 'CALENDAR') {
    return occurrencesBetween({ anchor: rule.anchor, frequency: rule.frequency, weekendShift: 'NONE', from, to }).map(
      (occurrence) =>
        shifted(
          occurrence.sequence,
          occurrence.scheduledDueDate,
          periodLabel(occurrence.scheduledDueDate, rule.frequency),
        ),
    );
  }
  const first = firstPeriodEndSequenceOnOrAfter(rule, from);
  if (first === null) return [];
  const base = firstPeriodIndex(rule);
  const occurrences: ScheduledOccurrence[] = [];
  for (let k = first; ; k += 1) {
    const period = periodAt(rule, base + k);
    if (period === null || period.dueDate > to) break;
    occurrences.push(shifted(k, period.dueDate, period.label));
  }
  return occurrences;
}

/**
 * Last scheduled due date through which tasks should exist on `today`: `horizonMonths` ahead, extended
 * to the next occurrence on or after `from` (and today) when that lies further out (see
 * `materializationHorizon` in recurrence.ts).
 */
export function scheduleHorizon(
  rule: ScheduleRule,
  today: CalendarDate,
  horizonMonths: number = DEFAULT_HORIZON_MONTHS,
  from: CalendarDate = today,
): CalendarDate {
  const horizon = addMonthsClamped(today, horizonMonths);
  const start = from > today ? from : today;
  const next = firstOccurrenceOnOrAfter(rule, start);
  if (next === null) return horizon;
  const nextDate = occurrenceDueDate(rule, next);
  return nextDate !== null && nextDate > horizon ? nextDate : horizon;
}
