/**
 * The business-day shift of a due date ("Business days and holidays"): a requirement's
 * shift (NONE, PREVIOUS or NEXT business day) skips Saturdays, Sundays and the facility's holidays. The
 * holidays come in as a lookup so that the server can keep one in-memory calendar per facility for a
 * whole generation run (no query per task) and the tests can pass a plain map.
 */

import { type CalendarDate, addDays, dayOfWeek } from './calendar-date';
import type { WeekendShift } from './enums';

/** The name of the facility's holiday on `date`, or null when it is not a holiday. */
export type HolidayLookup = (date: CalendarDate) => string | null;

/** No holidays: only weekends are skipped (calendar arithmetic without a facility). */
export const NO_HOLIDAYS: HolidayLookup = () => null;

/** A lookup over a plain map of date → holiday name. */
export function holidayLookupOf(holidays: ReadonlyMap<CalendarDate, string>): HolidayLookup {
  return (date) => holidays.get(date) ?? null;
}

/** Why a due date left its scheduled day: a weekend day, or the named holiday. */
export type ShiftReason = { readonly kind: 'WEEKEND' } | { readonly kind: 'HOLIDAY'; readonly name: string };

/** Whether `date` is a business day: a weekday that is not a holiday. */
export function isBusinessDay(date: CalendarDate, holidays: HolidayLookup = NO_HOLIDAYS): boolean {
  const weekday = dayOfWeek(date);
  return weekday !== 0 && weekday !== 6 && holidays(date) === null;
}

/**
 * `date` moved to the previous or next business day when it is not one (NONE never moves it), with the
 * reason it moved: the holiday on `date` (named even when `date` is also a weekend day: "4 July 2027 is
 * Independence Day" says more than "is a Sunday"), or the weekend. A run of holidays next to a weekend is
 * skipped as a whole (Friday 24 December observed + Christmas weekend → Monday 27 December for NEXT).
 */
export function shiftToBusinessDay(
  date: CalendarDate,
  shift: WeekendShift,
  holidays: HolidayLookup = NO_HOLIDAYS,
): { readonly dueDate: CalendarDate; readonly reason: ShiftReason | null } {
  if (shift === 'NONE' || isBusinessDay(date, holidays)) return { dueDate: date, reason: null };
  const step = shift === 'PREVIOUS' ? -1 : 1;
  let dueDate = addDays(date, step);
  // A year has at most a few dozen holidays; the loop ends within days.
  while (!isBusinessDay(dueDate, holidays)) dueDate = addDays(dueDate, step);
  const name = holidays(date);
  return { dueDate, reason: name === null ? { kind: 'WEEKEND' } : { kind: 'HOLIDAY', name } };
}
