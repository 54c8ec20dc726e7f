import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TASK_FREQUENCIES, WEEKEND_SHIFTS, type TaskFrequency } from './enums';
import {
  addDays,
  compareDates,
  dayOfWeek,
  daysInMonth,
  diffDays,
  fromDayNumber,
  parseCalendarDate,
  toDayNumber,
} from './calendar-date';
import {
  DEFAULT_HORIZON_MONTHS,
  DEFAULT_TASK_WINDOWS,
  MONTH_STEPS,
  WEEKLY_STEP_DAYS,
  applyWeekendShift,
  defaultGraceDays,
  defaultLeadTimeDays,
  firstSequenceOnOrAfter,
  graceEndsOn,
  isDueSoon,
  isMonthStepFrequency,
  isOverdue,
  materializationHorizon,
  nextAfterCompletion,
  occurrencesBetween,
  occurrencesToMaterialize,
  opensOn,
  periodLabel,
  scheduledDueDate,
  timelinessOf,
} from './recurrence';

/**
 * The shared package compiles without Node types (it also runs in the browser), so the tests reach the
 * process environment through `globalThis`; vitest runs them in Node, where it exists.
 */
const processEnv = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;

/** The first `count` scheduled due dates of a series. */
function series(anchor: string, frequency: TaskFrequency, count: number): string[] {
  return Array.from({ length: count }, (_, k) => scheduledDueDate(anchor, frequency, k));
}

const dateArb = fc.integer({ min: toDayNumber('1900-01-01'), max: toDayNumber('2400-12-31') }).map(fromDayNumber);
/** Anchors biased towards the 28th–31st, where clamping happens. */
const anchorArb = fc.oneof(
  dateArb,
  fc
    .record({ year: fc.integer({ min: 1900, max: 2400 }), month: fc.integer({ min: 1, max: 12 }), back: fc.nat(3) })
    .map(({ year, month, back }) =>
      fromDayNumber(toDayNumber(`${year}-${String(month).padStart(2, '0')}-01`) + daysInMonth(year, month) - 1 - back),
    ),
);
const frequencyArb = fc.constantFrom(...TASK_FREQUENCIES);
const repeatingFrequencyArb = fc.constantFrom(...TASK_FREQUENCIES.filter((f) => f !== 'ONCE'));
const monthFrequencyArb = fc.constantFrom(...TASK_FREQUENCIES.filter(isMonthStepFrequency));
const shiftArb = fc.constantFrom(...WEEKEND_SHIFTS);
/** k up to 300 keeps even a 12-year series from 2400 inside year 9999. */
const kArb = fc.integer({ min: 0, max: 300 });

describe('MONTH_STEPS', () => {
  it('has the steps of PRODUCT.md §4', () => {
    expect(MONTH_STEPS).toEqual({
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
    });
    expect(WEEKLY_STEP_DAYS).toBe(7);
    expect(TASK_FREQUENCIES.filter(isMonthStepFrequency)).toEqual(Object.keys(MONTH_STEPS));
  });
});

describe('scheduledDueDate: month-end clamping from the anchor', () => {
  it.each<[string, string, TaskFrequency, string[]]>([
    [
      'monthly from 31 Jan 2025',
      '2025-01-31',
      'MONTHLY',
      ['2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30', '2025-05-31', '2025-06-30'],
    ],
    [
      'monthly from 31 Jan 2024 (leap)',
      '2024-01-31',
      'MONTHLY',
      ['2024-01-31', '2024-02-29', '2024-03-31', '2024-04-30'],
    ],
    [
      'quarterly from 30 Nov 2025',
      '2025-11-30',
      'QUARTERLY',
      ['2025-11-30', '2026-02-28', '2026-05-30', '2026-08-30', '2026-11-30'],
    ],
    ['quarterly from 30 Nov 2023 (leap)', '2023-11-30', 'QUARTERLY', ['2023-11-30', '2024-02-29', '2024-05-30']],
    [
      'semi-annual from 31 Aug 2025',
      '2025-08-31',
      'SEMI-ANNUAL',
      ['2025-08-31', '2026-02-28', '2026-08-31', '2027-02-28'],
    ],
    ['semi-annual from 31 Aug 2023 (leap)', '2023-08-31', 'SEMI-ANNUAL', ['2023-08-31', '2024-02-29', '2024-08-31']],
    [
      'yearly from 29 Feb 2024',
      '2024-02-29',
      'YEARLY',
      ['2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29', '2029-02-28'],
    ],
    [
      'yearly across 2100 (not leap)',
      '2096-02-29',
      'YEARLY',
      [
        '2096-02-29',
        '2097-02-28',
        '2098-02-28',
        '2099-02-28',
        '2100-02-28',
        '2101-02-28',
        '2102-02-28',
        '2103-02-28',
        '2104-02-29',
      ],
    ],
    ['12-yearly from 29 Feb 2024', '2024-02-29', '12 YEARS', ['2024-02-29', '2036-02-29', '2048-02-29', '2060-02-29']],
    ['12-yearly across 2100', '2088-02-29', '12 YEARS', ['2088-02-29', '2100-02-28', '2112-02-29']],
    [
      '12-yearly across 2400 (leap)',
      '2376-02-29',
      '12 YEARS',
      ['2376-02-29', '2388-02-29', '2400-02-29', '2412-02-29'],
    ],
    [
      'monthly across a year boundary',
      '2026-11-30',
      'MONTHLY',
      ['2026-11-30', '2026-12-30', '2027-01-30', '2027-02-28', '2027-03-30'],
    ],
    ['monthly on an ordinary day', '2026-01-15', 'MONTHLY', ['2026-01-15', '2026-02-15', '2026-03-15']],
  ])('%s', (_name, anchor, frequency, expected) => {
    expect(series(anchor, frequency, expected.length)).toEqual(expected);
  });

  it.each<[TaskFrequency, string]>([
    ['BIENNIAL', '2026-02-28'],
    ['TRIENNUAL', '2027-02-28'],
    ['4 YEARS', '2028-02-29'],
    ['5 YEARS', '2029-02-28'],
    ['6 YEARS', '2030-02-28'],
    ['10 YEARS', '2034-02-28'],
    ['12 YEARS', '2036-02-29'],
  ])('%s from 29 Feb 2024: occurrence 1 is %s', (frequency, expected) => {
    expect(scheduledDueDate('2024-02-29', frequency, 1)).toBe(expected);
  });

  it('12-yearly from 29 Feb 2024 falls back to the 28th only in 2300, then recovers', () => {
    expect(scheduledDueDate('2024-02-29', '12 YEARS', 23)).toBe('2300-02-28');
    expect(scheduledDueDate('2024-02-29', '12 YEARS', 24)).toBe('2312-02-29');
  });

  it('a far occurrence comes straight from the anchor, without drift', () => {
    expect(scheduledDueDate('2026-01-31', 'MONTHLY', 1200)).toBe('2126-01-31');
    expect(scheduledDueDate('1900-01-31', 'MONTHLY', 12 * 500 + 1)).toBe('2400-02-29');
  });

  it('WEEKLY adds exactly 7·k days across US DST changes', () => {
    expect(series('2026-03-05', 'WEEKLY', 3)).toEqual(['2026-03-05', '2026-03-12', '2026-03-19']);
    expect(series('2026-10-29', 'WEEKLY', 3)).toEqual(['2026-10-29', '2026-11-05', '2026-11-12']);
    expect(series('2026-12-24', 'WEEKLY', 3)).toEqual(['2026-12-24', '2026-12-31', '2027-01-07']);
    expect(series('2024-02-22', 'WEEKLY', 2)).toEqual(['2024-02-22', '2024-02-29']);
  });

  it('ONCE has only occurrence 0', () => {
    expect(scheduledDueDate('2026-06-30', 'ONCE', 0)).toBe('2026-06-30');
    expect(() => scheduledDueDate('2026-06-30', 'ONCE', 1)).toThrow(RangeError);
  });

  it('rejects a negative or fractional k and an invalid anchor', () => {
    expect(() => scheduledDueDate('2026-01-31', 'MONTHLY', -1)).toThrow(RangeError);
    expect(() => scheduledDueDate('2026-01-31', 'MONTHLY', 1.5)).toThrow(RangeError);
    expect(() => scheduledDueDate('2026-02-31', 'MONTHLY', 0)).toThrow(RangeError);
    expect(() => scheduledDueDate('2026-02-31', 'ONCE', 0)).toThrow(RangeError);
  });
});

describe('independence from the process time zone', () => {
  const originalTz = processEnv.TZ;
  beforeAll(() => {
    processEnv.TZ = 'America/Los_Angeles';
  });
  afterAll(() => {
    if (originalTz === undefined) delete processEnv.TZ;
    else processEnv.TZ = originalTz;
  });

  it('weekly and monthly series are unchanged where local midnight moves with DST', () => {
    const weekly = occurrencesBetween({
      anchor: '2026-02-26',
      frequency: 'WEEKLY',
      weekendShift: 'NONE',
      from: '2026-03-01',
      to: '2026-11-30',
    });
    for (let i = 1; i < weekly.length; i += 1) {
      expect(diffDays(weekly[i]!.scheduledDueDate, weekly[i - 1]!.scheduledDueDate)).toBe(7);
    }
    expect(weekly.map((o) => o.scheduledDueDate)).toContain('2026-03-12');
    expect(weekly.map((o) => o.scheduledDueDate)).toContain('2026-11-05');
    expect(series('2026-01-31', 'MONTHLY', 4)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
  });
});

describe('applyWeekendShift', () => {
  it.each([
    // Saturday at a month end
    ['2026-01-31', 'PREVIOUS', '2026-01-30'],
    ['2026-01-31', 'NEXT', '2026-02-02'],
    ['2026-01-31', 'NONE', '2026-01-31'],
    // Sunday at a month start moves back into the previous month
    ['2026-02-01', 'PREVIOUS', '2026-01-30'],
    ['2026-02-01', 'NEXT', '2026-02-02'],
    // Sunday 31 December shifted into the next year
    ['2028-12-31', 'NEXT', '2029-01-01'],
    ['2028-12-31', 'PREVIOUS', '2028-12-29'],
    // Saturday 1 January shifted back into the previous year
    ['2028-01-01', 'PREVIOUS', '2027-12-31'],
    ['2028-01-01', 'NEXT', '2028-01-03'],
    // Saturday 29 February
    ['2020-02-29', 'NEXT', '2020-03-02'],
    ['2020-02-29', 'PREVIOUS', '2020-02-28'],
    // Weekdays never move
    ['2026-01-30', 'PREVIOUS', '2026-01-30'],
    ['2026-02-02', 'NEXT', '2026-02-02'],
    ['2026-07-01', 'NEXT', '2026-07-01'],
  ] as const)('%s %s → %s', (date, shift, expected) => {
    expect(applyWeekendShift(date, shift)).toBe(expected);
  });

  it('property: a shifted date is a weekday within two days, in the right direction', () => {
    fc.assert(
      fc.property(dateArb, shiftArb, (date, shift) => {
        const shifted = applyWeekendShift(date, shift);
        const moved = diffDays(shifted, date);
        if (shift === 'NONE') expect(moved).toBe(0);
        else expect([1, 2, 3, 4, 5]).toContain(dayOfWeek(shifted));
        if (shift === 'PREVIOUS') expect(moved).toBeGreaterThanOrEqual(-2);
        if (shift === 'PREVIOUS') expect(moved).toBeLessThanOrEqual(0);
        if (shift === 'NEXT') expect(moved).toBeGreaterThanOrEqual(0);
        if (shift === 'NEXT') expect(moved).toBeLessThanOrEqual(2);
      }),
    );
  });
});

describe('occurrencesBetween', () => {
  it('lists the occurrences in range with sequence and shifted due date', () => {
    expect(
      occurrencesBetween({
        anchor: '2025-10-31',
        frequency: 'MONTHLY',
        weekendShift: 'NEXT',
        from: '2026-01-01',
        to: '2026-03-31',
      }),
    ).toEqual([
      { sequence: 3, scheduledDueDate: '2026-01-31', dueDate: '2026-02-02' },
      { sequence: 4, scheduledDueDate: '2026-02-28', dueDate: '2026-03-02' },
      { sequence: 5, scheduledDueDate: '2026-03-31', dueDate: '2026-03-31' },
    ]);
  });

  it('filters on the scheduled date, not the shifted one', () => {
    const february = occurrencesBetween({
      anchor: '2025-10-31',
      frequency: 'MONTHLY',
      weekendShift: 'NEXT',
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(february.map((o) => o.sequence)).toEqual([4]);
  });

  it('includes both bounds', () => {
    const result = occurrencesBetween({
      anchor: '2026-01-15',
      frequency: 'MONTHLY',
      weekendShift: 'NONE',
      from: '2026-02-15',
      to: '2026-04-15',
    });
    expect(result.map((o) => o.scheduledDueDate)).toEqual(['2026-02-15', '2026-03-15', '2026-04-15']);
  });

  it('starts at k = 0 when the range begins before the anchor', () => {
    const result = occurrencesBetween({
      anchor: '2026-03-31',
      frequency: 'QUARTERLY',
      weekendShift: 'NONE',
      from: '2020-01-01',
      to: '2026-12-31',
    });
    expect(result.map((o) => [o.sequence, o.scheduledDueDate])).toEqual([
      [0, '2026-03-31'],
      [1, '2026-06-30'],
      [2, '2026-09-30'],
      [3, '2026-12-31'],
    ]);
  });

  it('is empty for an inverted range, and for ONCE outside the range', () => {
    const base = { anchor: '2026-05-01', weekendShift: 'NONE' } as const;
    expect(occurrencesBetween({ ...base, frequency: 'MONTHLY', from: '2026-06-02', to: '2026-06-01' })).toEqual([]);
    expect(occurrencesBetween({ ...base, frequency: 'ONCE', from: '2026-05-02', to: '2030-01-01' })).toEqual([]);
    expect(occurrencesBetween({ ...base, frequency: 'ONCE', from: '2020-01-01', to: '2026-04-30' })).toEqual([]);
    expect(occurrencesBetween({ ...base, frequency: 'ONCE', from: '2020-01-01', to: '2030-01-01' })).toEqual([
      { sequence: 0, scheduledDueDate: '2026-05-01', dueDate: '2026-05-01' },
    ]);
  });

  it('numbers from startSequence', () => {
    const result = occurrencesBetween({
      anchor: '2026-01-31',
      frequency: 'MONTHLY',
      weekendShift: 'NONE',
      from: '2026-01-01',
      to: '2026-03-31',
      startSequence: 10,
    });
    expect(result.map((o) => o.sequence)).toEqual([10, 11, 12]);
    expect(() =>
      occurrencesBetween({
        anchor: '2026-01-31',
        frequency: 'MONTHLY',
        weekendShift: 'NONE',
        from: '2026-01-01',
        to: '2026-03-31',
        startSequence: -1,
      }),
    ).toThrow(RangeError);
  });

  it('never stops at a year boundary', () => {
    const result = occurrencesBetween({
      anchor: '2026-11-30',
      frequency: 'MONTHLY',
      weekendShift: 'NONE',
      from: '2026-11-01',
      to: '2028-12-31',
    });
    expect(result).toHaveLength(26);
    expect(result.slice(0, 5).map((o) => o.scheduledDueDate)).toEqual([
      '2026-11-30',
      '2026-12-30',
      '2027-01-30',
      '2027-02-28',
      '2027-03-30',
    ]);
    expect(result.at(-1)?.scheduledDueDate).toBe('2028-12-30');
    expect(result.map((o) => o.sequence)).toEqual(Array.from({ length: 26 }, (_, i) => i));
  });

  it('computes the first occurrence directly for an anchor millennia back', () => {
    // Walking from k = 0 would take ~520,000 weekly and ~120,000 monthly steps (well over a second);
    // computing the first k directly takes microseconds, so a generous bound still tells them apart.
    const started = Date.now();
    const weekly = occurrencesBetween({
      anchor: '0001-01-01',
      frequency: 'WEEKLY',
      weekendShift: 'NONE',
      from: '9999-12-01',
      to: '9999-12-31',
    });
    const monthly = occurrencesBetween({
      anchor: '0001-01-31',
      frequency: 'MONTHLY',
      weekendShift: 'NONE',
      from: '2400-02-01',
      to: '2400-02-29',
    });
    expect(Date.now() - started).toBeLessThan(100);
    // December 9999 has 4 or 5 of the anchor's weekday: the first within a week of the start, the last
    // within a week of the end.
    expect(diffDays(weekly[0]!.scheduledDueDate, '9999-12-01')).toBeLessThan(7);
    expect(diffDays('9999-12-31', weekly.at(-1)!.scheduledDueDate)).toBeLessThan(7);
    expect(weekly.every((o, i) => i === 0 || diffDays(o.scheduledDueDate, weekly[i - 1]!.scheduledDueDate) === 7)).toBe(
      true,
    );
    expect(diffDays(weekly[0]!.scheduledDueDate, '0001-01-01')).toBe(7 * weekly[0]!.sequence);
    expect(monthly).toEqual([{ sequence: 2399 * 12 + 1, scheduledDueDate: '2400-02-29', dueDate: '2400-02-29' }]);
  });

  it('ends quietly at the end of the supported calendar (9999-12-31)', () => {
    expect(firstSequenceOnOrAfter('9999-01-31', 'YEARLY', '9999-02-01')).toBeNull();
    expect(firstSequenceOnOrAfter('9999-12-20', 'WEEKLY', '9999-12-28')).toBeNull();
    expect(
      occurrencesBetween({
        anchor: '9999-10-31',
        frequency: 'MONTHLY',
        weekendShift: 'NONE',
        from: '9999-01-01',
        to: '9999-12-31',
      }).map((o) => o.scheduledDueDate),
    ).toEqual(['9999-10-31', '9999-11-30', '9999-12-31']);
  });
});

describe('firstSequenceOnOrAfter', () => {
  it.each<[string, TaskFrequency, string, number | null]>([
    ['2026-01-31', 'MONTHLY', '2026-01-31', 0],
    ['2026-01-31', 'MONTHLY', '2026-02-01', 1],
    ['2026-01-31', 'MONTHLY', '2026-02-28', 1],
    ['2026-01-31', 'MONTHLY', '2026-03-01', 2],
    ['2026-01-31', 'MONTHLY', '2020-01-01', 0],
    ['2026-01-15', 'QUARTERLY', '2026-04-16', 2],
    ['2026-03-05', 'WEEKLY', '2026-03-12', 1],
    ['2026-03-05', 'WEEKLY', '2026-03-13', 2],
    ['2026-03-05', 'ONCE', '2026-03-05', 0],
    ['2026-03-05', 'ONCE', '2026-03-06', null],
  ])('%s %s on or after %s → %s', (anchor, frequency, date, expected) => {
    expect(firstSequenceOnOrAfter(anchor, frequency, date)).toBe(expected);
  });

  it('property: agrees with a linear scan', () => {
    fc.assert(
      fc.property(
        anchorArb,
        repeatingFrequencyArb,
        fc.integer({ min: -400, max: 4000 }),
        (anchor, frequency, offset) => {
          const date = addDays(anchor, offset);
          let k = 0;
          while (compareDates(scheduledDueDate(anchor, frequency, k), date) < 0) k += 1;
          expect(firstSequenceOnOrAfter(anchor, frequency, date)).toBe(k);
        },
      ),
    );
  });
});

describe('materialization', () => {
  it('materializes up to 13 months ahead by default', () => {
    const result = occurrencesToMaterialize({
      anchor: '2026-01-31',
      frequency: 'MONTHLY',
      weekendShift: 'NONE',
      from: '2026-01-01',
      today: '2026-05-10',
    });
    expect(DEFAULT_HORIZON_MONTHS).toBe(13);
    expect(result[0]?.scheduledDueDate).toBe('2026-01-31');
    expect(result.at(-1)?.scheduledDueDate).toBe('2027-05-31');
    expect(materializationHorizon('2026-05-10', 'MONTHLY', '2026-01-31')).toBe('2027-06-10');
  });

  it('always includes the next occurrence of a 12-year series, beyond the horizon', () => {
    const result = occurrencesToMaterialize({
      anchor: '2024-06-15',
      frequency: '12 YEARS',
      weekendShift: 'NONE',
      from: '2026-05-01',
      today: '2026-05-01',
    });
    expect(result).toEqual([{ sequence: 1, scheduledDueDate: '2036-06-15', dueDate: '2036-06-15' }]);
    expect(materializationHorizon('2026-05-01', '12 YEARS', '2024-06-15')).toBe('2036-06-15');
  });

  it('keeps past occurrences from a backfill date and adds the next one', () => {
    const result = occurrencesToMaterialize({
      anchor: '2024-06-15',
      frequency: '12 YEARS',
      weekendShift: 'NONE',
      from: '2024-01-01',
      today: '2026-05-01',
    });
    expect(result.map((o) => o.scheduledDueDate)).toEqual(['2024-06-15', '2036-06-15']);
  });

  it('a 10-year series due within the horizon adds nothing beyond it', () => {
    const result = occurrencesToMaterialize({
      anchor: '2017-03-31',
      frequency: '10 YEARS',
      weekendShift: 'PREVIOUS',
      from: '2026-01-01',
      today: '2026-06-01',
    });
    // 2027-03-31 is a Wednesday.
    expect(result).toEqual([{ sequence: 1, scheduledDueDate: '2027-03-31', dueDate: '2027-03-31' }]);
  });

  it('returns the one occurrence of ONCE, even beyond the horizon, unless it is before `from`', () => {
    const base = { frequency: 'ONCE', weekendShift: 'NEXT', today: '2026-05-01' } as const;
    expect(occurrencesToMaterialize({ ...base, anchor: '2030-01-05', from: '2026-05-01' })).toEqual([
      { sequence: 0, scheduledDueDate: '2030-01-05', dueDate: '2030-01-07' },
    ]);
    expect(occurrencesToMaterialize({ ...base, anchor: '2026-04-01', from: '2026-01-01' })).toHaveLength(1);
    expect(occurrencesToMaterialize({ ...base, anchor: '2026-04-01', from: '2026-04-02' })).toEqual([]);
  });

  it('a binding that starts after the horizon still gets its first task', () => {
    const result = occurrencesToMaterialize({
      anchor: '2026-01-15',
      frequency: 'MONTHLY',
      weekendShift: 'NONE',
      from: '2030-01-01',
      today: '2026-05-01',
    });
    expect(result).toEqual([{ sequence: 48, scheduledDueDate: '2030-01-15', dueDate: '2030-01-15' }]);
  });

  it('respects a custom horizon and startSequence', () => {
    const result = occurrencesToMaterialize({
      anchor: '2026-01-01',
      frequency: 'QUARTERLY',
      weekendShift: 'NONE',
      from: '2026-01-01',
      today: '2026-01-01',
      horizonMonths: 24,
      startSequence: 1,
    });
    expect(result.map((o) => [o.sequence, o.scheduledDueDate])).toEqual([
      [1, '2026-01-01'],
      [2, '2026-04-01'],
      [3, '2026-07-01'],
      [4, '2026-10-01'],
      [5, '2027-01-01'],
      [6, '2027-04-01'],
      [7, '2027-07-01'],
      [8, '2027-10-01'],
      [9, '2028-01-01'],
    ]);
  });

  it('a daily job over three years extends the series without gaps across year ends', () => {
    const anchor = '2026-11-30';
    const materialized = new Map<number, string>();
    for (let day = 0; day < 3 * 366; day += 1) {
      const today = addDays('2026-11-01', day);
      for (const o of occurrencesToMaterialize({
        anchor,
        frequency: 'MONTHLY',
        weekendShift: 'PREVIOUS',
        from: '2026-11-01',
        today,
      })) {
        const existing = materialized.get(o.sequence);
        if (existing !== undefined) expect(existing).toBe(o.dueDate);
        materialized.set(o.sequence, o.dueDate);
      }
    }
    const sequences = [...materialized.keys()].sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, i) => i));
    expect(materialized.size).toBeGreaterThanOrEqual(36 + 13);
  });

  it('property: everything due by the horizon, and the next occurrence, is materialized', () => {
    fc.assert(
      fc.property(
        anchorArb,
        frequencyArb,
        shiftArb,
        fc.integer({ min: -2000, max: 2000 }),
        fc.integer({ min: -2000, max: 2000 }),
        (anchor, frequency, weekendShift, fromOffset, todayOffset) => {
          const from = addDays(anchor, fromOffset);
          const today = addDays(anchor, todayOffset);
          const result = occurrencesToMaterialize({ anchor, frequency, weekendShift, from, today });
          const horizon = materializationHorizon(today, frequency, anchor, DEFAULT_HORIZON_MONTHS, from);
          expect(result).toEqual(occurrencesBetween({ anchor, frequency, weekendShift, from, to: horizon }));
          const next = firstSequenceOnOrAfter(anchor, frequency, compareDates(from, today) > 0 ? from : today);
          if (next !== null) expect(result.map((o) => o.sequence)).toContain(next);
          for (const o of result) expect(compareDates(o.scheduledDueDate, from)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('nextAfterCompletion', () => {
  it.each<[string, TaskFrequency, string | null]>([
    ['2026-01-31', 'MONTHLY', '2026-02-28'],
    ['2026-03-15', 'QUARTERLY', '2026-06-15'],
    ['2026-08-31', 'SEMI-ANNUAL', '2027-02-28'],
    ['2024-02-29', 'YEARLY', '2025-02-28'],
    ['2026-12-28', 'WEEKLY', '2027-01-04'],
    ['2026-12-15', 'MONTHLY', '2027-01-15'],
    ['2026-05-20', '5 YEARS', '2031-05-20'],
    ['2026-05-20', 'ONCE', null],
  ])('completed %s, %s → %s', (completedOn, frequency, expected) => {
    expect(nextAfterCompletion(completedOn, frequency)).toBe(expected);
  });

  it('rejects an invalid completion date', () => {
    expect(() => nextAfterCompletion('2026-02-30', 'ONCE')).toThrow(RangeError);
    expect(() => nextAfterCompletion('2026-02-30', 'MONTHLY')).toThrow(RangeError);
  });
});

describe('default windows', () => {
  it.each<[TaskFrequency, number, number]>([
    ['ONCE', 30, 7],
    ['WEEKLY', 2, 1],
    ['MONTHLY', 7, 3],
    ['QUARTERLY', 14, 7],
    ['SEMI-ANNUAL', 30, 14],
    ['YEARLY', 30, 30],
    ['BIENNIAL', 60, 30],
    ['TRIENNUAL', 60, 30],
    ['4 YEARS', 90, 30],
    ['5 YEARS', 90, 30],
    ['6 YEARS', 90, 30],
    ['10 YEARS', 90, 30],
    ['12 YEARS', 90, 30],
  ])('%s: lead %i, grace %i', (frequency, lead, grace) => {
    expect(defaultLeadTimeDays(frequency)).toBe(lead);
    expect(defaultGraceDays(frequency)).toBe(grace);
  });

  it('lead time plus grace fits inside one step of every repeating frequency', () => {
    for (const frequency of TASK_FREQUENCIES) {
      if (frequency === 'ONCE') continue;
      const stepDays = diffDays(scheduledDueDate('2025-02-28', frequency, 1), '2025-02-28');
      const { leadTimeDays, graceDays } = DEFAULT_TASK_WINDOWS[frequency];
      expect(leadTimeDays + graceDays).toBeLessThan(stepDays);
    }
  });
});

describe('windows and timeliness', () => {
  it.each([
    ['2026-03-20', 3, 'ON_TIME'],
    ['2026-03-31', 3, 'ON_TIME'],
    ['2026-04-01', 3, 'LATE'],
    ['2026-04-03', 3, 'LATE'],
    ['2026-04-04', 3, 'MISSED'],
    ['2026-03-31', 0, 'ON_TIME'],
    ['2026-04-01', 0, 'MISSED'],
    ['2026-04-30', 30, 'LATE'],
    ['2026-05-01', 30, 'MISSED'],
  ] as const)('due 2026-03-31, completed %s, grace %i → %s', (completedOn, graceDays, expected) => {
    expect(timelinessOf({ dueDate: '2026-03-31', graceDays, completedOn })).toBe(expected);
  });

  it('grace crosses a year end', () => {
    expect(timelinessOf({ dueDate: '2026-12-30', graceDays: 3, completedOn: '2027-01-02' })).toBe('LATE');
    expect(timelinessOf({ dueDate: '2026-12-30', graceDays: 3, completedOn: '2027-01-03' })).toBe('MISSED');
    expect(graceEndsOn('2026-12-30', 3)).toBe('2027-01-02');
  });

  it('rejects a negative grace', () => {
    expect(() => timelinessOf({ dueDate: '2026-03-31', graceDays: -1, completedOn: '2026-03-31' })).toThrow(RangeError);
  });

  it('opensOn counts lead time back from the due date', () => {
    expect(opensOn('2026-03-07', 7)).toBe('2026-02-28');
    expect(opensOn('2024-03-07', 7)).toBe('2024-02-29');
    expect(opensOn('2027-01-10', 14)).toBe('2026-12-27');
    expect(opensOn('2026-03-07', 0)).toBe('2026-03-07');
    expect(() => opensOn('2026-03-07', -1)).toThrow(RangeError);
  });

  it('isOverdue: incomplete and the due date has passed', () => {
    expect(isOverdue({ dueDate: '2026-03-31', status: 'INCOMPLETE', today: '2026-03-31' })).toBe(false);
    expect(isOverdue({ dueDate: '2026-03-31', status: 'INCOMPLETE', today: '2026-04-01' })).toBe(true);
    expect(isOverdue({ dueDate: '2026-12-31', status: 'INCOMPLETE', today: '2027-01-01' })).toBe(true);
    expect(isOverdue({ dueDate: '2026-03-31', status: 'COMPLETED', today: '2026-04-01' })).toBe(false);
  });

  it('isDueSoon: incomplete and due within the next days, today included', () => {
    const base = { dueDate: '2026-03-31', status: 'INCOMPLETE', withinDays: 7 } as const;
    expect(isDueSoon({ ...base, today: '2026-03-23' })).toBe(false);
    expect(isDueSoon({ ...base, today: '2026-03-24' })).toBe(true);
    expect(isDueSoon({ ...base, today: '2026-03-31' })).toBe(true);
    expect(isDueSoon({ ...base, today: '2026-04-01' })).toBe(false);
    expect(isDueSoon({ ...base, status: 'COMPLETED', today: '2026-03-30' })).toBe(false);
    expect(isDueSoon({ ...base, dueDate: '2027-01-02', today: '2026-12-28' })).toBe(true);
    expect(isDueSoon({ ...base, withinDays: 0, today: '2026-03-31' })).toBe(true);
  });
});

describe('periodLabel', () => {
  it.each<[string, TaskFrequency, string]>([
    ['2026-07-01', 'WEEKLY', '2026-W27'],
    ['2027-01-01', 'WEEKLY', '2026-W53'],
    ['2024-12-30', 'WEEKLY', '2025-W01'],
    ['2026-03-02', 'WEEKLY', '2026-W10'],
    ['2026-07-31', 'MONTHLY', '2026-07'],
    ['2026-01-15', 'MONTHLY', '2026-01'],
    ['2026-07-01', 'QUARTERLY', '2026-Q3'],
    ['2026-03-31', 'QUARTERLY', '2026-Q1'],
    ['2026-04-01', 'QUARTERLY', '2026-Q2'],
    ['2026-12-31', 'QUARTERLY', '2026-Q4'],
    ['2026-06-30', 'SEMI-ANNUAL', '2026-H1'],
    ['2026-07-01', 'SEMI-ANNUAL', '2026-H2'],
    ['2026-07-01', 'YEARLY', '2026'],
    ['2026-07-01', 'BIENNIAL', '2026'],
    ['2036-02-29', '12 YEARS', '2036'],
    ['2026-07-01', 'ONCE', '2026-07-01'],
  ])('%s %s → %s', (date, frequency, expected) => {
    expect(periodLabel(date, frequency)).toBe(expected);
  });

  it('every frequency has a label', () => {
    for (const frequency of TASK_FREQUENCIES) expect(periodLabel('2026-05-05', frequency)).toMatch(/^\d{4}/);
  });

  it('property: consecutive occurrences of a repeating series have distinct labels', () => {
    fc.assert(
      fc.property(anchorArb, repeatingFrequencyArb, kArb, (anchor, frequency, k) => {
        const a = periodLabel(scheduledDueDate(anchor, frequency, k), frequency);
        const b = periodLabel(scheduledDueDate(anchor, frequency, k + 1), frequency);
        expect(a).not.toBe(b);
      }),
    );
  });
});

describe('properties of a series', () => {
  it('occurrence k depends only on the anchor and k: computing it directly equals finding it in any range', () => {
    fc.assert(
      fc.property(
        anchorArb,
        frequencyArb,
        shiftArb,
        kArb,
        fc.nat(800),
        fc.nat(800),
        (anchor, frequency, weekendShift, rawK, before, after) => {
          const k = frequency === 'ONCE' ? 0 : rawK;
          const scheduled = scheduledDueDate(anchor, frequency, k);
          const found = occurrencesBetween({
            anchor,
            frequency,
            weekendShift,
            from: addDays(scheduled, -before),
            to: addDays(scheduled, after),
          }).find((o) => o.sequence === k);
          expect(found).toEqual({
            sequence: k,
            scheduledDueDate: scheduled,
            dueDate: applyWeekendShift(scheduled, weekendShift),
          });
        },
      ),
    );
  });

  it('occurrencesBetween returns exactly the occurrences in range, each equal to its direct computation', () => {
    fc.assert(
      fc.property(
        anchorArb,
        frequencyArb,
        shiftArb,
        fc.integer({ min: -3000, max: 30_000 }),
        fc.nat(3000),
        (anchor, frequency, weekendShift, fromOffset, length) => {
          const from = addDays(anchor, fromOffset);
          const to = addDays(from, length);
          const result = occurrencesBetween({ anchor, frequency, weekendShift, from, to });
          for (const [i, o] of result.entries()) {
            expect(o.scheduledDueDate).toBe(scheduledDueDate(anchor, frequency, o.sequence));
            expect(compareDates(o.scheduledDueDate, from)).toBeGreaterThanOrEqual(0);
            expect(compareDates(o.scheduledDueDate, to)).toBeLessThanOrEqual(0);
            if (i > 0) expect(o.sequence).toBe(result[i - 1]!.sequence + 1);
          }
          // Nothing in range is left out on either side.
          const first = result[0]?.sequence ?? firstSequenceOnOrAfter(anchor, frequency, from);
          if (first !== null && first > 0) {
            expect(compareDates(scheduledDueDate(anchor, frequency, first - 1), from)).toBeLessThan(0);
          }
          if (frequency !== 'ONCE' && first !== null) {
            const afterLast = (result.at(-1)?.sequence ?? first - 1) + 1;
            expect(compareDates(scheduledDueDate(anchor, frequency, afterLast), to)).toBeGreaterThan(0);
          }
        },
      ),
    );
  });

  it('scheduled and shifted due dates strictly increase with k', () => {
    fc.assert(
      fc.property(anchorArb, repeatingFrequencyArb, shiftArb, kArb, (anchor, frequency, shift, k) => {
        const current = scheduledDueDate(anchor, frequency, k);
        const next = scheduledDueDate(anchor, frequency, k + 1);
        expect(compareDates(current, next)).toBeLessThan(0);
        expect(compareDates(applyWeekendShift(current, shift), applyWeekendShift(next, shift))).toBeLessThan(0);
      }),
    );
  });

  it('the day of month is the anchor’s, or the month’s last day when the anchor’s day does not exist', () => {
    fc.assert(
      fc.property(anchorArb, monthFrequencyArb, kArb, (anchor, frequency, k) => {
        const a = parseCalendarDate(anchor);
        const d = parseCalendarDate(scheduledDueDate(anchor, frequency, k));
        const lastDay = daysInMonth(d.year, d.month);
        expect(d.day).toBe(a.day <= lastDay ? a.day : lastDay);
        // And it is in month anchor + k · step.
        expect(d.year * 12 + d.month - (a.year * 12 + a.month)).toBe(MONTH_STEPS[frequency] * k);
      }),
    );
  });

  it('weekly occurrences are exactly 7·k days after the anchor', () => {
    fc.assert(
      fc.property(anchorArb, fc.integer({ min: 0, max: 20_000 }), (anchor, k) => {
        expect(diffDays(scheduledDueDate(anchor, 'WEEKLY', k), anchor)).toBe(7 * k);
      }),
    );
  });

  it('generation is idempotent and ranges split and concatenate', () => {
    fc.assert(
      fc.property(
        anchorArb,
        frequencyArb,
        shiftArb,
        fc.integer({ min: -1000, max: 10_000 }),
        fc.nat(2000),
        fc.nat(2000),
        (anchor, frequency, weekendShift, aOffset, ab, bc) => {
          const a = addDays(anchor, aOffset);
          const b = addDays(a, ab);
          const c = addDays(b, bc);
          const whole = occurrencesBetween({ anchor, frequency, weekendShift, from: a, to: c });
          expect(occurrencesBetween({ anchor, frequency, weekendShift, from: a, to: c })).toEqual(whole);
          const left = occurrencesBetween({ anchor, frequency, weekendShift, from: a, to: b });
          const right = occurrencesBetween({ anchor, frequency, weekendShift, from: addDays(b, 1), to: c });
          expect([...left, ...right]).toEqual(whole);
        },
      ),
    );
  });

  it('after-completion steps equal one calendar step from the completion date', () => {
    fc.assert(
      fc.property(dateArb, repeatingFrequencyArb, (completedOn, frequency) => {
        expect(nextAfterCompletion(completedOn, frequency)).toBe(scheduledDueDate(completedOn, frequency, 1));
      }),
    );
  });
});
