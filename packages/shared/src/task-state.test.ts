import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, fromDayNumber, toDayNumber } from './calendar-date';
import { isDueSoon, isOverdue, opensOn } from './recurrence';
import { taskStatesQuerySchema } from './schemas/tasks';
import { OPEN_WORK_STATES, STATE_URGENCY, taskState, type TaskStateInput } from './task-state';

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

  it('makes a task whose lead time is shorter than the due-soon span due soon 7 days before, whatever its window', () => {
    const task = open(3);
    expect(taskState(task, '2026-07-07')).toBe('UPCOMING'); // due - 8: its window (due - 3) is not open
    expect(taskState(task, '2026-07-08')).toBe('DUE_SOON'); // due - 7, although it opens on due - 3
    expect(taskState(task, '2026-07-12')).toBe('DUE_SOON');
  });

  it('gives a task with no lead time its due-soon week too', () => {
    expect(taskState(open(0), '2026-07-07')).toBe('UPCOMING');
    expect(taskState(open(0), '2026-07-08')).toBe('DUE_SOON');
    expect(taskState(open(0), '2026-07-15')).toBe('DUE_SOON');
  });

  it('never shows the issue’s order again: 8 December (3-day lead) is as urgent as 10 December, more than 15', () => {
    const today = '2026-12-06';
    const states = [
      taskState(open(3, '2026-12-08'), today),
      taskState(open(30, '2026-12-10'), today),
      taskState(open(30, '2026-12-15'), today),
    ];
    expect(states).toEqual(['DUE_SOON', 'DUE_SOON', 'OPEN']);
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

  it('answers PENDING_REVIEW for a completion awaiting a reviewer, whatever the dates, and never for an open task', () => {
    expect(taskState({ ...open(30), status: 'COMPLETED', awaitingReview: true }, '2020-01-01')).toBe('PENDING_REVIEW');
    expect(taskState({ ...open(30), status: 'COMPLETED', awaitingReview: true }, '2030-01-01')).toBe('PENDING_REVIEW');
    expect(taskState({ ...open(30), status: 'COMPLETED', awaitingReview: false }, '2030-01-01')).toBe('COMPLETED');
    expect(taskState({ ...open(30), awaitingReview: true }, '2030-01-01')).toBe('OVERDUE');
  });

  it('crosses month and leap-year ends like the calendar does', () => {
    const task = open(1, '2028-03-01');
    expect(taskState(task, '2028-02-22')).toBe('UPCOMING');
    expect(taskState(task, '2028-02-23')).toBe('DUE_SOON'); // 1 March - 7 across 29 February
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
        expect(state === 'UPCOMING').toBe(!overdue && !soon && !opened);
        expect(state === 'DUE_SOON').toBe(soon);
        expect((OPEN_WORK_STATES as readonly string[]).includes(state)).toBe(opened || overdue || soon);
      }),
    );
  });

  it('never shows a task due sooner as less urgent than one due later, whatever their lead times', () => {
    const day = fc.integer({ min: toDayNumber('2000-01-01'), max: toDayNumber('2100-12-31') }).map(fromDayNumber);
    const offset = fc.integer({ min: -60, max: 400 });
    const lead = fc.integer({ min: 0, max: 365 });
    fc.assert(
      fc.property(day, offset, offset, lead, lead, (today, a, b, leadA, leadB) => {
        const [sooner, later] = a <= b ? [a, b] : [b, a];
        const urgency = (offsetDays: number, leadTimeDays: number) => {
          const state = taskState(open(leadTimeDays, addDays(today, offsetDays)), today);
          return STATE_URGENCY[state as keyof typeof STATE_URGENCY];
        };
        expect(urgency(sooner, leadA)).toBeGreaterThanOrEqual(urgency(later, leadB));
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
