/**
 * The recurrence engine: which occurrences a requirement's series has, when each is due,
 * which of them to materialize as tasks, and how a completion is judged. Pure functions on
 * {@link CalendarDate}s, shared by the server (generation, reminders, reports) and the web app (schedule
 * previews), so both always agree.
 *
 * The central rule: occurrence k of a calendar-mode series is computed from the anchor (the first due
 * date) in one step, never from occurrence k − 1. Month-end clamping is lossy (31 January → 28 February),
 * so stepping from the previous occurrence would drift a monthly series to the 28th forever; stepping
 * from the anchor gives 28 February, then 31 March again. It also makes occurrence k a function of
 * (anchor, frequency, k) only, which is what lets generation be idempotent and keyed by sequence number.
 */

import {
  type CalendarDate,
  MAX_CALENDAR_DATE,
  addDays,
  addMonthsClamped,
  compareDates,
  dayOfWeek,
  diffDays,
  isoWeek,
  parseCalendarDate,
  toDayNumber,
} from './calendar-date';
import type { TaskFrequency, TaskStatus, Timeliness, WeekendShift } from './enums';

/** The frequencies whose step is a whole number of months (all but ONCE and WEEKLY). */
export type MonthStepFrequency = Exclude<TaskFrequency, 'ONCE' | 'WEEKLY'>;

/** Months per step of each month-based frequency. WEEKLY steps by {@link WEEKLY_STEP_DAYS}; ONCE never steps. */
export const MONTH_STEPS = {
  MONTHLY: 1,
  QUARTERLY: 3,
  'SEMI-ANNUAL': 6,
  YEARLY: 12,
  BIENNIAL: 24,
  TRIENNUAL: 36,
  '4 YEARS': 48,
  '5 YEARS': 60,
  '6 YEARS': 72,
  '10 YEARS': 120,
  '12 YEARS': 144,
} as const satisfies Record<MonthStepFrequency, number>;

/** Days per step of a WEEKLY series. */
export const WEEKLY_STEP_DAYS = 7;

/** Months ahead of today that tasks are materialized by default ("at least 13 months"). */
export const DEFAULT_HORIZON_MONTHS = 13;

/** Whether `frequency` steps by whole months (and so is subject to month-end clamping). */
export function isMonthStepFrequency(frequency: TaskFrequency): frequency is MonthStepFrequency {
  return frequency !== 'ONCE' && frequency !== 'WEEKLY';
}

/** One occurrence of a series. */
export interface Occurrence {
  /** Sequence number: `startSequence + k`, where k ≥ 0 counts steps from the anchor. Unique within a series. */
  readonly sequence: number;
  /** The date the rule gives (anchor + k steps, clamped to the month's last day). */
  readonly scheduledDueDate: CalendarDate;
  /** `scheduledDueDate` after the weekend shift: the due date a new task starts with. */
  readonly dueDate: CalendarDate;
}

function assertNonNegativeInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a non-negative integer, got ${value}`);
  }
}

function later(a: CalendarDate, b: CalendarDate): CalendarDate {
  return compareDates(a, b) >= 0 ? a : b;
}

/**
 * Due date of occurrence `k` (k ≥ 0) of a calendar-mode series first due on `anchor`, before any weekend
 * shift. Month-based frequencies add `MONTH_STEPS[frequency] · k` months to the anchor in one step,
 * clamped to the target month's last day (monthly from 31 January: 28/29 February, 31 March, 30 April);
 * WEEKLY adds 7·k days; ONCE has only k = 0. Throws `RangeError` for an invalid anchor, a negative or
 * fractional `k`, or k > 0 for ONCE.
 */
export function scheduledDueDate(anchor: CalendarDate, frequency: TaskFrequency, k: number): CalendarDate {
  assertNonNegativeInteger(k, 'Occurrence index');
  parseCalendarDate(anchor);
  if (frequency === 'ONCE') {
    if (k > 0) throw new RangeError(`A ONCE series has only occurrence 0, got ${k}`);
    return anchor;
  }
  if (frequency === 'WEEKLY') return addDays(anchor, WEEKLY_STEP_DAYS * k);
  return addMonthsClamped(anchor, MONTH_STEPS[frequency] * k);
}

/**
 * Occurrence k like {@link scheduledDueDate}, or `null` when it would fall after {@link MAX_CALENDAR_DATE}.
 * Range scans always look one occurrence past their end; near the end of the supported calendar that
 * look-ahead must mean "no more occurrences" rather than an exception.
 */
function scheduledDueDateIfSupported(anchor: CalendarDate, frequency: TaskFrequency, k: number): CalendarDate | null {
  if (frequency === 'WEEKLY') {
    return toDayNumber(anchor) + WEEKLY_STEP_DAYS * k > toDayNumber(MAX_CALENDAR_DATE)
      ? null
      : scheduledDueDate(anchor, frequency, k);
  }
  if (frequency !== 'ONCE') {
    const { year, month } = parseCalendarDate(anchor);
    const max = parseCalendarDate(MAX_CALENDAR_DATE);
    if (year * 12 + month + MONTH_STEPS[frequency] * k > max.year * 12 + max.month) return null;
  }
  return scheduledDueDate(anchor, frequency, k);
}

/**
 * Index k of the first occurrence whose scheduled due date is on or after `date`, or `null` when there
 * is none (a ONCE series due before `date`, or a series whose next occurrence would fall after
 * 9999-12-31). Computed directly, in constant time, so that a series whose anchor lies decades back
 * does not have to be walked from k = 0.
 */
export function firstSequenceOnOrAfter(
  anchor: CalendarDate,
  frequency: TaskFrequency,
  date: CalendarDate,
): number | null {
  if (compareDates(anchor, date) >= 0) return 0;
  if (frequency === 'ONCE') return null;
  // The estimate never overshoots: occurrence k is 7·k days after the anchor (WEEKLY) or in month
  // anchor + k·step, so every k below it falls before `date`, and one more step is always past `date`.
  let k: number;
  if (frequency === 'WEEKLY') {
    k = Math.floor(diffDays(date, anchor) / WEEKLY_STEP_DAYS);
  } else {
    const a = parseCalendarDate(anchor);
    const d = parseCalendarDate(date);
    k = Math.floor(((d.year - a.year) * 12 + (d.month - a.month)) / MONTH_STEPS[frequency]);
  }
  for (;;) {
    const scheduled = scheduledDueDateIfSupported(anchor, frequency, k);
    if (scheduled === null) return null;
    if (compareDates(scheduled, date) >= 0) return k;
    k += 1;
  }
}

/**
 * `date` moved off a weekend: NONE leaves it; PREVIOUS moves Saturday and Sunday back to Friday; NEXT
 * moves them forward to Monday (across month and year ends as needed: Sunday 2028-12-31 → 2029-01-01).
 * Weekdays are never moved. Public holidays are not considered.
 */
export function applyWeekendShift(date: CalendarDate, shift: WeekendShift): CalendarDate {
  const weekday = dayOfWeek(date);
  if (shift === 'NONE' || (weekday !== 0 && weekday !== 6)) return date;
  if (shift === 'PREVIOUS') return addDays(date, weekday === 6 ? -1 : -2);
  return addDays(date, weekday === 6 ? 2 : 1);
}

/** Input of {@link occurrencesBetween}. */
export interface OccurrencesBetweenInput {
  /** First due date of the series (occurrence 0). */
  readonly anchor: CalendarDate;
  readonly frequency: TaskFrequency;
  readonly weekendShift: WeekendShift;
  /** Inclusive lower bound on the scheduled due date. */
  readonly from: CalendarDate;
  /** Inclusive upper bound on the scheduled due date. */
  readonly to: CalendarDate;
  /**
   * Sequence number given to occurrence k = 0 (default 0); occurrence k gets `startSequence + k`. Lets a
   * series that was re-anchored by a schedule edit continue numbering after the tasks it keeps.
   */
  readonly startSequence?: number;
}

/**
 * All occurrences whose scheduled due date lies in [`from`, `to`], in order, each with its weekend-shifted
 * due date. The range filters on the scheduled date (not the shifted one) so that an occurrence belongs
 * to exactly one range whatever its shift: results over [a, b] and the day after b to c concatenate to
 * the result over [a, c]. Empty when `from` is after `to`. Cost is proportional to the number returned.
 */
export function occurrencesBetween(input: OccurrencesBetweenInput): Occurrence[] {
  const { anchor, frequency, weekendShift, from, to, startSequence = 0 } = input;
  assertNonNegativeInteger(startSequence, 'startSequence');
  parseCalendarDate(anchor);
  if (compareDates(from, to) > 0) return [];
  const first = firstSequenceOnOrAfter(anchor, frequency, from);
  if (first === null) return [];
  const occurrences: Occurrence[] = [];
  for (let k = first; ; k += 1) {
    const scheduled = scheduledDueDateIfSupported(anchor, frequency, k);
    if (scheduled === null || compareDates(scheduled, to) > 0) break;
    occurrences.push({
      sequence: startSequence + k,
      scheduledDueDate: scheduled,
      dueDate: applyWeekendShift(scheduled, weekendShift),
    });
    if (frequency === 'ONCE') break;
  }
  return occurrences;
}

/**
 * Last scheduled due date through which tasks should exist on `today`: `horizonMonths` months ahead of
 * today, extended to the next occurrence on or after `from` (default `today`, never earlier) when that
 * lies further out — so that a 12-year series, or one whose binding starts in the future, always shows
 * its next task instead of silently having none.
 */
export function materializationHorizon(
  today: CalendarDate,
  frequency: TaskFrequency,
  anchor: CalendarDate,
  horizonMonths: number = DEFAULT_HORIZON_MONTHS,
  from: CalendarDate = today,
): CalendarDate {
  assertNonNegativeInteger(horizonMonths, 'horizonMonths');
  const horizon = addMonthsClamped(today, horizonMonths);
  const next = firstSequenceOnOrAfter(anchor, frequency, later(from, today));
  return next === null ? horizon : later(horizon, scheduledDueDate(anchor, frequency, next));
}

/** Input of {@link occurrencesToMaterialize}. */
export interface OccurrencesToMaterializeInput {
  readonly anchor: CalendarDate;
  readonly frequency: TaskFrequency;
  readonly weekendShift: WeekendShift;
  /**
   * Earliest scheduled due date to generate: the day the facility was bound, or the backfill date the
   * user chose (earlier occurrences are never generated, "Onboarding").
   */
  readonly from: CalendarDate;
  /** Today in the facility's time zone (see `todayInTimeZone`). */
  readonly today: CalendarDate;
  /** Months ahead of today to materialize (default {@link DEFAULT_HORIZON_MONTHS}). */
  readonly horizonMonths?: number;
  /** See {@link OccurrencesBetweenInput.startSequence}. */
  readonly startSequence?: number;
}

/**
 * The occurrences that should exist as tasks on `today`: scheduled on or after `from` and no later than
 * `today + horizonMonths`, plus always the next occurrence on or after today (and `from`) even when it
 * lies beyond the horizon (12-year series); for ONCE the single occurrence if it is not before `from`.
 * The result depends only on the inputs, so the daily job can run it repeatedly and insert what is
 * missing by (binding, sequence).
 */
export function occurrencesToMaterialize(input: OccurrencesToMaterializeInput): Occurrence[] {
  const { anchor, frequency, weekendShift, from, today, horizonMonths = DEFAULT_HORIZON_MONTHS, startSequence } = input;
  const to = materializationHorizon(today, frequency, anchor, horizonMonths, from);
  return occurrencesBetween({ anchor, frequency, weekendShift, from, to, startSequence });
}

/**
 * After-completion mode: the due date of the next occurrence, one step after the day the previous one
 * was completed (in the facility's time zone), clamped to the month's last day like calendar mode.
 * `null` for ONCE, which has no next occurrence.
 */
export function nextAfterCompletion(completedOn: CalendarDate, frequency: TaskFrequency): CalendarDate | null {
  if (frequency === 'ONCE') {
    parseCalendarDate(completedOn);
    return null;
  }
  return scheduledDueDate(completedOn, frequency, 1);
}

/** Lead time (days before the due date a task opens) and grace (days after it a completion is LATE, not MISSED). */
export interface TaskWindow {
  readonly leadTimeDays: number;
  readonly graceDays: number;
}

/**
 * Default windows by frequency, used when a requirement does not set its own. Lead time grows with the
 * step so that preparation (booking a contractor, sampling, drafting a report) fits, while staying well
 * inside the step so that two occurrences of one series are never open at once for long; grace is
 * roughly a tenth to a third of the step.
 *
 * | Frequency                          | Lead time | Grace |
 * | ---------------------------------- | --------: | ----: |
 * | ONCE                               |        30 |     7 |
 * | WEEKLY                             |         2 |     1 |
 * | MONTHLY                            |         7 |     3 |
 * | QUARTERLY                          |        14 |     7 |
 * | SEMI-ANNUAL                        |        30 |    14 |
 * | YEARLY                             |        30 |    30 |
 * | BIENNIAL, TRIENNUAL                |        60 |    30 |
 * | 4, 5, 6, 10 and 12 YEARS           |        90 |    30 |
 */
export const DEFAULT_TASK_WINDOWS = {
  ONCE: { leadTimeDays: 30, graceDays: 7 },
  WEEKLY: { leadTimeDays: 2, graceDays: 1 },
  MONTHLY: { leadTimeDays: 7, graceDays: 3 },
  QUARTERLY: { leadTimeDays: 14, graceDays: 7 },
  'SEMI-ANNUAL': { leadTimeDays: 30, graceDays: 14 },
  YEARLY: { leadTimeDays: 30, graceDays: 30 },
  BIENNIAL: { leadTimeDays: 60, graceDays: 30 },
  TRIENNUAL: { leadTimeDays: 60, graceDays: 30 },
  '4 YEARS': { leadTimeDays: 90, graceDays: 30 },
  '5 YEARS': { leadTimeDays: 90, graceDays: 30 },
  '6 YEARS': { leadTimeDays: 90, graceDays: 30 },
  '10 YEARS': { leadTimeDays: 90, graceDays: 30 },
  '12 YEARS': { leadTimeDays: 90, graceDays: 30 },
} as const satisfies Record<TaskFrequency, TaskWindow>;

/** Default lead time in days for `frequency` (table at {@link DEFAULT_TASK_WINDOWS}). */
export function defaultLeadTimeDays(frequency: TaskFrequency): number {
  return DEFAULT_TASK_WINDOWS[frequency].leadTimeDays;
}

/** Default grace in days for `frequency` (table at {@link DEFAULT_TASK_WINDOWS}). */
export function defaultGraceDays(frequency: TaskFrequency): number {
  return DEFAULT_TASK_WINDOWS[frequency].graceDays;
}

/** The day a task opens (appears in open tasks, reminders start): `leadTimeDays` before `dueDate`. */
export function opensOn(dueDate: CalendarDate, leadTimeDays: number): CalendarDate {
  assertNonNegativeInteger(leadTimeDays, 'leadTimeDays');
  return addDays(dueDate, -leadTimeDays);
}

/** The last day of grace: a completion up to and including it is LATE, after it MISSED. */
export function graceEndsOn(dueDate: CalendarDate, graceDays: number): CalendarDate {
  assertNonNegativeInteger(graceDays, 'graceDays');
  return addDays(dueDate, graceDays);
}

/**
 * Timeliness of a completion on `completedOn` (the facility's calendar date): ON_TIME on or before
 * `dueDate` (the effective one), LATE up to and including `dueDate + graceDays`, MISSED after that.
 * Recorded once at completion so that later changes to grace or the due date do not rewrite figures.
 */
export function timelinessOf(input: {
  readonly dueDate: CalendarDate;
  readonly graceDays: number;
  readonly completedOn: CalendarDate;
}): Timeliness {
  const { dueDate, graceDays, completedOn } = input;
  const lastGraceDay = graceEndsOn(dueDate, graceDays);
  if (compareDates(completedOn, dueDate) <= 0) return 'ON_TIME';
  return compareDates(completedOn, lastGraceDay) <= 0 ? 'LATE' : 'MISSED';
}

/**
 * Whether a task is overdue on `today` (the facility's calendar date): not completed and its due date has
 * passed. A task due today is not yet overdue. Callers exclude tasks marked not applicable.
 */
export function isOverdue(input: {
  readonly dueDate: CalendarDate;
  readonly status: TaskStatus;
  readonly today: CalendarDate;
}): boolean {
  return input.status !== 'COMPLETED' && compareDates(input.today, input.dueDate) > 0;
}

/**
 * Whether a task is due soon on `today`: not completed and due between today and `today + withinDays`
 * inclusive (so due today counts; an overdue task is overdue, not due soon).
 */
export function isDueSoon(input: {
  readonly dueDate: CalendarDate;
  readonly status: TaskStatus;
  readonly today: CalendarDate;
  readonly withinDays: number;
}): boolean {
  const { dueDate, status, today, withinDays } = input;
  assertNonNegativeInteger(withinDays, 'withinDays');
  if (status === 'COMPLETED' || compareDates(dueDate, today) < 0) return false;
  return compareDates(dueDate, addDays(today, withinDays)) <= 0;
}

/**
 * Label of the period an occurrence covers, as shown on tasks and reports: `2026-W27` (ISO week) for
 * WEEKLY, `2026-07` MONTHLY, `2026-Q3` QUARTERLY, `2026-H2` SEMI-ANNUAL, `2026` for YEARLY and longer,
 * and the date itself for ONCE. Pass the scheduled due date so that a weekend shift across a month end
 * (Saturday 31 January → Monday 2 February) does not move the task into the next period.
 */
export function periodLabel(dueDate: CalendarDate, frequency: TaskFrequency): string {
  const { year, month } = parseCalendarDate(dueDate);
  const yyyy = String(year).padStart(4, '0');
  switch (frequency) {
    case 'ONCE':
      return dueDate;
    case 'WEEKLY': {
      const week = isoWeek(dueDate);
      return `${String(week.year).padStart(4, '0')}-W${String(week.week).padStart(2, '0')}`;
    }
    case 'MONTHLY':
      return `${yyyy}-${String(month).padStart(2, '0')}`;
    case 'QUARTERLY':
      return `${yyyy}-Q${Math.ceil(month / 3)}`;
    case 'SEMI-ANNUAL':
      return `${yyyy}-H${month <= 6 ? 1 : 2}`;
    case 'YEARLY':
    case 'BIENNIAL':
    case 'TRIENNUAL':
    case '4 YEARS':
    case '5 YEARS':
    case '6 YEARS':
    case '10 YEARS':
    case '12 YEARS':
      return yyyy;
    default:
      return frequency satisfies never;
  }
}
