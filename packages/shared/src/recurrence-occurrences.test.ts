import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type TaskFrequency } from './enums';
import { addDays, compareDates, diffDays } from './calendar-date';
import {
  DEFAULT_HORIZON_MONTHS,
  firstSequenceOnOrAfter,
  materializationHorizon,
  occurrencesBetween,
  occurrencesToMaterialize,
  scheduledDueDate,
} from './recurrence';

import { anchorArb, frequencyArb, repeatingFrequencyArb, shiftArb } from './recurrence-test-support';

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
