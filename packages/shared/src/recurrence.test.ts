import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TASK_FREQUENCIES, type TaskFrequency } from './enums';
import { dayOfWeek, diffDays } from './calendar-date';
import {
  MONTH_STEPS,
  WEEKLY_STEP_DAYS,
  applyWeekendShift,
  isMonthStepFrequency,
  occurrencesBetween,
  scheduledDueDate,
} from './recurrence';

import { dateArb, ORACLE_MONTHS, processEnv, series, shiftArb } from './recurrence-test-support';

describe('MONTH_STEPS', () => {
  it('has the steps of each frequency', () => {
    expect(MONTH_STEPS).toEqual(ORACLE_MONTHS);
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
