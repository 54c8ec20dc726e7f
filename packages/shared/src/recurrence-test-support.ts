import fc from 'fast-check';
import { TASK_FREQUENCIES, WEEKEND_SHIFTS, type TaskFrequency } from './enums';
import { daysInMonth, fromDayNumber, toDayNumber } from './calendar-date';
import { isMonthStepFrequency, scheduledDueDate } from './recurrence';

/** What the recurrence test files share: the process environment, a series helper and fast-check arbitraries. */

/**
 * The shared package compiles without Node types (it also runs in the browser), so the tests reach the
 * process environment through `globalThis`; vitest runs them in Node, where it exists.
 */
export const processEnv = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process
  .env;

/**
 * Months per step: the table of the scheduling rules, written out again rather than imported from recurrence.ts, so that
 * the oracle (recurrence-oracle.test.ts) and the table's own test check the code against the product's words.
 */
export const ORACLE_MONTHS: Record<Exclude<TaskFrequency, 'ONCE' | 'WEEKLY'>, number> = {
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
};

/** The first `count` scheduled due dates of a series. */
export function series(anchor: string, frequency: TaskFrequency, count: number): string[] {
  return Array.from({ length: count }, (_, k) => scheduledDueDate(anchor, frequency, k));
}

export const dateArb = fc
  .integer({ min: toDayNumber('1900-01-01'), max: toDayNumber('2400-12-31') })
  .map(fromDayNumber);
/** Anchors biased towards the 28th–31st, where clamping happens. */
export const anchorArb = fc.oneof(
  dateArb,
  fc
    .record({ year: fc.integer({ min: 1900, max: 2400 }), month: fc.integer({ min: 1, max: 12 }), back: fc.nat(3) })
    .map(({ year, month, back }) =>
      fromDayNumber(toDayNumber(`${year}-${String(month).padStart(2, '0')}-01`) + daysInMonth(year, month) - 1 - back),
    ),
);
export const frequencyArb = fc.constantFrom(...TASK_FREQUENCIES);
export const repeatingFrequencyArb = fc.constantFrom(...TASK_FREQUENCIES.filter((f) => f !== 'ONCE'));
export const monthFrequencyArb = fc.constantFrom(...TASK_FREQUENCIES.filter(isMonthStepFrequency));
export const shiftArb = fc.constantFrom(...WEEKEND_SHIFTS);
/** k up to 300 keeps even a 12-year series from 2400 inside year 9999. */
export const kArb = fc.integer({ min: 0, max: 300 });
