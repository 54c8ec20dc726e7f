import { type CalendarDate, addDays } from '@rtms/shared/calendar-date';
import type { ScheduleMode, TaskFrequency, TaskStatus, WeekendShift } from '@rtms/shared/enums';
import { type HolidayLookup, NO_HOLIDAYS, shiftToBusinessDay } from '@rtms/shared/business-days';
import { nextAfterCompletion, periodLabel } from '@rtms/shared/recurrence';
import {
  type ScheduleRule,
  firstOccurrenceOnOrAfter,
  scheduleHorizon,
  scheduleOccurrencesBetween,
} from '@rtms/shared/series-schedule';

/**
 * The series of one binding (a requirement at a facility): which occurrences should exist as tasks,
 * and what an edit of the requirement does to the tasks that exist. Pure functions; the services read
 * and write.
 *
 * Numbering: occurrence k of a calendar series (k counted from the anchor, the first due date) has
 * sequence `offset + k`. A new binding has offset 0. When an edit changes the rule, the offset is chosen
 * so that the first occurrence of the new rule on or after the cut (today, or the day the binding
 * starts) takes the sequence the first such occurrence of the old rule had: the i-th upcoming
 * occurrence keeps its number, so an edit "moves" the upcoming tasks instead of removing and re-adding
 * them, and the numbers of the history (all below that sequence) are never reused.
 */

/** The rule a binding's tasks follow (from the requirement and the binding's overrides). */
export interface SeriesRule {
  scheduleMode: ScheduleMode;
  /** The binding's first due date, or the requirement's. */
  anchor: CalendarDate;
  frequency: TaskFrequency;
  weekendShift: WeekendShift;
  activeFrom: CalendarDate | null;
  activeUntil: CalendarDate | null;
  /** PERIOD_END: the month periods start in (1–12) and the due rule (exactly one of the two is set). */
  periodStartMonth: number;
  periodDueDays: number | null;
  periodDueDayOfMonth: number | null;
  /** The facility's holidays, skipped by the business-day shift (absent: weekends only). */
  holidays?: HolidayLookup;
}

/**
 * The schedule columns of a requirement as its row holds them (PostgreSQL may answer the integers as text).
 */
export interface ScheduleColumns {
  scheduleMode: ScheduleMode;
  frequency: TaskFrequency;
  weekendShift: WeekendShift;
  activeFrom: CalendarDate | null;
  activeUntil: CalendarDate | null;
  firstDueDate: CalendarDate;
  periodStartMonth: number | string;
  periodDueDays: number | string | null;
  periodDueDayOfMonth: number | string | null;
}

/** The period-end columns as numbers. */
export function periodRuleOf(row: Pick<ScheduleColumns, 'periodStartMonth' | 'periodDueDays' | 'periodDueDayOfMonth'>) {
  return {
    periodStartMonth: Number(row.periodStartMonth),
    periodDueDays: row.periodDueDays === null ? null : Number(row.periodDueDays),
    periodDueDayOfMonth: row.periodDueDayOfMonth === null ? null : Number(row.periodDueDayOfMonth),
  };
}

/** The rule a binding follows: its requirement's schedule, anchored on the binding's first due date when it has one. */
export function seriesRuleOf(requirement: ScheduleColumns, bindingFirstDueDate: CalendarDate | null): SeriesRule {
  return {
    scheduleMode: requirement.scheduleMode,
    anchor: bindingFirstDueDate ?? requirement.firstDueDate,
    frequency: requirement.frequency,
    weekendShift: requirement.weekendShift,
    activeFrom: requirement.activeFrom,
    activeUntil: requirement.activeUntil,
    ...periodRuleOf(requirement),
  };
}

/** Whether the rule's occurrences are fixed in advance (calendar and period-end), not made by completions. */
export function isFixedSchedule(
  rule: SeriesRule | null,
): rule is SeriesRule & { scheduleMode: 'CALENDAR' | 'PERIOD_END' } {
  return rule?.scheduleMode === 'CALENDAR' || rule?.scheduleMode === 'PERIOD_END';
}

/** The shared schedule of a fixed rule (see `series-schedule.ts`). */
function scheduleRuleOf(rule: SeriesRule): ScheduleRule {
  if (rule.scheduleMode === 'PERIOD_END') {
    return {
      mode: 'PERIOD_END',
      frequency: rule.frequency,
      firstDueDate: rule.anchor,
      periodStartMonth: rule.periodStartMonth,
      periodDueDays: rule.periodDueDays,
      periodDueDayOfMonth: rule.periodDueDayOfMonth,
    };
  }
  return { mode: 'CALENDAR', anchor: rule.anchor, frequency: rule.frequency };
}

/** An occurrence with its numbers and dates, ready to become a task. */
export interface PlannedOccurrence {
  sequence: number;
  scheduledDueDate: CalendarDate;
  dueDate: CalendarDate;
  periodLabel: string;
  /** The holiday the business-day shift moved the due date off, or null. */
  shiftHoliday: string | null;
}

/** What the planner needs to know of an existing task. */
export interface SeriesTask {
  id: string;
  sequence: number;
  scheduledDueDate: CalendarDate;
  dueDate: CalendarDate;
  status: TaskStatus;
  touched: boolean;
  completedOn: CalendarDate | null;
  periodLabel: string;
  frequency: TaskFrequency;
  shiftHoliday: string | null;
}

function later(a: CalendarDate, b: CalendarDate): CalendarDate {
  return a >= b ? a : b;
}

/**
 * Whether an edit of the requirement may change this task: nobody has touched it and its scheduled
 * due date is today or later in the facility's calendar. Everything else is history.
 */
export function isEditable(task: SeriesTask, today: CalendarDate): boolean {
  return !task.touched && task.status !== 'COMPLETED' && task.scheduledDueDate >= today;
}

/** Occurrences of a fixed rule (calendar or period-end) with scheduled due dates in [from, to], numbered `offset + k`. */
export function calendarOccurrences(
  rule: SeriesRule,
  offset: number,
  from: CalendarDate,
  to: CalendarDate,
): PlannedOccurrence[] {
  const start = rule.activeFrom ? later(from, rule.activeFrom) : from;
  const end = rule.activeUntil && rule.activeUntil < to ? rule.activeUntil : to;
  if (start > end) return [];
  return scheduleOccurrencesBetween({
    rule: scheduleRuleOf(rule),
    weekendShift: rule.weekendShift,
    holidays: rule.holidays ?? NO_HOLIDAYS,
    from: start,
    to: end,
  }).map((occurrence) => ({
    sequence: offset + occurrence.k,
    scheduledDueDate: occurrence.scheduledDueDate,
    dueDate: occurrence.dueDate,
    periodLabel: occurrence.periodLabel,
    shiftHoliday: occurrence.shiftReason?.kind === 'HOLIDAY' ? occurrence.shiftReason.name : null,
  }));
}

/**
 * The last scheduled due date through which a calendar series should have tasks on `today`: the
 * horizon (`horizonMonths` ahead), extended to the next occurrence on or after `from` (12-year
 * series), and cut at the rule's `activeUntil`.
 */
function materializationTarget(
  rule: SeriesRule,
  from: CalendarDate,
  today: CalendarDate,
  horizonMonths: number,
): CalendarDate {
  const start = rule.activeFrom ? later(from, rule.activeFrom) : from;
  const target = scheduleHorizon(scheduleRuleOf(rule), today, horizonMonths, start);
  return rule.activeUntil && rule.activeUntil < target ? rule.activeUntil : target;
}

/** The daily extension of a calendar series: the occurrences after `materializedTo` up to the target. */
export function extendCalendarSeries(input: {
  rule: SeriesRule;
  offset: number;
  generateFrom: CalendarDate;
  materializedTo: CalendarDate | null;
  today: CalendarDate;
  horizonMonths: number;
}): { occurrences: PlannedOccurrence[]; materializedTo: CalendarDate } | null {
  const { rule, offset, generateFrom, materializedTo, today, horizonMonths } = input;
  const target = materializationTarget(rule, generateFrom, today, horizonMonths);
  if (materializedTo !== null && target <= materializedTo) return null;
  const from = materializedTo === null ? generateFrom : later(generateFrom, addDays(materializedTo, 1));
  return { occurrences: calendarOccurrences(rule, offset, from, target), materializedTo: target };
}

/**
 * After-completion mode: the one open occurrence the series should have: one step after the latest
 * completion (sequence + 1), or at the anchor when nothing was completed yet. Null when the series has
 * ended (ONCE completed, or the next date falls after `activeUntil`).
 */
export function afterCompletionOccurrence(rule: SeriesRule, tasks: readonly SeriesTask[]): PlannedOccurrence | null {
  let lastCompleted: SeriesTask | undefined;
  let lowest: number | undefined;
  for (const task of tasks) {
    if (task.status === 'COMPLETED' && (!lastCompleted || task.sequence > lastCompleted.sequence)) lastCompleted = task;
    if (lowest === undefined || task.sequence < lowest) lowest = task.sequence;
  }
  let sequence: number;
  let scheduled: CalendarDate | null;
  if (lastCompleted) {
    sequence = lastCompleted.sequence + 1;
    scheduled = nextAfterCompletion(lastCompleted.completedOn ?? lastCompleted.dueDate, rule.frequency);
  } else {
    sequence = lowest ?? 0;
    scheduled = rule.anchor;
  }
  if (scheduled === null || (rule.activeUntil && scheduled > rule.activeUntil)) return null;
  return { sequence, ...shiftedOccurrenceOn(scheduled, rule) };
}

/** The dates, label and shift reason of an after-completion occurrence scheduled on `scheduled`. */
export function shiftedOccurrenceOn(scheduled: CalendarDate, rule: SeriesRule): Omit<PlannedOccurrence, 'sequence'> {
  const { dueDate, reason } = shiftToBusinessDay(scheduled, rule.weekendShift, rule.holidays ?? NO_HOLIDAYS);
  return {
    scheduledDueDate: scheduled,
    dueDate,
    periodLabel: periodLabel(scheduled, rule.frequency),
    shiftHoliday: reason?.kind === 'HOLIDAY' ? reason.name : null,
  };
}

/** Input of {@link planSeries}. */
export interface SeriesPlanInput {
  /** The rule the binding's tasks followed before the edit; null when it had no live series (new, unbound, not applicable, retired). */
  oldRule: SeriesRule | null;
  /** The rule after the edit; null when the binding should have no new tasks. */
  newRule: SeriesRule | null;
  /** Whether the binding is created by this edit (its series may start in the past: a backfill). */
  isNew: boolean;
  offset: number;
  /** Earliest scheduled due date the series has tasks from. */
  generateFrom: CalendarDate;
  /** Today in the facility's time zone. */
  today: CalendarDate;
  horizonMonths: number;
  /** The binding's existing tasks. */
  tasks: readonly SeriesTask[];
}

/** What an edit does to one binding's tasks. */
export interface SeriesPlan {
  added: PlannedOccurrence[];
  /** Editable tasks that take another occurrence's dates (or only its number, when the dates stay). */
  moved: { task: SeriesTask; to: PlannedOccurrence }[];
  removed: SeriesTask[];
  /** Editable tasks that stay as they are (their title or assignee may still be refreshed). */
  unchanged: SeriesTask[];
  offset: number;
  materializedTo: CalendarDate | null;
}

/**
 * Plans an edit of one binding's series. Only editable tasks (untouched, scheduled today or later) are
 * moved or removed; history and touched tasks stay as they are. Generation is by (binding, sequence),
 * so applying a plan twice, or planning an edit that changes nothing, changes nothing.
 *
 * Numbering is aligned first (see the file comment): the i-th upcoming occurrence keeps its number, an
 * editable task holding a number takes that occurrence's dates, and a kept task holding it stands for
 * the occurrence — when it covers the same period or was scheduled for the same day. When a kept task
 * holds a number for a different period (a change of frequency after someone worked on upcoming
 * tasks), the new occurrences are numbered after every existing task instead and matched by period or
 * day: a kept task of the same period or day still stands for its occurrence, an editable one moves to
 * it (taking the new period label), and nothing of the new rule goes missing. No scheduled day of a
 * calendar series ever gets two tasks (with a weekend shift, two different scheduled days may still
 * share a due date, as they would without any edit).
 */
export function planSeries(input: SeriesPlanInput): SeriesPlan {
  const { oldRule, newRule, isNew, today, horizonMonths, tasks, generateFrom } = input;
  let offset = input.offset;
  let desired: PlannedOccurrence[] = [];
  let materializedTo: CalendarDate | null = null;

  if (isFixedSchedule(newRule)) {
    const cut = isNew ? generateFrom : later(today, generateFrom);
    const from = newRule.activeFrom ? later(cut, newRule.activeFrom) : cut;
    if (isNew || tasks.length === 0) {
      offset = 0;
    } else {
      const newFirst = firstOccurrenceOnOrAfter(scheduleRuleOf(newRule), from);
      if (newFirst !== null) offset = boundarySequence(oldRule, input.offset, from, tasks) - newFirst;
    }
    materializedTo = materializationTarget(newRule, cut, today, horizonMonths);
    desired = calendarOccurrences(newRule, offset, from, materializedTo);
  } else if (newRule?.scheduleMode === 'AFTER_COMPLETION') {
    const next = afterCompletionOccurrence(newRule, tasks);
    if (next) {
      desired = [next];
      materializedTo = next.scheduledDueDate;
    } else {
      // The series has ended; a watermark keeps the daily job from starting it again.
      materializedTo = tasks.reduce<CalendarDate | null>(
        (max, task) => (max === null || task.scheduledDueDate > max ? task.scheduledDueDate : max),
        null,
      );
    }
  }

  const frequency = newRule?.frequency;
  // A kept task stands for an occurrence of the new rule when it covers the same period, or when it
  // was scheduled for the very same day (a task done for 30 April is the 30 April occurrence, whatever
  // the rule called its period): the new rule never puts a second task on a day that already has one.
  const standsFor = (task: SeriesTask, occurrence: PlannedOccurrence) =>
    task.scheduledDueDate === occurrence.scheduledDueDate ||
    (task.frequency === frequency && task.periodLabel === occurrence.periodLabel);
  if (isFixedSchedule(newRule) && !isNew && desired.length) {
    const holders = new Map(tasks.map((task) => [task.sequence, task]));
    const conflict = desired.some((occurrence) => {
      const holder = holders.get(occurrence.sequence);
      return holder !== undefined && !isEditable(holder, today) && !standsFor(holder, occurrence);
    });
    if (conflict) {
      const highest = tasks.reduce((max, task) => Math.max(max, task.sequence), -1);
      const shift = highest + 1 - desired[0]!.sequence;
      offset += shift;
      desired = desired.map((occurrence) => ({ ...occurrence, sequence: occurrence.sequence + shift }));
      return matchByPeriod({ desired, tasks, today, standsFor, offset, materializedTo });
    }
  }

  // Calendar series: days a kept task holds under another number, where no editable task moves and no
  // task is added. (After completion, the next task may fall on the day of the one completed early:
  // that is its own occurrence.)
  const keptDays = new Set(
    isFixedSchedule(newRule)
      ? tasks.filter((task) => !isEditable(task, today)).map((task) => task.scheduledDueDate)
      : [],
  );
  const bySequence = new Map(desired.map((occurrence) => [occurrence.sequence, occurrence]));
  const existing = new Set<number>();
  const plan: SeriesPlan = { added: [], moved: [], removed: [], unchanged: [], offset, materializedTo };
  for (const task of tasks) {
    existing.add(task.sequence);
    if (!isEditable(task, today)) continue;
    const to = bySequence.get(task.sequence);
    if (!to || keptDays.has(to.scheduledDueDate)) plan.removed.push(task);
    else if (
      to.dueDate !== task.dueDate ||
      to.scheduledDueDate !== task.scheduledDueDate ||
      to.periodLabel !== task.periodLabel ||
      to.shiftHoliday !== task.shiftHoliday
    )
      plan.moved.push({ task, to });
    else plan.unchanged.push(task);
  }
  for (const occurrence of desired) {
    if (!existing.has(occurrence.sequence) && !keptDays.has(occurrence.scheduledDueDate)) plan.added.push(occurrence);
  }
  return plan;
}

/** The plan when the new occurrences are numbered after every existing task: matched by period or day. */
function matchByPeriod(input: {
  desired: PlannedOccurrence[];
  tasks: readonly SeriesTask[];
  today: CalendarDate;
  standsFor: (task: SeriesTask, occurrence: PlannedOccurrence) => boolean;
  offset: number;
  materializedTo: CalendarDate | null;
}): SeriesPlan {
  const { desired, tasks, today, standsFor, offset, materializedTo } = input;
  const plan: SeriesPlan = { added: [], moved: [], removed: [], unchanged: [], offset, materializedTo };
  const kept = tasks.filter((task) => !isEditable(task, today));
  const editable = tasks.filter((task) => isEditable(task, today));
  const used = new Set<string>();
  for (const occurrence of desired) {
    if (kept.some((task) => standsFor(task, occurrence))) continue;
    const match = editable.find((task) => !used.has(task.id) && standsFor(task, occurrence));
    if (match) {
      used.add(match.id);
      plan.moved.push({ task: match, to: occurrence });
    } else {
      plan.added.push(occurrence);
    }
  }
  for (const task of editable) if (!used.has(task.id)) plan.removed.push(task);
  return plan;
}

/**
 * The sequence the first occurrence on or after `from` takes: the one the old rule gave it, and in any
 * case above every task scheduled before `from` (so history numbers are never reused).
 */
function boundarySequence(
  oldRule: SeriesRule | null,
  oldOffset: number,
  from: CalendarDate,
  tasks: readonly SeriesTask[],
): number {
  let afterHistory = 0;
  let highest = -1;
  for (const task of tasks) {
    highest = Math.max(highest, task.sequence);
    if (task.scheduledDueDate < from) afterHistory = Math.max(afterHistory, task.sequence + 1);
  }
  if (isFixedSchedule(oldRule)) {
    const oldFirst = firstOccurrenceOnOrAfter(scheduleRuleOf(oldRule), from);
    if (oldFirst !== null) return Math.max(afterHistory, oldOffset + oldFirst);
  }
  return Math.max(afterHistory, highest + 1);
}
