import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '@rtms/shared/calendar-date';
import { WEEKEND_SHIFTS } from '@rtms/shared/enums';
import {
  afterCompletionOccurrence,
  calendarOccurrences,
  extendCalendarSeries,
  isEditable,
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
  periodStartMonth: 1,
  periodDueDays: null,
  periodDueDayOfMonth: null,
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
    shiftHoliday: null,
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
  /** The plan of moving the monthly series' day from the 31st to the 15th, the task of `touchedSequence` worked on. */
  const anchorMovedTo15th = (touchedSequence: number) =>
    planSeries({
      ...base,
      oldRule: monthly31,
      newRule: { ...monthly31, anchor: '2026-01-15' },
      tasks: tasks.map((task) => (task.sequence === touchedSequence ? { ...task, touched: true } : task)),
    });

  it('changes nothing when the rule is the same', () => {
    const plan = planSeries({ ...base, oldRule: monthly31, newRule: monthly31, tasks });
    expect(plan.added).toEqual([]);
    expect(plan.moved).toEqual([]);
    expect(plan.removed).toEqual([]);
    expect(plan.offset).toBe(0);
  });

  it('moves only untouched future tasks when the anchor day changes', () => {
    const plan = anchorMovedTo15th(4);
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
    // 30 April is April's worked task; July, October and January are the untouched monthly tasks of those
    // days, renumbered after every existing task and relabelled by quarter. Nothing is added.
    expect(plan.added).toEqual([]);
    expect(
      plan.moved.map((move) => `${move.task.sequence}>${move.to.sequence}:${move.to.dueDate}:${move.to.periodLabel}`),
    ).toEqual([
      `6>${highest + 2}:2026-07-31:2026-Q3`,
      `9>${highest + 3}:2026-10-31:2026-Q4`,
      `12>${highest + 4}:2027-01-31:2027-Q1`,
    ]);
    expect(plan.removed.map((task) => task.sequence)).toEqual([2, 7, 8, 10, 11, 13, 14]);
    // The daily job continues the new numbering.
    expect(plan.offset + 5).toBe(highest + 5);
  });

  it('never adds a task on a day a completed task of the old rule already holds', () => {
    // April's task (30 April) was completed early; then the requirement becomes quarterly from 31 January.
    const done = tasks.map((task) =>
      task.sequence === 3 ? { ...task, status: 'COMPLETED' as const, touched: true, completedOn: '2026-03-05' } : task,
    );
    const plan = planSeries({
      ...base,
      oldRule: monthly31,
      newRule: { ...monthly31, frequency: 'QUARTERLY' },
      tasks: done,
    });
    const days = (occurrences: { dueDate: string }[]) => occurrences.map((occurrence) => occurrence.dueDate);
    expect(days(plan.added)).not.toContain('2026-04-30');
    expect(days(plan.moved.map((move) => move.to))).not.toContain('2026-04-30');
    // After the plan: exactly one task per quarterly day from today on.
    const removed = new Set(plan.removed.map((task) => task.id));
    const movedIds = new Set(plan.moved.map((move) => move.task.id));
    const after = [
      ...done.filter((task) => !removed.has(task.id) && !movedIds.has(task.id)),
      ...plan.moved.map((move) => move.to),
      ...plan.added,
    ].filter((task) => task.dueDate >= today);
    expect(days(after).sort()).toEqual(['2026-04-30', '2026-07-31', '2026-10-31', '2027-01-31']);
  });

  it('relabels an untouched task that keeps its day when the frequency changes', () => {
    // On 10 April the next monthly task is 30 April, which is also the next quarterly occurrence.
    const plan = planSeries({
      ...base,
      today: '2026-04-10',
      oldRule: monthly31,
      newRule: { ...monthly31, frequency: 'QUARTERLY' },
      tasks,
    });
    const april = plan.moved.find((move) => move.task.dueDate === '2026-04-30');
    expect(april?.to).toMatchObject({ dueDate: '2026-04-30', periodLabel: '2026-Q2' });
    expect(plan.unchanged.map((task) => task.periodLabel)).toEqual([]);
  });

  it('lets a kept task stand for its occurrence when only the day of the month changes', () => {
    const plan = anchorMovedTo15th(3);
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
        shiftHoliday: null,
      },
    ];
    expect(afterCompletionOccurrence(rule, done)).toMatchObject({ sequence: 1, dueDate: '2026-04-25' });
    expect(afterCompletionOccurrence({ ...rule, frequency: 'ONCE' }, done)).toBeNull();
  });

  it('keeps the open after-completion task that falls on the day of the one completed early, through any edit', () => {
    const weekly: SeriesRule = {
      ...monthly31,
      scheduleMode: 'AFTER_COMPLETION',
      frequency: 'WEEKLY',
      anchor: '2026-05-04',
    };
    // Due Monday 11 May, completed a week early on 4 May: the next is due 11 May too.
    const tasks: SeriesTask[] = [
      {
        id: 'done',
        sequence: 5,
        scheduledDueDate: '2026-05-11',
        dueDate: '2026-05-11',
        status: 'COMPLETED',
        touched: true,
        completedOn: '2026-05-04',
        periodLabel: '2026-W20',
        frequency: 'WEEKLY',
        shiftHoliday: null,
      },
      {
        id: 'next',
        sequence: 6,
        scheduledDueDate: '2026-05-11',
        dueDate: '2026-05-11',
        status: 'INCOMPLETE',
        touched: false,
        completedOn: null,
        periodLabel: '2026-W20',
        frequency: 'WEEKLY',
        shiftHoliday: null,
      },
    ];
    const plan = planSeries({
      oldRule: weekly,
      newRule: weekly,
      isNew: false,
      offset: 0,
      generateFrom: '2026-05-04',
      today: '2026-05-05',
      horizonMonths: 13,
      tasks,
    });
    expect(plan.removed).toEqual([]);
    expect(plan.added).toEqual([]);
    expect(plan.unchanged.map((task) => task.id)).toEqual(['next']);
  });
});

describe('planning an edit, for any change of frequency and any worked-on tasks', () => {
  const frequencies = ['WEEKLY', 'MONTHLY', 'QUARTERLY', 'SEMI-ANNUAL', 'YEARLY'] as const;

  it('leaves exactly one task per day of the new rule from today on, never two on one day, history intact', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...frequencies),
        fc.constantFrom(...frequencies),
        fc.integer({ min: 0, max: 27 }),
        fc.integer({ min: 0, max: 400 }),
        fc.array(fc.boolean(), { minLength: 80, maxLength: 80 }),
        fc.array(fc.boolean(), { minLength: 80, maxLength: 80 }),
        fc.constantFrom(...WEEKEND_SHIFTS),
        (oldFrequency, newFrequency, anchorDay, todayOffset, touchedFlags, completedFlags, weekendShift) => {
          const oldRule: SeriesRule = { ...monthly31, anchor: '2026-01-01', frequency: oldFrequency, weekendShift };
          const newRule: SeriesRule = { ...oldRule, anchor: addDays('2026-01-01', anchorDay), frequency: newFrequency };
          const today = addDays('2026-01-01', todayOffset);
          const existing = calendarOccurrences(oldRule, 0, '2026-01-01', addDays(today, 400)).map(
            (occurrence, index): SeriesTask => {
              const completed = completedFlags[index % 80]!;
              return {
                id: `t${occurrence.sequence}`,
                sequence: occurrence.sequence,
                scheduledDueDate: occurrence.scheduledDueDate,
                dueDate: occurrence.dueDate,
                status: completed ? 'COMPLETED' : 'INCOMPLETE',
                touched: completed || touchedFlags[index % 80]!,
                completedOn: completed ? occurrence.dueDate : null,
                periodLabel: occurrence.periodLabel,
                frequency: oldFrequency,
                shiftHoliday: null,
              };
            },
          );
          const plan = planSeries({
            oldRule,
            newRule,
            isNew: false,
            offset: 0,
            generateFrom: '2026-01-01',
            today,
            horizonMonths: 13,
            tasks: existing,
          });
          const removed = new Set(plan.removed.map((task) => task.id));
          const moved = new Map(plan.moved.map((move) => [move.task.id, move.to]));
          // Nothing but editable tasks is moved or removed.
          for (const task of [...plan.removed, ...plan.moved.map((move) => move.task)]) {
            expect(isEditable(task, today)).toBe(true);
          }
          const after = [
            ...existing.filter((task) => !removed.has(task.id)).map((task) => moved.get(task.id) ?? task),
            ...plan.added,
          ];
          const sequences = after.map((task) => task.sequence);
          expect(new Set(sequences).size).toBe(sequences.length);
          const upcoming = after.filter((task) => task.scheduledDueDate >= today).map((task) => task.scheduledDueDate);
          expect(new Set(upcoming).size).toBe(upcoming.length);
          // Every occurrence of the new rule up to the watermark has its task.
          const wanted = calendarOccurrences(newRule, 0, today, plan.materializedTo!).map((o) => o.scheduledDueDate);
          const days = new Set(upcoming);
          const kept = existing.filter((task) => !isEditable(task, today));
          for (const day of wanted) {
            const coveredByPeriod = kept.some(
              (task) =>
                task.frequency === newFrequency &&
                task.periodLabel === calendarOccurrences(newRule, 0, day, day)[0]!.periodLabel,
            );
            expect(days.has(day) || coveredByPeriod).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
