import { describe, expect, it } from 'vitest';
import {
  afterCompletionOccurrence,
  calendarOccurrences,
  extendCalendarSeries,
  planSeries,
  type SeriesRule,
  type SeriesTask,
} from './task-series';

const monthly31: SeriesRule = {
  scheduleMode: 'CALENDAR',
  anchor: '2026-01-31',
  frequency: 'MONTHLY',
  weekendShift: 'NONE',
  activeFrom: null,
  activeUntil: null,
};

/** The tasks a plan would leave: kept ones plus added ones, as `sequence:dueDate`. */
function tasksOf(occurrences: { sequence: number; dueDate: string }[]): SeriesTask[] {
  return occurrences.map((occurrence) => ({
    id: `t${occurrence.sequence}`,
    sequence: occurrence.sequence,
    scheduledDueDate: occurrence.dueDate,
    dueDate: occurrence.dueDate,
    status: 'INCOMPLETE',
    touched: false,
    completedOn: null,
    periodLabel: occurrence.dueDate.slice(0, 7),
    frequency: 'MONTHLY',
  }));
}

describe('calendar occurrences', () => {
  it('numbers occurrence k as offset + k and clamps month ends from the anchor', () => {
    const occurrences = calendarOccurrences(monthly31, 0, '2026-01-01', '2026-05-31');
    expect(occurrences.map((o) => `${o.sequence}:${o.dueDate}:${o.periodLabel}`)).toEqual([
      '0:2026-01-31:2026-01',
      '1:2026-02-28:2026-02',
      '2:2026-03-31:2026-03',
      '3:2026-04-30:2026-04',
      '4:2026-05-31:2026-05',
    ]);
    expect(calendarOccurrences(monthly31, 10, '2026-03-01', '2026-03-31').map((o) => o.sequence)).toEqual([12]);
  });

  it('stays inside activeFrom and activeUntil', () => {
    const rule = { ...monthly31, activeFrom: '2026-03-01', activeUntil: '2026-04-30' };
    expect(calendarOccurrences(rule, 0, '2026-01-01', '2026-12-31').map((o) => o.dueDate)).toEqual([
      '2026-03-31',
      '2026-04-30',
    ]);
  });

  it('extends daily only past the watermark, and finds nothing to do the same day', () => {
    const first = extendCalendarSeries({
      rule: monthly31,
      offset: 0,
      generateFrom: '2026-03-10',
      materializedTo: null,
      today: '2026-03-10',
      horizonMonths: 13,
    });
    expect(first?.occurrences.map((o) => o.dueDate)[0]).toBe('2026-03-31');
    expect(first?.occurrences).toHaveLength(13);
    expect(first?.materializedTo).toBe('2027-04-10');
    const again = extendCalendarSeries({
      rule: monthly31,
      offset: 0,
      generateFrom: '2026-03-10',
      materializedTo: first!.materializedTo,
      today: '2026-03-10',
      horizonMonths: 13,
    });
    expect(again).toBeNull();
    const nextMonth = extendCalendarSeries({
      rule: monthly31,
      offset: 0,
      generateFrom: '2026-03-10',
      materializedTo: first!.materializedTo,
      today: '2026-04-10',
      horizonMonths: 13,
    });
    expect(nextMonth?.occurrences.map((o) => `${o.sequence}:${o.dueDate}`)).toEqual(['15:2027-04-30']);
  });

  it('always materializes the next occurrence of a 12-year series', () => {
    const rule: SeriesRule = { ...monthly31, anchor: '2020-06-01', frequency: '12 YEARS' };
    const result = extendCalendarSeries({
      rule,
      offset: 0,
      generateFrom: '2026-03-10',
      materializedTo: null,
      today: '2026-03-10',
      horizonMonths: 13,
    });
    expect(result?.occurrences.map((o) => `${o.sequence}:${o.dueDate}`)).toEqual(['1:2032-06-01']);
  });
});

describe('planning an edit', () => {
  const today = '2026-03-10';
  const base = { isNew: false, offset: 0, generateFrom: '2026-01-01', today, horizonMonths: 13 };
  const history = calendarOccurrences(monthly31, 0, '2026-01-01', '2027-03-31');
  const tasks = tasksOf(history);

  it('changes nothing when the rule is the same', () => {
    const plan = planSeries({ ...base, oldRule: monthly31, newRule: monthly31, tasks });
    expect(plan.added).toEqual([]);
    expect(plan.moved).toEqual([]);
    expect(plan.removed).toEqual([]);
    expect(plan.offset).toBe(0);
  });

  it('moves only untouched future tasks when the anchor day changes', () => {
    const touched = tasks.map((task) => (task.sequence === 4 ? { ...task, touched: true } : task));
    const plan = planSeries({
      ...base,
      oldRule: monthly31,
      newRule: { ...monthly31, anchor: '2026-01-15' },
      tasks: touched,
    });
    // Past tasks (January, February) and the touched one (May) stay; March, April, June … move to the 15th.
    const moved = plan.moved.map((move) => `${move.task.sequence}:${move.task.dueDate}>${move.to.dueDate}`);
    expect(moved[0]).toBe('2:2026-03-31>2026-03-15');
    expect(moved.filter((move) => /^[014]:/.test(move))).toEqual([]);
    expect(plan.moved.map((move) => move.task.sequence)).not.toContain(4);
    expect(plan.removed).toEqual([]);
    expect(plan.added).toEqual([]);
  });

  it('renumbers from the first upcoming occurrence when the frequency changes, never reusing history numbers', () => {
    const plan = planSeries({
      ...base,
      oldRule: monthly31,
      newRule: { ...monthly31, frequency: 'QUARTERLY' },
      tasks,
    });
    // Quarterly from 31 January: 30 April, 31 July, 31 October, 31 January 2027 — numbered from 2 (March's number).
    expect(plan.moved.map((move) => `${move.to.sequence}:${move.to.dueDate}`)).toEqual([
      '2:2026-04-30',
      '3:2026-07-31',
      '4:2026-10-31',
      '5:2027-01-31',
    ]);
    expect(plan.removed.map((task) => task.sequence)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(plan.offset).toBe(1);
  });

  it('never lets a kept task of another period swallow an occurrence of the new rule', () => {
    // April, May and June were worked on (touched); then the requirement becomes quarterly.
    const worked = tasks.map((task) => ([3, 4, 5].includes(task.sequence) ? { ...task, touched: true } : task));
    const plan = planSeries({
      ...base,
      oldRule: monthly31,
      newRule: { ...monthly31, frequency: 'QUARTERLY' },
      tasks: worked,
    });
    const highest = Math.max(...worked.map((task) => task.sequence));
    expect(plan.added.map((occurrence) => occurrence.dueDate)).toEqual([
      '2026-04-30',
      '2026-07-31',
      '2026-10-31',
      '2027-01-31',
    ]);
    expect(plan.added.every((occurrence) => occurrence.sequence > highest)).toBe(true);
    expect(plan.moved).toEqual([]);
    expect(plan.removed.map((task) => task.sequence)).toEqual([2, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    // The daily job continues the new numbering.
    expect(plan.offset + 5).toBe(plan.added.at(-1)!.sequence + 1);
  });

  it('lets a kept task stand for its occurrence when only the day of the month changes', () => {
    const worked = tasks.map((task) => (task.sequence === 3 ? { ...task, touched: true } : task));
    const plan = planSeries({
      ...base,
      oldRule: monthly31,
      newRule: { ...monthly31, anchor: '2026-01-15' },
      tasks: worked,
    });
    expect(plan.added).toEqual([]);
    expect(plan.moved.map((move) => move.to.dueDate)).not.toContain('2026-04-15');
  });

  it('removes every editable task when the series ends (retired, not applicable, unbound)', () => {
    const completed = tasks.map((task) =>
      task.sequence === 3 ? { ...task, status: 'COMPLETED' as const, touched: true, completedOn: '2026-03-01' } : task,
    );
    const plan = planSeries({ ...base, oldRule: monthly31, newRule: null, tasks: completed });
    expect(plan.removed.map((task) => task.sequence)).toEqual([2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
  });

  it('starts a new binding at its first occurrence on or after the day it is bound, or at the backfill date', () => {
    const fresh = planSeries({
      ...base,
      isNew: true,
      generateFrom: today,
      oldRule: null,
      newRule: monthly31,
      tasks: [],
    });
    expect(fresh.added[0]).toMatchObject({ sequence: 2, dueDate: '2026-03-31' });
    const backfilled = planSeries({
      ...base,
      isNew: true,
      generateFrom: '2025-06-01',
      oldRule: null,
      newRule: { ...monthly31, anchor: '2025-01-31' },
      tasks: [],
    });
    expect(backfilled.added[0]).toMatchObject({ sequence: 5, dueDate: '2025-06-30' });
  });

  it('keeps after-completion series at one open occurrence, one step after the last completion', () => {
    const rule: SeriesRule = { ...monthly31, scheduleMode: 'AFTER_COMPLETION', anchor: '2026-03-20' };
    expect(afterCompletionOccurrence(rule, [])).toMatchObject({ sequence: 0, dueDate: '2026-03-20' });
    const done: SeriesTask[] = [
      {
        id: 'a',
        sequence: 0,
        scheduledDueDate: '2026-03-20',
        dueDate: '2026-03-20',
        status: 'COMPLETED',
        touched: true,
        completedOn: '2026-03-25',
        periodLabel: '2026-03',
        frequency: 'MONTHLY',
      },
    ];
    expect(afterCompletionOccurrence(rule, done)).toMatchObject({ sequence: 1, dueDate: '2026-04-25' });
    expect(afterCompletionOccurrence({ ...rule, frequency: 'ONCE' }, done)).toBeNull();
  });
});
