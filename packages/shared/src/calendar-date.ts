/**
 * Calendar dates (`YYYY-MM-DD`) and the arithmetic the recurrence engine needs.
 *
 * A due date is a day on a wall calendar, not an instant: "31 March" at a wind farm in Texas is the same
 * day whatever time zone the server runs in. JavaScript's `Date` mixes the two (local-time getters,
 * `setMonth` overflowing 31 January into 3 March, DST days that are 23 or 25 hours long), so every
 * function here works on integers only: a date is converted to a day number (days since 1970-01-01 in
 * the proleptic Gregorian calendar) with a pure civil-from-days algorithm and back. The only use of the
 * platform's time-zone data is {@link todayInTimeZone}, which asks `Intl` which calendar day an instant
 * falls on in a facility's zone.
 *
 * Supported range: 0001-01-01 to 9999-12-31 (the four-digit years the string form can hold), which
 * comfortably covers the 1900–2400 the product needs. Anything outside throws a `RangeError`.
 */

/**
 * A calendar date as an ISO 8601 string `YYYY-MM-DD` (proleptic Gregorian, four-digit year).
 *
 * It is a plain `string` alias rather than a branded type so that values read from the database, JSON
 * bodies and form fields can be passed without casts; validate untrusted input with
 * {@link isCalendarDate} or {@link parseCalendarDate}. Valid values sort correctly as strings.
 */
export type CalendarDate = string;

/** The numeric parts of a {@link CalendarDate}; `month` is 1–12 and `day` is 1–31. */
export interface CalendarDateParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const MIN_YEAR = 1;
const MAX_YEAR = 9999;

/** The earliest supported calendar date. */
export const MIN_CALENDAR_DATE: CalendarDate = '0001-01-01';
/** The latest supported calendar date; arithmetic that would go beyond it throws `RangeError`. */
export const MAX_CALENDAR_DATE: CalendarDate = '9999-12-31';
const CALENDAR_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days in a 400-year Gregorian cycle; the calendar repeats exactly after it. */
const DAYS_PER_ERA = 146_097;
/** Day number of 0000-03-01, the epoch of the civil algorithm (years start in March so that the leap day is last). */
const EPOCH_SHIFT = 719_468;

/**
 * Whether `year` is a Gregorian leap year (divisible by 4, except centuries not divisible by 400:
 * 2000 and 2400 are leap years, 1900 and 2100 are not).
 */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Number of days (28–31) in `month` (1–12) of `year`. Throws `RangeError` for a month outside 1–12. */
export function daysInMonth(year: number, month: number): number {
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`Month must be an integer from 1 to 12, got ${month}`);
  }
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function isValidParts(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    year >= MIN_YEAR &&
    year <= MAX_YEAR &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

/**
 * Type guard: whether `value` is a string of the exact form `YYYY-MM-DD` naming a real day
 * (so `2025-02-29`, `2026-04-31`, `2026-1-5` and `2026-01-05T00:00` are all rejected).
 */
export function isCalendarDate(value: unknown): value is CalendarDate {
  if (typeof value !== 'string') return false;
  const match = CALENDAR_DATE_PATTERN.exec(value);
  if (!match) return false;
  return isValidParts(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** Splits a {@link CalendarDate} into its numeric parts. Throws `RangeError` when `date` is not a valid calendar date. */
export function parseCalendarDate(date: CalendarDate): CalendarDateParts {
  const match = typeof date === 'string' ? CALENDAR_DATE_PATTERN.exec(date) : null;
  if (match) {
    const year = Number(match[1]);
    const month = Number(match[2]);
    const day = Number(match[3]);
    if (isValidParts(year, month, day)) return { year, month, day };
  }
  throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${String(date)}`);
}

/** Builds a {@link CalendarDate} from its parts. Throws `RangeError` when they do not name a real day in years 1–9999. */
export function formatCalendarDate(parts: CalendarDateParts): CalendarDate {
  const { year, month, day } = parts;
  if (!isValidParts(year, month, day)) {
    throw new RangeError(`Not a calendar date: year ${year}, month ${month}, day ${day}`);
  }
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Days since 1970-01-01 (negative before it). Pure integer arithmetic (H. Hinnant's `days_from_civil`),
 * so the result never depends on the process's time zone or DST rules.
 */
export function toDayNumber(date: CalendarDate): number {
  const { year, month, day } = parseCalendarDate(date);
  // Count years from March so that February, with its variable length, is the last month of the year.
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * DAYS_PER_ERA + dayOfEra - EPOCH_SHIFT;
}

/**
 * The {@link CalendarDate} `dayNumber` days after 1970-01-01 (inverse of {@link toDayNumber}; H. Hinnant's
 * `civil_from_days`). Throws `RangeError` for a non-integer or a day outside years 1–9999.
 */
export function fromDayNumber(dayNumber: number): CalendarDate {
  if (!Number.isSafeInteger(dayNumber)) {
    throw new RangeError(`Day number must be a safe integer, got ${dayNumber}`);
  }
  const z = dayNumber + EPOCH_SHIFT;
  const era = Math.floor(z / DAYS_PER_ERA);
  const dayOfEra = z - era * DAYS_PER_ERA;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return formatCalendarDate({ year, month, day });
}

function assertInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a safe integer, got ${value}`);
}

/** `date` moved by `days` (negative moves back). Exactly `days` calendar days, whatever DST does to clock hours. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  assertInteger(days, 'Days');
  return fromDayNumber(toDayNumber(date) + days);
}

/**
 * `date` moved by `months` (negative moves back), keeping the day of month but clamping it to the last
 * day of the target month: 2026-01-31 + 1 → 2026-02-28, 2024-01-31 + 1 → 2024-02-29, 2024-02-29 + 12 →
 * 2025-02-28. Unlike `Date#setMonth` it never overflows into the following month.
 *
 * Clamping is lossy (2026-01-31 + 1 + 1 is 2026-03-28, not 03-31), so a series must always step from its
 * anchor with one call, never chain calls from the previous occurrence.
 */
export function addMonthsClamped(date: CalendarDate, months: number): CalendarDate {
  assertInteger(months, 'Months');
  const { year, month, day } = parseCalendarDate(date);
  const monthIndex = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(monthIndex / 12);
  const targetMonth = monthIndex - targetYear * 12 + 1;
  if (targetYear < MIN_YEAR || targetYear > MAX_YEAR) {
    throw new RangeError(`${date} + ${months} months is outside years ${MIN_YEAR}–${MAX_YEAR}`);
  }
  return formatCalendarDate({
    year: targetYear,
    month: targetMonth,
    day: Math.min(day, daysInMonth(targetYear, targetMonth)),
  });
}

/** Day of the week of `date`: 0 = Sunday, 1 = Monday, … 6 = Saturday (the same numbering as `Date#getUTCDay`). */
export function dayOfWeek(date: CalendarDate): number {
  // 1970-01-01 was a Thursday (4); the double modulo keeps the result positive before 1970.
  return (((toDayNumber(date) + 4) % 7) + 7) % 7;
}

/**
 * Comparator for sorting: negative when `a` is before `b`, 0 when equal, positive when after.
 * Both arguments are validated; valid dates then compare correctly as strings.
 */
export function compareDates(a: CalendarDate, b: CalendarDate): number {
  parseCalendarDate(a);
  parseCalendarDate(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Whole days from `b` to `a`, i.e. `a − b` (positive when `a` is later), with the same sign as
 * `compareDates(a, b)`: `diffDays('2026-03-01', '2026-02-28')` is 1.
 */
export function diffDays(a: CalendarDate, b: CalendarDate): number {
  return toDayNumber(a) - toDayNumber(b);
}

/**
 * ISO 8601 week of `date`: weeks start on Monday and week 1 is the week containing the year's first
 * Thursday, so the week-year may differ from the calendar year near 1 January
 * (2024-12-30 is 2025-W01, 2027-01-01 is 2026-W53).
 */
export function isoWeek(date: CalendarDate): { readonly year: number; readonly week: number } {
  const dayNumber = toDayNumber(date);
  const isoWeekday = dayOfWeek(date) || 7; // Monday 1 … Sunday 7
  // The Thursday of the same ISO week decides which week-year the week belongs to.
  const thursday = fromDayNumber(dayNumber + 4 - isoWeekday);
  const { year } = parseCalendarDate(thursday);
  const week = Math.floor(diffDays(thursday, formatCalendarDate({ year, month: 1, day: 1 })) / 7) + 1;
  return { year, week };
}

/** Formatters are costly to build and the daily jobs ask for the same few facility zones repeatedly. */
const formatterCache = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatterCache.get(timeZone);
  if (!formatter) {
    // Pin calendar and digits so the parts are Gregorian Latin numerals whatever the default locale is.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    formatterCache.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The calendar date that instant `now` falls on in the IANA time zone `timeZone` (e.g. 2026-03-01T04:30Z
 * is 2026-02-28 in `America/Los_Angeles` and 2026-03-01 in `Europe/Berlin`). Overdue and due-soon are
 * judged against this "today" of the facility, not the server's. Throws `RangeError` for an unknown
 * time zone or an invalid `now`.
 */
export function todayInTimeZone(timeZone: string, now: Date = new Date()): CalendarDate {
  if (Number.isNaN(now.getTime())) throw new RangeError('Invalid instant');
  const parts = formatterFor(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value);
  return formatCalendarDate({ year: part('year'), month: part('month'), day: part('day') });
}
