import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  addMonthsClamped,
  compareDates,
  dayOfWeek,
  daysInMonth,
  diffDays,
  formatCalendarDate,
  fromDayNumber,
  isCalendarDate,
  isLeapYear,
  isoWeek,
  parseCalendarDate,
  toDayNumber,
  todayInTimeZone,
} from './calendar-date';

const MIN_DAY = toDayNumber('1900-01-01');
const MAX_DAY = toDayNumber('2400-12-31');
/**
 * The shared package compiles without Node types (it also runs in the browser), so the tests reach the
 * process environment through `globalThis`; vitest runs them in Node, where it exists.
 */
const processEnv = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;

/** Any calendar date in the range the product must handle. */
const dateArb = fc.integer({ min: MIN_DAY, max: MAX_DAY }).map(fromDayNumber);

/** Reference implementation through `Date.UTC`, independent of the civil algorithm under test (valid for 1900+). */
function referenceDayNumber(date: string): number {
  const { year, month, day } = parseCalendarDate(date);
  return Date.UTC(year, month - 1, day) / 86_400_000;
}

describe('isCalendarDate', () => {
  it.each([
    ['2026-01-01', true],
    ['2024-02-29', true],
    ['2000-02-29', true],
    ['1900-01-01', true],
    ['2400-12-31', true],
    ['9999-12-31', true],
    ['2025-02-29', false],
    ['1900-02-29', false],
    ['2100-02-29', false],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-01-00', false],
    ['0000-01-01', false],
    ['2026-1-5', false],
    ['20260105', false],
    ['2026-01-05T00:00', false],
    [' 2026-01-05', false],
    ['', false],
  ])('%s → %s', (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
  });

  it('rejects non-strings', () => {
    for (const value of [null, undefined, 20260105, new Date(), {}, ['2026-01-05']]) {
      expect(isCalendarDate(value)).toBe(false);
    }
  });
});

describe('parseCalendarDate / formatCalendarDate', () => {
  it('parses and formats with zero padding', () => {
    expect(parseCalendarDate('2026-03-05')).toEqual({ year: 2026, month: 3, day: 5 });
    expect(formatCalendarDate({ year: 2026, month: 3, day: 5 })).toBe('2026-03-05');
    expect(formatCalendarDate({ year: 999, month: 12, day: 31 })).toBe('0999-12-31');
  });

  it('throws RangeError for impossible dates', () => {
    expect(() => parseCalendarDate('2026-02-30')).toThrow(RangeError);
    expect(() => parseCalendarDate('not a date')).toThrow(RangeError);
    expect(() => formatCalendarDate({ year: 2025, month: 2, day: 29 })).toThrow(RangeError);
    expect(() => formatCalendarDate({ year: 10_000, month: 1, day: 1 })).toThrow(RangeError);
    expect(() => formatCalendarDate({ year: 2026, month: 1.5, day: 1 })).toThrow(RangeError);
  });
});

describe('isLeapYear / daysInMonth', () => {
  it.each([
    [1900, false],
    [2000, true],
    [2023, false],
    [2024, true],
    [2036, true],
    [2100, false],
    [2300, false],
    [2400, true],
  ])('isLeapYear(%i) → %s', (year, expected) => {
    expect(isLeapYear(year)).toBe(expected);
  });

  it.each([
    [2025, 2, 28],
    [2024, 2, 29],
    [1900, 2, 28],
    [2000, 2, 29],
    [2026, 1, 31],
    [2026, 4, 30],
    [2026, 6, 30],
    [2026, 9, 30],
    [2026, 11, 30],
    [2026, 12, 31],
  ])('daysInMonth(%i, %i) → %i', (year, month, expected) => {
    expect(daysInMonth(year, month)).toBe(expected);
  });

  it('rejects a month outside 1–12', () => {
    expect(() => daysInMonth(2026, 0)).toThrow(RangeError);
    expect(() => daysInMonth(2026, 13)).toThrow(RangeError);
  });
});

describe('day numbers', () => {
  it.each([
    ['1970-01-01', 0],
    ['1970-01-02', 1],
    ['1969-12-31', -1],
    ['2000-03-01', 11_017],
    ['1900-01-01', -25_567],
    ['0001-01-01', -719_162],
  ])('toDayNumber(%s) → %i', (date, expected) => {
    expect(toDayNumber(date)).toBe(expected);
    expect(fromDayNumber(expected)).toBe(date);
  });

  it('rejects day numbers outside years 1–9999 and non-integers', () => {
    expect(() => fromDayNumber(toDayNumber('0001-01-01') - 1)).toThrow(RangeError);
    expect(() => fromDayNumber(toDayNumber('9999-12-31') + 1)).toThrow(RangeError);
    expect(() => fromDayNumber(1.5)).toThrow(RangeError);
  });

  it('property: matches Date.UTC and round-trips for every day of 1900–2400', () => {
    fc.assert(
      fc.property(fc.integer({ min: MIN_DAY, max: MAX_DAY }), (n) => {
        const date = fromDayNumber(n);
        expect(isCalendarDate(date)).toBe(true);
        expect(toDayNumber(date)).toBe(n);
        expect(date).toBe(new Date(n * 86_400_000).toISOString().slice(0, 10));
      }),
    );
  });

  it('every day from 1900 to 2400 matches the UTC reference and round-trips', () => {
    // Exhaustive rather than sampled (~183,000 days): a calendar bug hides in one specific day.
    for (let n = MIN_DAY; n <= MAX_DAY; n += 1) {
      const date = fromDayNumber(n);
      if (date !== new Date(n * 86_400_000).toISOString().slice(0, 10) || toDayNumber(date) !== n) {
        expect.fail(`day number ${n} → ${date}`);
      }
    }
  });
});

describe('addDays', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-02-28', 1, '2025-03-01'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2027-01-01', -1, '2026-12-31'],
    ['2026-03-05', 7, '2026-03-12'],
    ['2026-03-01', -365, '2025-03-01'],
    ['2024-03-01', -366, '2023-03-01'],
    ['2026-07-15', 0, '2026-07-15'],
  ])('%s + %i → %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it('rejects fractional days', () => {
    expect(() => addDays('2026-01-01', 0.5)).toThrow(RangeError);
  });

  it('property: agrees with diffDays', () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: -40_000, max: 40_000 }), (date, days) => {
        const moved = addDays(date, days);
        expect(diffDays(moved, date)).toBe(days);
        expect(addDays(moved, -days)).toBe(date);
      }),
    );
  });
});

describe('addMonthsClamped', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2026-01-31', 2, '2026-03-31'],
    ['2026-01-31', 3, '2026-04-30'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2024-02-29', 48, '2028-02-29'],
    ['2026-11-30', 1, '2026-12-30'],
    ['2026-12-15', 1, '2027-01-15'],
    ['2026-03-31', -1, '2026-02-28'],
    ['2026-01-15', -1, '2025-12-15'],
    ['2026-05-31', -15, '2025-02-28'],
    ['2026-07-04', 0, '2026-07-04'],
  ])('%s + %i months → %s', (date, months, expected) => {
    expect(addMonthsClamped(date, months)).toBe(expected);
  });

  it('property: lands in the right month on the anchor day or that month’s last day', () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: -1200, max: 1200 }), (date, months) => {
        const { year, month, day } = parseCalendarDate(date);
        const result = parseCalendarDate(addMonthsClamped(date, months));
        // Reference month through Date.UTC, which normalises month overflow on the first of the month.
        const reference = new Date(Date.UTC(year, month - 1 + months, 1));
        expect(result.year).toBe(reference.getUTCFullYear());
        expect(result.month).toBe(reference.getUTCMonth() + 1);
        expect(result.day).toBe(Math.min(day, daysInMonth(result.year, result.month)));
      }),
    );
  });
});

describe('dayOfWeek', () => {
  it.each([
    ['1970-01-01', 4],
    ['2026-01-31', 6],
    ['2026-02-01', 0],
    ['2026-02-02', 1],
    ['2028-12-31', 0],
    ['1900-01-01', 1],
    ['2400-12-31', 0],
  ])('%s → %i', (date, expected) => {
    expect(dayOfWeek(date)).toBe(expected);
  });

  it('property: agrees with Date#getUTCDay', () => {
    fc.assert(
      fc.property(dateArb, (date) => {
        expect(dayOfWeek(date)).toBe(new Date(referenceDayNumber(date) * 86_400_000).getUTCDay());
      }),
    );
  });
});

describe('compareDates / diffDays', () => {
  it('compares and subtracts', () => {
    expect(compareDates('2026-01-01', '2026-01-02')).toBeLessThan(0);
    expect(compareDates('2026-01-02', '2026-01-01')).toBeGreaterThan(0);
    expect(compareDates('2026-01-01', '2026-01-01')).toBe(0);
    expect(['2026-03-01', '2025-12-31', '2026-01-15'].sort(compareDates)).toEqual([
      '2025-12-31',
      '2026-01-15',
      '2026-03-01',
    ]);
    expect(diffDays('2026-03-01', '2026-02-28')).toBe(1);
    expect(diffDays('2024-03-01', '2024-02-28')).toBe(2);
    expect(diffDays('2027-01-01', '2026-01-01')).toBe(365);
    expect(diffDays('2026-01-01', '2027-01-01')).toBe(-365);
  });

  it('validates its arguments', () => {
    expect(() => compareDates('2026-02-30', '2026-01-01')).toThrow(RangeError);
    expect(() => diffDays('2026-01-01', 'x')).toThrow(RangeError);
  });

  it('property: the sign of diffDays is compareDates', () => {
    fc.assert(
      fc.property(dateArb, dateArb, (a, b) => {
        expect(Math.sign(diffDays(a, b))).toBe(Math.sign(compareDates(a, b)));
        expect(diffDays(a, b)).toBe(referenceDayNumber(a) - referenceDayNumber(b));
      }),
    );
  });
});

describe('isoWeek', () => {
  it.each([
    ['2026-07-01', 2026, 27],
    ['2026-01-01', 2026, 1],
    ['2025-12-29', 2026, 1],
    ['2024-12-30', 2025, 1],
    ['2027-01-01', 2026, 53],
    ['2027-01-03', 2026, 53],
    ['2027-01-04', 2027, 1],
    ['2021-01-03', 2020, 53],
  ])('%s → %i-W%i', (date, year, week) => {
    expect(isoWeek(date)).toEqual({ year, week });
  });

  it('property: weeks start on Monday and have 7 days', () => {
    fc.assert(
      fc.property(dateArb, (date) => {
        const week = isoWeek(date);
        expect(week.week).toBeGreaterThanOrEqual(1);
        expect(week.week).toBeLessThanOrEqual(53);
        const next = isoWeek(addDays(date, 1));
        const changed = next.year !== week.year || next.week !== week.week;
        expect(changed).toBe(dayOfWeek(addDays(date, 1)) === 1);
      }),
    );
  });
});

describe('todayInTimeZone', () => {
  it('gives the facility’s calendar date of an instant near midnight', () => {
    const instant = new Date('2026-03-01T04:30:00Z');
    expect(todayInTimeZone('America/Los_Angeles', instant)).toBe('2026-02-28');
    expect(todayInTimeZone('America/New_York', instant)).toBe('2026-02-28');
    expect(todayInTimeZone('UTC', instant)).toBe('2026-03-01');
    expect(todayInTimeZone('Europe/Berlin', instant)).toBe('2026-03-01');
  });

  it('handles leap days, year ends and far-east zones', () => {
    expect(todayInTimeZone('America/Chicago', new Date('2024-03-01T05:59:00Z'))).toBe('2024-02-29');
    expect(todayInTimeZone('America/Chicago', new Date('2024-03-01T06:00:00Z'))).toBe('2024-03-01');
    expect(todayInTimeZone('Pacific/Auckland', new Date('2026-12-31T11:00:00Z'))).toBe('2027-01-01');
    expect(todayInTimeZone('Pacific/Honolulu', new Date('2027-01-01T09:59:00Z'))).toBe('2026-12-31');
    expect(todayInTimeZone('Pacific/Kiritimati', new Date('2026-06-30T10:00:00Z'))).toBe('2026-07-01');
  });

  it('follows DST transitions (US spring forward, 2026-03-08)', () => {
    // Before the change the offset is −8 h: midnight of the 8th is 08:00Z (the clocks jump later, at 02:00).
    expect(todayInTimeZone('America/Los_Angeles', new Date('2026-03-08T07:59:00Z'))).toBe('2026-03-07');
    expect(todayInTimeZone('America/Los_Angeles', new Date('2026-03-08T08:00:00Z'))).toBe('2026-03-08');
    // After the change the offset is −7 h: midnight of the 9th is 07:00Z.
    expect(todayInTimeZone('America/Los_Angeles', new Date('2026-03-09T06:59:00Z'))).toBe('2026-03-08');
    expect(todayInTimeZone('America/Los_Angeles', new Date('2026-03-09T07:00:00Z'))).toBe('2026-03-09');
  });

  it('defaults to the current instant', () => {
    const before = new Date().toISOString().slice(0, 10);
    const today = todayInTimeZone('UTC');
    const after = new Date().toISOString().slice(0, 10);
    expect([before, after]).toContain(today);
  });

  it('throws RangeError for an unknown time zone or an invalid instant', () => {
    expect(() => todayInTimeZone('Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => todayInTimeZone('UTC', new Date(Number.NaN))).toThrow(RangeError);
  });

  it('property: in UTC equals the ISO date of the instant', () => {
    const instantArb = fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2400, 11, 31, 23, 59, 59) });
    fc.assert(
      fc.property(instantArb, (ms) => {
        const instant = new Date(ms);
        expect(todayInTimeZone('UTC', instant)).toBe(instant.toISOString().slice(0, 10));
      }),
    );
  });
});

describe('independence from the process time zone', () => {
  const originalTz = processEnv.TZ;
  beforeAll(() => {
    // The arithmetic must not read local time; run it where local midnight moves with DST.
    processEnv.TZ = 'America/New_York';
  });
  afterAll(() => {
    if (originalTz === undefined) delete processEnv.TZ;
    else processEnv.TZ = originalTz;
  });

  it('steps exactly one day across US DST changes', () => {
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2026-10-31', 1)).toBe('2026-11-01');
    expect(addDays('2026-11-01', 1)).toBe('2026-11-02');
    expect(diffDays('2026-03-09', '2026-03-07')).toBe(2);
    expect(diffDays('2026-11-02', '2026-10-31')).toBe(2);
  });
});
