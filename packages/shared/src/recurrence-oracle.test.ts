/**
 * The recurrence engine checked against an independent oracle, the way
 * calendar-date.test.ts checks the civil-date algorithm against `Date.UTC`. The oracle below uses only
 * JavaScript's `Date` in UTC — no helper of calendar-date.ts, recurrence.ts, business-days.ts or
 * period-end.ts — and is written from the scheduling rules rather than from the code, so a shared
 * mistake would have to be made twice, in two different ways. Every loop is exhaustive over its range
 * or driven by a fixed-seed generator, so a failure reproduces and names its case.
 */
import { describe, expect, it } from 'vitest';
import { TASK_FREQUENCIES, WEEKEND_SHIFTS, type TaskFrequency, type TaskStatus, type WeekendShift } from './enums';
import { holidayLookupOf, shiftToBusinessDay } from './business-days';
import { type PeriodEndRule, periodEndOccurrence, firstPeriodEndSequenceOnOrAfter } from './period-end';
import {
  applyWeekendShift,
  firstSequenceOnOrAfter,
  isDueSoon,
  isOverdue,
  occurrencesBetween,
  periodLabel,
  scheduledDueDate,
  timelinessOf,
} from './recurrence';
import { ORACLE_MONTHS } from './recurrence-test-support';
import { scheduleOccurrencesBetween } from './series-schedule';

// ---------------------------------------------------------------------------------------------------
// The oracle: dates as UTC milliseconds, only Date.UTC and Date#getUTC*.
// ---------------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;

function utc(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day);
}

function iso(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function ms(date: string): number {
  return utc(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)));
}

/** Day 0 of the next month is the last day of this one. */
function lastDay(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `date` plus `months` months, on the same day or the target month's last day. */
function oracleAddMonths(date: string, months: number): string {
  const d = new Date(ms(date));
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const year = first.getUTCFullYear();
  const month = first.getUTCMonth() + 1;
  return iso(utc(year, month, Math.min(d.getUTCDate(), lastDay(year, month))));
}

function oracleScheduled(anchor: string, frequency: TaskFrequency, k: number): string {
  if (frequency === 'ONCE') return anchor;
  if (frequency === 'WEEKLY') return iso(ms(anchor) + 7 * k * DAY_MS);
  return oracleAddMonths(anchor, ORACLE_MONTHS[frequency] * k);
}

function isWeekend(date: string): boolean {
  const weekday = new Date(ms(date)).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/** Moves day by day until the predicate holds: the slow, obvious way. */
function oracleShift(date: string, shift: WeekendShift, isHoliday: (date: string) => boolean): string {
  if (shift === 'NONE') return date;
  let t = ms(date);
  while (isWeekend(iso(t)) || isHoliday(iso(t))) t += (shift === 'NEXT' ? 1 : -1) * DAY_MS;
  return iso(t);
}

/** ISO 8601 week: the week belongs to the year of its Thursday, week 1 holds the year's first Thursday. */
function oracleIsoWeek(date: string): string {
  const t = ms(date);
  const mondayBased = (new Date(t).getUTCDay() + 6) % 7;
  const thursday = new Date(t + (3 - mondayBased) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY_MS / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

function oracleLabel(date: string, frequency: TaskFrequency): string {
  const d = new Date(ms(date));
  const year = String(d.getUTCFullYear());
  const month = d.getUTCMonth() + 1;
  if (frequency === 'ONCE') return date;
  if (frequency === 'WEEKLY') return oracleIsoWeek(date);
  if (frequency === 'MONTHLY') return `${year}-${String(month).padStart(2, '0')}`;
  if (frequency === 'QUARTERLY') return `${year}-Q${[1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4][month - 1]}`;
  if (frequency === 'SEMI-ANNUAL') return `${year}-H${month < 7 ? 1 : 2}`;
  return year;
}

function oracleTimeliness(due: string, grace: number, completed: string): string {
  const late = (ms(completed) - ms(due)) / DAY_MS;
  if (late <= 0) return 'ON_TIME';
  return late <= grace ? 'LATE' : 'MISSED';
}

/** A fixed-seed generator (mulberry32), so every run checks the same cases. */
function random(seed: number): (min: number, max: number) => number {
  let state = seed >>> 0;
  return (min, max) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    return min + Math.floor(unit * (max - min + 1));
  };
}

function everyDay(from: string, to: string, visit: (date: string) => void): void {
  for (let t = ms(from); t <= ms(to); t += DAY_MS) visit(iso(t));
}

/**
 * Each test takes 1–5 s on an idle machine; the limit leaves room for a CI runner shared with other jobs
 * (vitest's default of 5 s would fail a correct engine on a busy machine).
 */
const LOOP_LIMIT = { timeout: 60_000 };

const REPEATING = TASK_FREQUENCIES.filter((frequency) => frequency !== 'ONCE');

// ---------------------------------------------------------------------------------------------------
// Calendar mode.
// ---------------------------------------------------------------------------------------------------

describe('recurrence against the Date.UTC oracle', LOOP_LIMIT, () => {
  it('occurrence k of every anchor from 1996 to 2034, every frequency, k up to 60 steps (~500,000 cases)', () => {
    const next = random(17);
    let cases = 0;
    everyDay('1996-01-01', '2034-12-31', (anchor) => {
      for (const frequency of TASK_FREQUENCIES) {
        const ks = frequency === 'ONCE' ? [0] : [0, 1, next(2, 60)];
        for (const k of ks) {
          const actual = scheduledDueDate(anchor, frequency, k);
          if (actual !== oracleScheduled(anchor, frequency, k)) {
            expect({ anchor, frequency, k, actual }).toEqual({
              anchor,
              frequency,
              k,
              actual: oracleScheduled(anchor, frequency, k),
            });
          }
          cases += 1;
        }
      }
    });
    expect(cases).toBeGreaterThan(450_000);
  });

  it('weekend shifts of every day from 1900 to 2400 (~550,000 cases)', () => {
    let cases = 0;
    everyDay('1900-01-01', '2400-12-31', (date) => {
      for (const shift of WEEKEND_SHIFTS) {
        const expected = oracleShift(date, shift, () => false);
        if (applyWeekendShift(date, shift) !== expected) {
          expect({ date, shift, actual: applyWeekendShift(date, shift) }).toEqual({ date, shift, actual: expected });
        }
        cases += 1;
      }
    });
    expect(cases).toBeGreaterThan(500_000);
  });

  it('business-day shifts over a dense synthetic holiday calendar, 1990–2060, with the reason', () => {
    // About one day in six is a holiday, so runs of holidays next to weekends (and across month and
    // year ends) are common.
    const next = random(5);
    const holidays = new Map<string, string>();
    everyDay('1989-12-01', '2061-01-31', (date) => {
      if (next(1, 6) === 1) holidays.set(date, `H${date}`);
    });
    const lookup = holidayLookupOf(holidays);
    let cases = 0;
    everyDay('1990-01-01', '2060-12-31', (date) => {
      for (const shift of WEEKEND_SHIFTS) {
        const expected = oracleShift(date, shift, (day) => holidays.has(day));
        const moved = expected !== date;
        const reason = !moved ? null : holidays.has(date) ? { kind: 'HOLIDAY', name: `H${date}` } : { kind: 'WEEKEND' };
        const actual = shiftToBusinessDay(date, shift, lookup);
        if (actual.dueDate !== expected || JSON.stringify(actual.reason) !== JSON.stringify(reason)) {
          expect({ date, shift, ...actual }).toEqual({ date, shift, dueDate: expected, reason });
        }
        cases += 1;
      }
    });
    expect(cases).toBeGreaterThan(75_000);
  });

  it('period labels of every day from 1900 to 2200, every frequency (~1,400,000 cases)', () => {
    let cases = 0;
    everyDay('1900-01-01', '2200-12-31', (date) => {
      for (const frequency of TASK_FREQUENCIES) {
        const actual = periodLabel(date, frequency);
        if (actual !== oracleLabel(date, frequency)) {
          expect({ date, frequency, actual }).toEqual({ date, frequency, actual: oracleLabel(date, frequency) });
        }
        cases += 1;
      }
    });
    expect(cases).toBeGreaterThan(1_400_000);
  });

  it('timeliness, overdue and due-soon of 300,000 random completions', () => {
    const next = random(11);
    const lo = ms('1950-01-01') / DAY_MS;
    const hi = ms('2150-12-31') / DAY_MS;
    for (let i = 0; i < 300_000; i += 1) {
      const dueDate = iso(next(lo, hi) * DAY_MS);
      const graceDays = next(0, 60);
      const completedOn = iso(ms(dueDate) + next(-90, 120) * DAY_MS);
      const actual = timelinessOf({ dueDate, graceDays, completedOn });
      const expected = oracleTimeliness(dueDate, graceDays, completedOn);
      if (actual !== expected)
        expect({ dueDate, graceDays, completedOn, actual }).toEqual({
          dueDate,
          graceDays,
          completedOn,
          actual: expected,
        });
      // completedOn doubles as "today" for the open-task predicates.
      const status: TaskStatus = next(0, 3) === 0 ? 'COMPLETED' : 'INCOMPLETE';
      const withinDays = next(0, 30);
      const ahead = (ms(dueDate) - ms(completedOn)) / DAY_MS;
      const overdue = status !== 'COMPLETED' && ahead < 0;
      const dueSoon = status !== 'COMPLETED' && ahead >= 0 && ahead <= withinDays;
      const flags = [
        isOverdue({ dueDate, status, today: completedOn }),
        isDueSoon({ dueDate, status, today: completedOn, withinDays }),
      ];
      if (flags[0] !== overdue || flags[1] !== dueSoon) {
        expect({ dueDate, status, today: completedOn, withinDays, flags }).toEqual({
          dueDate,
          status,
          today: completedOn,
          withinDays,
          flags: [overdue, dueSoon],
        });
      }
    }
  });

  it('ranges of occurrences (first on or after, between, shifted) for 20,000 random series', () => {
    const next = random(23);
    const lo = ms('1970-01-01') / DAY_MS;
    const hi = ms('2090-12-31') / DAY_MS;
    for (let i = 0; i < 20_000; i += 1) {
      const frequency = TASK_FREQUENCIES[next(0, TASK_FREQUENCIES.length - 1)]!;
      const weekendShift = WEEKEND_SHIFTS[next(0, 2)]!;
      const anchor = iso(next(lo, hi) * DAY_MS);
      const from = iso(ms(anchor) + next(-400, 3000) * DAY_MS);
      const to = iso(ms(from) + next(-5, frequency === 'WEEKLY' ? 120 : 2000) * DAY_MS);
      // The oracle walks from k = 0 and keeps what falls in [from, to].
      const expected: { sequence: number; scheduledDueDate: string; dueDate: string }[] = [];
      let firstOnOrAfter: number | null = null;
      for (let k = 0; ; k += 1) {
        const scheduled = oracleScheduled(anchor, frequency, k);
        if (scheduled >= from && firstOnOrAfter === null) firstOnOrAfter = k;
        if (scheduled > to && firstOnOrAfter !== null) break;
        if (scheduled >= from && scheduled <= to) {
          expected.push({
            sequence: k,
            scheduledDueDate: scheduled,
            dueDate: oracleShift(scheduled, weekendShift, () => false),
          });
        }
        if (frequency === 'ONCE') break;
      }
      const context = { anchor, frequency, weekendShift, from, to };
      expect({ ...context, first: firstSequenceOnOrAfter(anchor, frequency, from) }).toEqual({
        ...context,
        first: firstOnOrAfter,
      });
      expect({ ...context, occurrences: occurrencesBetween(context) }).toEqual({
        ...context,
        occurrences: from > to ? [] : expected,
      });
      const scheduled = scheduleOccurrencesBetween({
        rule: { mode: 'CALENDAR', anchor, frequency },
        weekendShift,
        from,
        to,
      });
      expect(scheduled.map((o) => [o.k, o.dueDate, o.periodLabel])).toEqual(
        (from > to ? [] : expected).map((o) => [o.sequence, o.dueDate, oracleLabel(o.scheduledDueDate, frequency)]),
      );
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// Period-end mode.
// ---------------------------------------------------------------------------------------------------

interface OraclePeriod {
  start: string;
  end: string;
  dueDate: string;
  label: string;
}

/** The fiscal year a month belongs to, named by the calendar year it ends in. */
function fiscalYear(year: number, month: number, startMonth: number): number {
  if (startMonth === 1) return year;
  return month >= startMonth ? year + 1 : year;
}

function oracleMonthPeriod(rule: PeriodEndRule, startYear: number, startMonth: number): OraclePeriod {
  const months = ORACLE_MONTHS[rule.frequency as keyof typeof ORACLE_MONTHS];
  const endFirst = new Date(Date.UTC(startYear, startMonth - 1 + months - 1, 1));
  const endYear = endFirst.getUTCFullYear();
  const endMonth = endFirst.getUTCMonth() + 1;
  const start = utc(startYear, startMonth, 1);
  const end = utc(endYear, endMonth, lastDay(endYear, endMonth));
  const prefix = rule.periodStartMonth === 1 ? '' : 'FY';
  const fy = fiscalYear(startYear, startMonth, rule.periodStartMonth);
  const position = (startMonth - rule.periodStartMonth + 12) % 12;
  let label: string;
  if (rule.frequency === 'MONTHLY') label = iso(start).slice(0, 7);
  else if (rule.frequency === 'QUARTERLY') label = `${prefix}${fy}-Q${position / 3 + 1}`;
  else if (rule.frequency === 'SEMI-ANNUAL') label = `${prefix}${fy}-H${position / 6 + 1}`;
  else if (rule.frequency === 'YEARLY') label = `${prefix}${fy}`;
  else label = `${prefix}${fy}–${prefix}${fiscalYear(endYear, endMonth, rule.periodStartMonth)}`;
  return { start: iso(start), end: iso(end), dueDate: oracleDue(rule, end), label };
}

function oracleDue(rule: PeriodEndRule, end: number): string {
  if (rule.periodDueDays !== null) return iso(end + rule.periodDueDays * DAY_MS);
  const after = new Date(end + DAY_MS);
  const year = after.getUTCFullYear();
  const month = after.getUTCMonth() + 1;
  return iso(utc(year, month, Math.min(rule.periodDueDayOfMonth!, lastDay(year, month))));
}

/** The first `count` periods due on or after the rule's first due date, walked forward from well before it. */
function oraclePeriods(rule: PeriodEndRule, count: number): OraclePeriod[] {
  const periods: OraclePeriod[] = [];
  const early = new Date(ms(rule.firstDueDate) - 400 * DAY_MS);
  if (rule.frequency === 'WEEKLY') {
    let monday = early.getTime() - ((early.getUTCDay() + 6) % 7) * DAY_MS;
    while (periods.length < count) {
      const end = monday + 6 * DAY_MS;
      const period = {
        start: iso(monday),
        end: iso(end),
        dueDate: oracleDue(rule, end),
        label: oracleIsoWeek(iso(monday)),
      };
      if (period.dueDate >= rule.firstDueDate) periods.push(period);
      monday += 7 * DAY_MS;
    }
    return periods;
  }
  const months = ORACLE_MONTHS[rule.frequency as keyof typeof ORACLE_MONTHS];
  // Periods start on months m with (m − startMonth) divisible by the step, counted from January of year 0.
  let index = early.getUTCFullYear() * 12 + early.getUTCMonth() - 12 * months;
  while ((((index - (rule.periodStartMonth - 1)) % months) + months) % months !== 0) index += 1;
  while (periods.length < count) {
    const period = oracleMonthPeriod(rule, Math.floor(index / 12), (index % 12) + 1);
    if (period.dueDate >= rule.firstDueDate) periods.push(period);
    index += months;
  }
  return periods;
}

describe('period-end mode against the Date.UTC oracle', LOOP_LIMIT, () => {
  it('periods, labels and due dates of 25,000 random rules, 12 occurrences each', () => {
    const next = random(31);
    const lo = ms('1960-01-01') / DAY_MS;
    const hi = ms('2080-12-31') / DAY_MS;
    for (let i = 0; i < 25_000; i += 1) {
      const frequency = REPEATING[next(0, REPEATING.length - 1)]!;
      const byDays = frequency === 'WEEKLY' || next(0, 1) === 0;
      const rule: PeriodEndRule = {
        frequency,
        firstDueDate: iso(next(lo, hi) * DAY_MS),
        periodStartMonth: next(0, 2) === 0 ? 1 : next(1, 12),
        periodDueDays: byDays ? [0, 1, 10, 28, 30, 31, 45, 60, 90, 365, 366][next(0, 10)]! : null,
        periodDueDayOfMonth: byDays ? null : [1, 15, 28, 29, 30, 31][next(0, 5)]!,
      };
      const count = ORACLE_MONTHS[frequency as keyof typeof ORACLE_MONTHS] >= 48 ? 3 : 12;
      const expected = oraclePeriods(rule, count);
      const actual = expected.map((_, k) => {
        const period = periodEndOccurrence(rule, k);
        return period && { start: period.start, end: period.end, dueDate: period.dueDate, label: period.label };
      });
      if (JSON.stringify(actual) !== JSON.stringify(expected))
        expect({ rule, actual }).toEqual({ rule, actual: expected });
      // The first occurrence due on or after a date inside the range is the oracle's first such period.
      const probe = iso(
        ms(expected[0]!.dueDate) +
          next(0, ms(expected[count - 1]!.dueDate) / DAY_MS - ms(expected[0]!.dueDate) / DAY_MS) * DAY_MS,
      );
      expect({ rule, probe, k: firstPeriodEndSequenceOnOrAfter(rule, probe) }).toEqual({
        rule,
        probe,
        k: expected.findIndex((period) => period.dueDate >= probe),
      });
    }
  });
});
