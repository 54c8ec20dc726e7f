import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TASK_FREQUENCIES, type TaskFrequency } from './enums';
import { fromDayNumber, toDayNumber } from './calendar-date';
import {
  type PeriodEndRule,
  firstPeriodEndSequenceOnOrAfter,
  periodAt,
  periodEndOccurrence,
  periodIndexOf,
} from './period-end';
import { holidayLookupOf, shiftToBusinessDay } from './business-days';
import { scheduleHorizon, scheduleOccurrencesBetween } from './series-schedule';

function rule(
  frequency: TaskFrequency,
  firstDueDate: string,
  due: { days?: number; dayOfMonth?: number },
  periodStartMonth = 1,
): PeriodEndRule {
  return {
    frequency,
    firstDueDate,
    periodStartMonth,
    periodDueDays: due.days ?? null,
    periodDueDayOfMonth: due.dayOfMonth ?? null,
  };
}

/** The first `count` occurrences as [label, period start, period end, due date]. */
function table(r: PeriodEndRule, count: number): string[][] {
  return Array.from({ length: count }, (_, k) => {
    const period = periodEndOccurrence(r, k)!;
    return [period.label, period.start, period.end, period.dueDate];
  });
}

describe('period-end occurrences, one table per frequency', () => {
  it('WEEKLY: ISO weeks, due N days after Sunday; week 53 and the week-year boundary', () => {
    expect(table(rule('WEEKLY', '2026-12-28', { days: 3 }), 3)).toEqual([
      ['2026-W52', '2026-12-21', '2026-12-27', '2026-12-30'],
      ['2026-W53', '2026-12-28', '2027-01-03', '2027-01-06'],
      ['2027-W01', '2027-01-04', '2027-01-10', '2027-01-13'],
    ]);
  });

  it('MONTHLY: DMR due on the 28th of the month after, clamped in short months', () => {
    expect(table(rule('MONTHLY', '2027-01-01', { dayOfMonth: 28 }), 3)).toEqual([
      ['2026-12', '2026-12-01', '2026-12-31', '2027-01-28'],
      ['2027-01', '2027-01-01', '2027-01-31', '2027-02-28'],
      ['2027-02', '2027-02-01', '2027-02-28', '2027-03-28'],
    ]);
    expect(table(rule('MONTHLY', '2028-02-01', { dayOfMonth: 31 }), 3).map((row) => row[3])).toEqual([
      '2028-02-29',
      '2028-03-31',
      '2028-04-30',
    ]);
  });

  it('QUARTERLY: due 30 days after quarter end; the first due date picks the first period', () => {
    expect(table(rule('QUARTERLY', '2027-01-30', { days: 30 }), 4)).toEqual([
      ['2026-Q4', '2026-10-01', '2026-12-31', '2027-01-30'],
      ['2027-Q1', '2027-01-01', '2027-03-31', '2027-04-30'],
      ['2027-Q2', '2027-04-01', '2027-06-30', '2027-07-30'],
      ['2027-Q3', '2027-07-01', '2027-09-30', '2027-10-30'],
    ]);
    // A day later, 2026-Q4 is no longer due on or after the first due date.
    expect(periodEndOccurrence(rule('QUARTERLY', '2027-01-31', { days: 30 }), 0)!.label).toBe('2027-Q1');
  });

  it('QUARTERLY in a fiscal year starting in October is named by the year it ends in', () => {
    expect(table(rule('QUARTERLY', '2026-11-15', { days: 45 }, 10), 2)).toEqual([
      ['FY2027-Q1', '2026-10-01', '2026-12-31', '2027-02-14'],
      ['FY2027-Q2', '2027-01-01', '2027-03-31', '2027-05-15'],
    ]);
  });

  it('SEMI-ANNUAL: half-years, due on the 30th of the month after (clamped to February)', () => {
    expect(table(rule('SEMI-ANNUAL', '2027-01-01', { dayOfMonth: 30 }), 2)).toEqual([
      ['2026-H2', '2026-07-01', '2026-12-31', '2027-01-30'],
      ['2027-H1', '2027-01-01', '2027-06-30', '2027-07-30'],
    ]);
    expect(table(rule('SEMI-ANNUAL', '2027-01-01', { dayOfMonth: 30 }, 3), 1)).toEqual([
      ['FY2027-H2', '2026-09-01', '2027-02-28', '2027-03-30'],
    ]);
  });

  it('YEARLY: calendar year due 1 March, or a July–June year', () => {
    expect(table(rule('YEARLY', '2027-01-01', { days: 59 }), 2)).toEqual([
      ['2026', '2026-01-01', '2026-12-31', '2027-02-28'],
      ['2027', '2027-01-01', '2027-12-31', '2028-02-28'],
    ]);
    expect(table(rule('YEARLY', '2027-01-01', { dayOfMonth: 15 }, 7), 1)).toEqual([
      ['FY2027', '2026-07-01', '2027-06-30', '2027-07-15'],
    ]);
  });

  it('N-year periods start in years divisible by their length', () => {
    expect(table(rule('BIENNIAL', '2026-04-01', { days: 90 }), 2)).toEqual([
      ['2026–2027', '2026-01-01', '2027-12-31', '2028-03-30'],
      ['2028–2029', '2028-01-01', '2029-12-31', '2030-03-31'],
    ]);
    expect(table(rule('TRIENNUAL', '2026-01-01', { days: 0 }), 1)).toEqual([
      ['2025–2027', '2025-01-01', '2027-12-31', '2027-12-31'],
    ]);
    for (const [frequency, years] of [
      ['4 YEARS', 4],
      ['5 YEARS', 5],
      ['6 YEARS', 6],
      ['10 YEARS', 10],
      ['12 YEARS', 12],
    ] as const) {
      const period = periodEndOccurrence(rule(frequency, '2030-06-01', { dayOfMonth: 1 }), 0)!;
      expect(Number(period.start.slice(0, 4)) % years).toBe(0);
      expect(Number(period.end.slice(0, 4)) - Number(period.start.slice(0, 4))).toBe(years - 1);
      expect(period.dueDate >= '2030-06-01').toBe(true);
    }
  });

  it('finds the first occurrence on or after a date', () => {
    const dmr = rule('MONTHLY', '2027-01-01', { dayOfMonth: 28 });
    expect(firstPeriodEndSequenceOnOrAfter(dmr, '2027-02-28')).toBe(1);
    expect(firstPeriodEndSequenceOnOrAfter(dmr, '2027-03-01')).toBe(2);
    expect(firstPeriodEndSequenceOnOrAfter(dmr, '2000-01-01')).toBe(0);
  });

  it('rejects impossible rules', () => {
    expect(() => periodEndOccurrence(rule('ONCE', '2027-01-01', { days: 1 }), 0)).toThrow(RangeError);
    expect(() => periodEndOccurrence(rule('WEEKLY', '2027-01-01', { dayOfMonth: 1 }), 0)).toThrow(RangeError);
    expect(() => periodEndOccurrence(rule('MONTHLY', '2027-01-01', {}), 0)).toThrow(/Exactly one/);
    expect(() => periodEndOccurrence(rule('MONTHLY', '2027-01-01', { days: 1, dayOfMonth: 1 }), 0)).toThrow(
      /Exactly one/,
    );
  });

  it('stops at the end of the supported calendar', () => {
    const last = rule('YEARLY', '9999-06-01', { days: 30 });
    expect(() => periodEndOccurrence(last, 0)).toThrow(RangeError);
    expect(periodEndOccurrence(rule('YEARLY', '9998-06-01', { days: 30 }), 1)).toBeNull();
  });
});

describe('business-day shift with holidays', () => {
  const holidays = holidayLookupOf(
    new Map([
      ['2027-07-04', 'Independence Day'],
      ['2027-07-05', 'Independence Day (observed)'],
      ['2027-12-24', 'Christmas Day (observed)'],
    ]),
  );

  it('names the holiday on the scheduled day and skips the observed day too', () => {
    expect(shiftToBusinessDay('2027-07-04', 'NEXT', holidays)).toEqual({
      dueDate: '2027-07-06',
      reason: { kind: 'HOLIDAY', name: 'Independence Day' },
    });
    expect(shiftToBusinessDay('2027-07-04', 'PREVIOUS', holidays).dueDate).toBe('2027-07-02');
    expect(shiftToBusinessDay('2027-12-25', 'PREVIOUS', holidays)).toEqual({
      dueDate: '2027-12-23',
      reason: { kind: 'WEEKEND' },
    });
    expect(shiftToBusinessDay('2027-07-04', 'NONE', holidays)).toEqual({ dueDate: '2027-07-04', reason: null });
    expect(shiftToBusinessDay('2027-07-07', 'NEXT', holidays)).toEqual({ dueDate: '2027-07-07', reason: null });
  });

  it('applies to period-end occurrences: Q2 due 4 July moves to Tuesday 6 July', () => {
    const q = { mode: 'PERIOD_END' as const, ...rule('QUARTERLY', '2027-07-01', { days: 4 }) };
    const [first] = scheduleOccurrencesBetween({
      rule: q,
      weekendShift: 'NEXT',
      holidays,
      from: '2027-07-01',
      to: '2027-07-31',
    });
    expect(first).toEqual({
      k: 0,
      scheduledDueDate: '2027-07-04',
      dueDate: '2027-07-06',
      periodLabel: '2027-Q2',
      shiftReason: { kind: 'HOLIDAY', name: 'Independence Day' },
    });
  });
});

// ---------------------------------------------------------------------------------------------------
// Properties against an independent oracle: periods built with JavaScript's UTC Date arithmetic by
// walking forward from an aligned start, not with the grid formulas of period-end.ts.

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const YEARS: Partial<Record<TaskFrequency, number>> = {
  YEARLY: 1,
  BIENNIAL: 2,
  TRIENNUAL: 3,
  '4 YEARS': 4,
  '5 YEARS': 5,
  '6 YEARS': 6,
  '10 YEARS': 10,
  '12 YEARS': 12,
};
const MONTHS: Partial<Record<TaskFrequency, number>> = { MONTHLY: 1, QUARTERLY: 3, 'SEMI-ANNUAL': 6 };

interface OraclePeriod {
  start: string;
  end: string;
  due: string;
}

/** The periods due on or after `r.firstDueDate`, in order, until `count` are found. */
function oracle(r: PeriodEndRule, count: number): OraclePeriod[] {
  const [y, m, d] = r.firstDueDate.split('-').map(Number) as [number, number, number];
  const dueOf = (endMs: number): string => {
    if (r.periodDueDays !== null) return iso(endMs + r.periodDueDays * DAY_MS);
    const end = new Date(endMs);
    const lastOfNext = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 2, 0)).getUTCDate();
    return iso(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, Math.min(r.periodDueDayOfMonth!, lastOfNext)));
  };
  const periods: OraclePeriod[] = [];
  const first = Date.UTC(y, m - 1, d);
  if (r.frequency === 'WEEKLY') {
    let start = first - 400 * DAY_MS;
    while (new Date(start).getUTCDay() !== 1) start -= DAY_MS;
    for (; periods.length < count; start += 7 * DAY_MS) {
      const due = dueOf(start + 6 * DAY_MS);
      if (due >= r.firstDueDate) periods.push({ start: iso(start), end: iso(start + 6 * DAY_MS), due });
    }
    return periods;
  }
  const months = MONTHS[r.frequency] ?? 12 * YEARS[r.frequency]!;
  // Start well before the first due date, in a year the grid aligns multi-year periods to.
  const years = months / 12 >= 1 ? months / 12 : 1;
  const year = Math.floor((y - 3 - years) / years) * years;
  for (let i = 0; periods.length < count; i += 1) {
    const startMs = Date.UTC(year, r.periodStartMonth - 1 + i * months, 1);
    const endMs = Date.UTC(year, r.periodStartMonth - 1 + (i + 1) * months, 0);
    const due = dueOf(endMs);
    if (due >= r.firstDueDate) periods.push({ start: iso(startMs), end: iso(endMs), due });
  }
  return periods;
}

const ruleArb: fc.Arbitrary<PeriodEndRule> = fc
  .record({
    frequency: fc.constantFrom(...TASK_FREQUENCIES.filter((f) => f !== 'ONCE')),
    day: fc.integer({ min: toDayNumber('1950-01-01'), max: toDayNumber('2300-12-31') }),
    periodStartMonth: fc.integer({ min: 1, max: 12 }),
    byDays: fc.boolean(),
    days: fc.integer({ min: 0, max: 366 }),
    dayOfMonth: fc.integer({ min: 1, max: 31 }),
  })
  .map(({ frequency, day, periodStartMonth, byDays, days, dayOfMonth }) => ({
    frequency,
    firstDueDate: fromDayNumber(day),
    periodStartMonth,
    periodDueDays: byDays || frequency === 'WEEKLY' ? days : null,
    periodDueDayOfMonth: byDays || frequency === 'WEEKLY' ? null : dayOfMonth,
  }));

describe('period-end properties against the oracle', () => {
  it('one occurrence per period, none missing, none duplicated, in order', () => {
    fc.assert(
      fc.property(ruleArb, (r) => {
        const expected = oracle(r, 6);
        const actual = Array.from({ length: 6 }, (_, k) => periodEndOccurrence(r, k)!);
        expect(actual.map((p) => ({ start: p.start, end: p.end, due: p.dueDate }))).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });

  it('each period is due after it ends, labels are unique, and every day belongs to exactly one period', () => {
    fc.assert(
      fc.property(ruleArb, (r) => {
        const periods = Array.from({ length: 8 }, (_, k) => periodEndOccurrence(r, k)!);
        const labels = new Set(periods.map((p) => p.label));
        expect(labels.size).toBe(periods.length);
        periods.forEach((period, i) => {
          expect(period.dueDate >= period.end).toBe(true);
          expect(period.dueDate >= r.firstDueDate).toBe(true);
          expect(periodIndexOf(r, period.start)).toBe(period.index);
          expect(periodIndexOf(r, period.end)).toBe(period.index);
          const next = periods[i + 1];
          if (next) expect(toDayNumber(next.start)).toBe(toDayNumber(period.end) + 1);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('ranges concatenate and agree with the first-on-or-after search', () => {
    fc.assert(
      fc.property(ruleArb, fc.integer({ min: 0, max: 900 }), fc.integer({ min: 1, max: 900 }), (r, gap, span) => {
        const scheduleRule = { mode: 'PERIOD_END' as const, ...r };
        const from = fromDayNumber(toDayNumber(r.firstDueDate) + gap);
        const middle = fromDayNumber(toDayNumber(from) + span);
        const to = fromDayNumber(toDayNumber(middle) + span);
        const whole = scheduleOccurrencesBetween({ rule: scheduleRule, weekendShift: 'NONE', from, to });
        const left = scheduleOccurrencesBetween({ rule: scheduleRule, weekendShift: 'NONE', from, to: middle });
        const right = scheduleOccurrencesBetween({
          rule: scheduleRule,
          weekendShift: 'NONE',
          from: fromDayNumber(toDayNumber(middle) + 1),
          to,
        });
        expect([...left, ...right]).toEqual(whole);
        const firstK = firstPeriodEndSequenceOnOrAfter(r, from)!;
        if (whole.length) expect(whole[0]!.k).toBe(firstK);
        else expect(periodEndOccurrence(r, firstK)!.dueDate > to).toBe(true);
        if (firstK > 0) expect(periodEndOccurrence(r, firstK - 1)!.dueDate < from).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('the horizon always includes the next occurrence', () => {
    fc.assert(
      fc.property(ruleArb, fc.integer({ min: -2000, max: 2000 }), (r, offset) => {
        const scheduleRule = { mode: 'PERIOD_END' as const, ...r };
        const today = fromDayNumber(toDayNumber(r.firstDueDate) + offset);
        const horizon = scheduleHorizon(scheduleRule, today, 13);
        const upcoming = scheduleOccurrencesBetween({
          rule: scheduleRule,
          weekendShift: 'NONE',
          from: today,
          to: horizon,
        });
        expect(upcoming.length).toBeGreaterThan(0);
      }),
      { numRuns: 200 },
    );
  });

  it('periodAt is defined for any index in range and its label names the period', () => {
    const q = rule('QUARTERLY', '2027-01-01', { days: 30 });
    expect(periodAt(q, periodIndexOf(q, '2027-02-15'))!.label).toBe('2027-Q1');
  });
});
