import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TASK_FREQUENCIES, type TaskFrequency } from './enums';
import { diffDays } from './calendar-date';
import {
  DEFAULT_TASK_WINDOWS,
  defaultGraceDays,
  defaultLeadTimeDays,
  graceEndsOn,
  isDueSoon,
  isOverdue,
  nextAfterCompletion,
  opensOn,
  periodLabel,
  scheduledDueDate,
  timelinessOf,
} from './recurrence';

import { anchorArb, kArb, repeatingFrequencyArb } from './recurrence-test-support';

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
