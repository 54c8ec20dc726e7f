import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, fromDayNumber, toDayNumber } from './calendar-date';
import { isDueSoon, isOverdue, opensOn } from './recurrence';
import { taskStatesQuerySchema } from './schemas/tasks';
import { OPEN_WORK_STATES, taskState, type TaskStateInput } from './task-state';

const due = '2026-07-15';
const open = (leadTimeDays: number, dueDate = due): TaskStateInput => ({
  status: 'INCOMPLETE',
  notApplicableReason: null,
  dueDate,
  leadTimeDays,
});

describe('taskState', () => {
  it('walks a task with a 30-day lead time through its window, edge by edge', () => {
    const task = open(30);
    expect(taskState(task, '2026-06-14')).toBe('UPCOMING'); // the day before it opens
    expect(taskState(task, '2026-06-15')).toBe('OPEN'); // the day it opens (due - 30)
    expect(taskState(task, '2026-07-07')).toBe('OPEN'); // due - 8
    expect(taskState(task, '2026-07-08')).toBe('DUE_SOON'); // due - 7
    expect(taskState(task, '2026-07-15')).toBe('DUE_SOON'); // the due day is not overdue yet
    expect(taskState(task, '2026-07-16')).toBe('OVERDUE'); // the day after
  });

  it('keeps a task whose lead time is shorter than the due-soon span upcoming until it opens', () => {
    const task = open(3);
    expect(taskState(task, '2026-07-08')).toBe('UPCOMING');
    expect(taskState(task, '2026-07-11')).toBe('UPCOMING');
    expect(taskState(task, '2026-07-12')).toBe('DUE_SOON');
  });

  it('opens a task with no lead time on its due day only', () => {
    expect(taskState(open(0), '2026-07-14')).toBe('UPCOMING');
    expect(taskState(open(0), '2026-07-15')).toBe('DUE_SOON');
  });

  it('counts a task as overdue during grace and after it (grace only judges a late completion)', () => {
    expect(taskState(open(30), '2026-07-16')).toBe('OVERDUE');
    expect(taskState(open(30), '2027-01-01')).toBe('OVERDUE');
  });

  it('answers COMPLETED and NOT_APPLICABLE whatever the dates', () => {
    expect(taskState({ ...open(30), status: 'COMPLETED' }, '2020-01-01')).toBe('COMPLETED');
    expect(taskState({ ...open(30), status: 'COMPLETED' }, '2030-01-01')).toBe('COMPLETED');
    expect(taskState({ ...open(30), notApplicableReason: 'Decommissioned' }, '2030-01-01')).toBe('NOT_APPLICABLE');
    expect(taskState({ ...open(30), notApplicableReason: 'Decommissioned' }, '2020-01-01')).toBe('NOT_APPLICABLE');
  });

  it('crosses month and leap-year ends like the calendar does', () => {
    const task = open(1, '2028-03-01');
    expect(taskState(task, '2028-02-28')).toBe('UPCOMING');
    expect(taskState(task, '2028-02-29')).toBe('DUE_SOON');
  });

  it('agrees with opensOn, isOverdue and isDueSoon for any task and day', () => {
    const day = fc.integer({ min: toDayNumber('2000-01-01'), max: toDayNumber('2100-12-31') }).map(fromDayNumber);
    fc.assert(
      fc.property(day, fc.integer({ min: -400, max: 400 }), fc.integer({ min: 0, max: 365 }), (today, offset, lead) => {
        const dueDate = addDays(today, offset);
        const state = taskState(open(lead, dueDate), today);
        const overdue = isOverdue({ dueDate, status: 'INCOMPLETE', today });
        const opened = opensOn(dueDate, lead) <= today;
        const soon = isDueSoon({ dueDate, status: 'INCOMPLETE', today, withinDays: 7 });
        expect(state === 'OVERDUE').toBe(overdue);
        expect(state === 'UPCOMING').toBe(!overdue && !opened);
        expect(state === 'DUE_SOON').toBe(opened && soon);
        expect((OPEN_WORK_STATES as readonly string[]).includes(state)).toBe(opened || overdue);
      }),
    );
  });
});

describe('taskStatesQuerySchema', () => {
  it('reads repeated and comma-separated values, sorted and without duplicates', () => {
    expect(taskStatesQuerySchema.parse(['OPEN', 'DUE_SOON,OPEN'])).toEqual(['DUE_SOON', 'OPEN']);
    expect(taskStatesQuerySchema.parse('OVERDUE')).toEqual(['OVERDUE']);
    expect(taskStatesQuerySchema.parse(undefined)).toBeUndefined();
  });

  it('refuses an unknown state', () => {
    expect(taskStatesQuerySchema.safeParse('LATE').success).toBe(false);
    expect(taskStatesQuerySchema.safeParse('').success).toBe(false);
  });
});
