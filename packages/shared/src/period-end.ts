/**
 * Period-end mode: one task per reporting period, due a fixed time after the period
 * ends — "due 30 days after the end of each quarter", "by the 28th of the month after the reporting
 * period". Pure functions on {@link CalendarDate}s, shared by the server (generation, previews) and the
 * web app (the form's sentence), so both agree.
 *
 * Periods are numbered by an integer `p` on a fixed grid, so a period is a function of (frequency,
 * periodStartMonth, p) only:
 * - WEEKLY: ISO weeks (Monday to Sunday); week p starts on day number 7p − 3 (1969-12-29 was a Monday).
 * - Month-based frequencies of S months (MONTHLY 1, QUARTERLY 3 … 12 YEARS 144): period p covers the S
 *   months starting at month index p·S + (periodStartMonth − 1), where month index = year·12 + month − 1.
 *   So quarters start in January, April, July and October by default, and in February, May, August and
 *   November when periodStartMonth is 2; multi-year periods start in years divisible by their length
 *   (biennial periods 2026–2027, 2028–2029).
 *
 * Occurrence k of a series is period p0 + k, where p0 is the first period whose due date is on or after
 * the series' first due date. Due dates strictly increase with p (for WEEKLY only the day count is
 * allowed: several weeks end in one month and would share a "day of the following month"), so the first
 * occurrence on or after any date is found by a short walk back from the period that contains it.
 */

import {
  type CalendarDate,
  MAX_CALENDAR_DATE,
  daysInMonth,
  formatCalendarDate,
  fromDayNumber,
  isoWeek,
  parseCalendarDate,
  toDayNumber,
} from './calendar-date';
import type { TaskFrequency } from './enums';
import { MONTH_STEPS, type MonthStepFrequency } from './recurrence';

/** Frequencies that have periods (all but ONCE). */
export type PeriodFrequency = Exclude<TaskFrequency, 'ONCE'>;

/** Largest `periodDueDays` (a year: a report due more than a year after its period is not a period-end rule). */
export const MAX_PERIOD_DUE_DAYS = 366;

/** A period-end rule. Exactly one of `periodDueDays` and `periodDueDayOfMonth` is set. */
export interface PeriodEndRule {
  readonly frequency: TaskFrequency;
  /** The series' first due date: the first task is the first period due on or after it. */
  readonly firstDueDate: CalendarDate;
  /** 1–12: the month quarters, half-years and years start in (default 1, January). */
  readonly periodStartMonth: number;
  /** Days after the period's last day (0–366), or null. */
  readonly periodDueDays: number | null;
  /** Day (1–31) of the month after the period, clamped to that month's end, or null. */
  readonly periodDueDayOfMonth: number | null;
}

/** One period with its due date. */
export interface Period {
  /** The period's number on the grid (see the file comment). */
  readonly index: number;
  readonly start: CalendarDate;
  readonly end: CalendarDate;
  /** The rule's due date for this period (before any business-day shift). */
  readonly dueDate: CalendarDate;
  /** The period reported on: `2027-W05`, `2027-01`, `2027-Q1`, `2027-H1`, `2027`, `2026–2027`; `FY…` when periodStartMonth is not January. */
  readonly label: string;
}

const MAX_DAY_NUMBER = toDayNumber(MAX_CALENDAR_DATE);
const MAX_MONTH_INDEX = 9999 * 12 + 11;
const MIN_MONTH_INDEX = 12; // January of year 1

/**
 * Checks the rule's shape; throws `RangeError` naming what is wrong. Callers validate user input with the
 * zod schemas first; this guards the pure functions against impossible rules.
 */
export function assertPeriodEndRule(rule: PeriodEndRule): void {
  parseCalendarDate(rule.firstDueDate);
  if (rule.frequency === 'ONCE') throw new RangeError('A ONCE requirement has no periods');
  if (!Number.isInteger(rule.periodStartMonth) || rule.periodStartMonth < 1 || rule.periodStartMonth > 12) {
    throw new RangeError(`periodStartMonth must be 1–12, got ${rule.periodStartMonth}`);
  }
  const days = rule.periodDueDays;
  const dayOfMonth = rule.periodDueDayOfMonth;
  if ((days === null) === (dayOfMonth === null)) {
    throw new RangeError('Exactly one of periodDueDays and periodDueDayOfMonth must be set');
  }
  if (days !== null && (!Number.isInteger(days) || days < 0 || days > MAX_PERIOD_DUE_DAYS)) {
    throw new RangeError(`periodDueDays must be 0–${MAX_PERIOD_DUE_DAYS}, got ${days}`);
  }
  if (dayOfMonth !== null) {
    if (!Number.isInteger(dayOfMonth) || dayOfMonth < 1 || dayOfMonth > 31) {
      throw new RangeError(`periodDueDayOfMonth must be 1–31, got ${dayOfMonth}`);
    }
    if (rule.frequency === 'WEEKLY') throw new RangeError('A weekly period-end rule needs periodDueDays');
  }
}

function monthIndexOf(date: CalendarDate): number {
  const { year, month } = parseCalendarDate(date);
  return year * 12 + month - 1;
}

function firstOfMonth(monthIndex: number): CalendarDate {
  return formatCalendarDate({ year: Math.floor(monthIndex / 12), month: (monthIndex % 12) + 1, day: 1 });
}

function lastOfMonth(monthIndex: number): CalendarDate {
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  return formatCalendarDate({ year, month, day: daysInMonth(year, month) });
}

/** The index of the period that contains `date`. */
export function periodIndexOf(rule: Pick<PeriodEndRule, 'frequency' | 'periodStartMonth'>, date: CalendarDate): number {
  if (rule.frequency === 'ONCE') throw new RangeError('A ONCE requirement has no periods');
  if (rule.frequency === 'WEEKLY') return Math.floor((toDayNumber(date) + 3) / 7);
  const step = MONTH_STEPS[rule.frequency];
  return Math.floor((monthIndexOf(date) - (rule.periodStartMonth - 1)) / step);
}

function yyyy(year: number): string {
  return String(year).padStart(4, '0');
}

function labelOf(frequency: MonthStepFrequency, startMonth: number, startIndex: number, endIndex: number): string {
  const startYear = Math.floor(startIndex / 12);
  const endYear = Math.floor(endIndex / 12);
  if (frequency === 'MONTHLY') return `${yyyy(startYear)}-${String((startIndex % 12) + 1).padStart(2, '0')}`;
  // A fiscal year that does not start in January is named by the year it ends in (FY2027 = Oct 2026–Sep 2027).
  const fiscal = startMonth !== 1;
  const fiscalYearOfStart = fiscal ? Math.floor((startIndex - (startMonth - 1)) / 12) + 1 : startYear;
  const prefix = fiscal ? 'FY' : '';
  const withinYear = (startIndex - (startMonth - 1)) % 12;
  if (frequency === 'QUARTERLY') return `${prefix}${yyyy(fiscalYearOfStart)}-Q${withinYear / 3 + 1}`;
  if (frequency === 'SEMI-ANNUAL') return `${prefix}${yyyy(fiscalYearOfStart)}-H${withinYear / 6 + 1}`;
  if (frequency === 'YEARLY') return `${prefix}${yyyy(fiscalYearOfStart)}`;
  const lastFiscalYear = fiscal ? fiscalYearOfStart + (endIndex - startIndex + 1) / 12 - 1 : endYear;
  return `${prefix}${yyyy(fiscalYearOfStart)}–${prefix}${yyyy(lastFiscalYear)}`;
}

/**
 * Period `index` of the rule with its bounds, due date and label, or `null` when the period or its due
 * date falls outside the supported calendar (years 1–9999).
 */
export function periodAt(rule: PeriodEndRule, index: number): Period | null {
  if (!Number.isSafeInteger(index)) throw new RangeError(`Period index must be an integer, got ${index}`);
  const { frequency } = rule;
  if (frequency === 'ONCE') throw new RangeError('A ONCE requirement has no periods');
  let start: CalendarDate;
  let end: CalendarDate;
  let label: string;
  let endMonthIndex: number;
  if (frequency === 'WEEKLY') {
    const startDay = index * 7 - 3;
    if (startDay < toDayNumber('0001-01-01') || startDay + 6 > MAX_DAY_NUMBER) return null;
    start = fromDayNumber(startDay);
    end = fromDayNumber(startDay + 6);
    const week = isoWeek(start);
    label = `${yyyy(week.year)}-W${String(week.week).padStart(2, '0')}`;
    endMonthIndex = monthIndexOf(end);
  } else {
    const step = MONTH_STEPS[frequency];
    const startIndex = index * step + (rule.periodStartMonth - 1);
    endMonthIndex = startIndex + step - 1;
    if (startIndex < MIN_MONTH_INDEX || endMonthIndex > MAX_MONTH_INDEX) return null;
    start = firstOfMonth(startIndex);
    end = lastOfMonth(endMonthIndex);
    label = labelOf(frequency, rule.periodStartMonth, startIndex, endMonthIndex);
  }
  let dueDate: CalendarDate;
  if (rule.periodDueDays !== null) {
    const dueDay = toDayNumber(end) + rule.periodDueDays;
    if (dueDay > MAX_DAY_NUMBER) return null;
    dueDate = fromDayNumber(dueDay);
  } else {
    const dueMonth = endMonthIndex + 1;
    if (dueMonth > MAX_MONTH_INDEX) return null;
    const year = Math.floor(dueMonth / 12);
    const month = (dueMonth % 12) + 1;
    dueDate = formatCalendarDate({
      year,
      month,
      day: Math.min(rule.periodDueDayOfMonth ?? 1, daysInMonth(year, month)),
    });
  }
  return { index, start, end, dueDate, label };
}

/** The smallest period index ≥ `floor` whose due date is on or after `date` (null past the calendar's end). */
function firstIndexDueOnOrAfter(rule: PeriodEndRule, date: CalendarDate, floor: number): number | null {
  // The period containing `date` is due after it ends, so on or after `date`: the answer is at most
  // its index, and due dates increase with the index, so walk back while the previous one still is.
  let index = Math.max(floor, periodIndexOf(rule, date));
  if (periodAt(rule, index) === null) {
    // Only near 9999-12-31: the periods that would hold the answer are not representable.
    return null;
  }
  while (index > floor) {
    const previous = periodAt(rule, index - 1);
    if (previous === null || previous.dueDate < date) break;
    index -= 1;
  }
  return index;
}

/** The period of occurrence 0: the first whose due date is on or after the rule's first due date. */
export function firstPeriodIndex(rule: PeriodEndRule): number {
  assertPeriodEndRule(rule);
  const index = firstIndexDueOnOrAfter(rule, rule.firstDueDate, Number.MIN_SAFE_INTEGER);
  if (index === null) throw new RangeError(`No period is due on or after ${rule.firstDueDate}`);
  return index;
}

/** Occurrence `k` (k ≥ 0) of a period-end series: period `firstPeriodIndex + k`, or null past the calendar's end. */
export function periodEndOccurrence(rule: PeriodEndRule, k: number): Period | null {
  if (!Number.isSafeInteger(k) || k < 0)
    throw new RangeError(`Occurrence index must be a non-negative integer, got ${k}`);
  return periodAt(rule, firstPeriodIndex(rule) + k);
}

/** Index k of the first occurrence due on or after `date`, or null when there is none in the supported calendar. */
export function firstPeriodEndSequenceOnOrAfter(rule: PeriodEndRule, date: CalendarDate): number | null {
  const first = firstPeriodIndex(rule);
  const index = firstIndexDueOnOrAfter(rule, date, first);
  return index === null ? null : index - first;
}
