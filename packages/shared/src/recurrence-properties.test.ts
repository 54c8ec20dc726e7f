import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, compareDates, daysInMonth, diffDays, parseCalendarDate } from './calendar-date';
import {
  MONTH_STEPS,
  applyWeekendShift,
  firstSequenceOnOrAfter,
  nextAfterCompletion,
  occurrencesBetween,
  scheduledDueDate,
} from './recurrence';

import {
  anchorArb,
  dateArb,
  frequencyArb,
  kArb,
  monthFrequencyArb,
  repeatingFrequencyArb,
  shiftArb,
} from './recurrence-test-support';

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
