import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { type CalendarDate, addDays, parseCalendarDate, todayInTimeZone } from '@rtms/shared/calendar-date';
import { shiftToBusinessDay } from '@rtms/shared/business-days';
import type {
  AddHolidayBody,
  Holiday,
  HolidayListQuery,
  HolidayPage,
  HolidayPreview,
  addHolidayBodySchema,
} from '@rtms/shared/schemas/holidays';
import type { Database } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { isUniqueViolation } from '../../platform/db-errors';
import { conflict, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import { actorOf, type AuditService } from '../audit/audit.service';
import { updateTaskColumns } from '../tasks/tasks.repository';
import { recordTaskMoves } from '../tasks/task-move-history';
import { assertFacilityInScope, facilityScopeOf } from '../user-facilities/facility-scope';
import { type HolidayChange, holidayLookupFor, holidaysOfYear, regionOf } from './holiday-calendar';
import {
  deleteHolidayChange,
  findFacilityRegion,
  findHolidayChanges,
  findShiftableTasks,
  insertHolidayChange,
} from './holidays.repository';
import { unitOfWork } from '../../db/unit-of-work';

type AddBody = z.output<typeof addHolidayBodySchema>;

/** A change to one day: add it as a holiday, or remove it. */
export type HolidayEdit = { add: AddBody; remove?: undefined } | { add?: undefined; remove: CalendarDate };

export interface HolidaysService {
  /** The facility's holidays in a year (default: this year in its zone); 404 outside the caller's scope. */
  list(principal: Principal, facilityId: string, query: HolidayListQuery): Promise<HolidayPage>;
  /** The tasks the edit would move; nothing is written. */
  preview(principal: Principal, facilityId: string, edit: HolidayEdit): Promise<HolidayPreview>;
  /** Adds a day (409 when it already is one) and moves the untouched future tasks it affects. */
  add(principal: Principal, facilityId: string, body: AddHolidayBody): Promise<{ holiday: Holiday; moved: number }>;
  /** Removes a library or added day (404 when it is none) and moves the tasks it affects. */
  remove(principal: Principal, facilityId: string, date: CalendarDate): Promise<{ holiday: Holiday; moved: number }>;
}

/**
 * A shift crosses at most a weekend and a run of holidays next to it, so a change on day d can only
 * move tasks scheduled within a few days of d; a month either side is far more than any real run.
 */
const REACH_DAYS = 31;

type Facility = NonNullable<Awaited<ReturnType<typeof findFacilityRegion>>>;

interface TaskMove {
  id: string;
  dueDate: CalendarDate;
  shiftHoliday: string | null;
  preview: HolidayPreview['moved'][number];
}

interface PlannedEdit {
  holiday: Holiday;
  /** The change row to write: insert one, delete the day's row, or replace it. */
  write: { insert: HolidayChange } | { delete: CalendarDate } | { replace: HolidayChange };
  /** Tasks whose due date or shift reason changes (a reason may change without the date moving). */
  moves: TaskMove[];
}

export function createHolidaysService(db: Kysely<Database>, audit: AuditService, clock: Clock): HolidaysService {
  async function facilityInScope(executor: Kysely<Database>, principal: Principal, facilityId: string) {
    assertFacilityInScope(await facilityScopeOf(executor, principal), facilityId);
    const facility = await findFacilityRegion(executor, facilityId);
    if (!facility) throw notFound('Facility');
    return facility;
  }

  /** Works out what an edit does: the calendar after it and the tasks that move. Writes nothing. */
  async function plan(executor: Kysely<Database>, facility: Facility, edit: HolidayEdit): Promise<PlannedEdit> {
    const region = regionOf(facility.country, facility.state);
    const changes: HolidayChange[] = await findHolidayChanges(executor, [facility.id]);
    const date = edit.add ? edit.add.date : edit.remove;
    const year = parseCalendarDate(date).year;
    const current = holidaysOfYear(region, changes, year).find((holiday) => holiday.date === date);
    const existingChange = changes.find((change) => change.date === date);
    const others = changes.filter((change) => change.date !== date);
    let holiday: Holiday;
    let changesAfter: HolidayChange[];
    let write: PlannedEdit['write'];
    if (edit.add) {
      if (current) throw conflict(`${date} already is a holiday at this facility (${current.name})`);
      const library = holidaysOfYear(region, [], year).find((day) => day.date === date);
      if (library && existingChange?.kind === 'REMOVED') {
        // Adding back a library day that was removed restores it, with the library's name.
        holiday = { date, name: library.name, source: 'LIBRARY' };
        changesAfter = others;
        write = { delete: date };
      } else {
        holiday = { date, name: edit.add.name, source: 'ADDED' };
        const change: HolidayChange = { date, kind: 'ADDED', name: edit.add.name };
        changesAfter = [...others, change];
        write = existingChange ? { replace: change } : { insert: change };
      }
    } else {
      if (!current) throw notFound('Holiday');
      holiday = current;
      if (current.source === 'ADDED') {
        changesAfter = others;
        write = { delete: date };
      } else {
        const change: HolidayChange = { date, kind: 'REMOVED', name: current.name };
        changesAfter = [...others, change];
        write = { insert: change };
      }
    }

    // Edits never rewrite history: only untouched tasks scheduled today or later move.
    const today = todayInTimeZone(facility.timeZone, clock());
    const earliest = addDays(date, -REACH_DAYS);
    const lookup = holidayLookupFor(region, changesAfter);
    const moves: TaskMove[] = [];
    const candidates = await findShiftableTasks(
      executor,
      facility.id,
      earliest > today ? earliest : today,
      addDays(date, REACH_DAYS),
    );
    for (const task of candidates) {
      const { dueDate, reason } = shiftToBusinessDay(task.scheduledDueDate, task.weekendShift, lookup);
      const shiftHoliday = reason?.kind === 'HOLIDAY' ? reason.name : null;
      if (dueDate === task.dueDate && shiftHoliday === task.shiftHoliday) continue;
      moves.push({
        id: task.id,
        dueDate,
        shiftHoliday,
        preview: {
          taskId: task.id,
          facilityId: facility.id,
          facilityName: facility.name,
          sequence: Number(task.sequence),
          periodLabel: task.periodLabel,
          from: task.dueDate,
          to: dueDate,
        },
      });
    }
    return { holiday, write, moves };
  }

  async function write(principal: Principal, facilityId: string, edit: HolidayEdit) {
    return unitOfWork(db, async (trx: Transaction<Database>) => {
      const facility = await facilityInScope(trx, principal, facilityId);
      const planned = await plan(trx, facility, edit);
      const { write: change } = planned;
      const now = nowIso(clock());
      if ('delete' in change || 'replace' in change) {
        await deleteHolidayChange(trx, facilityId, 'delete' in change ? change.delete : change.replace.date);
      }
      const inserted = 'insert' in change ? change.insert : 'replace' in change ? change.replace : null;
      if (inserted) {
        await insertHolidayChange(trx, {
          id: newId(),
          facilityId,
          date: inserted.date,
          kind: inserted.kind,
          name: inserted.name,
          createdAt: now,
          createdBy: principal.id === 'system' ? null : principal.id,
        });
      }
      for (const move of planned.moves) {
        await updateTaskColumns(trx, move.id, {
          dueDate: move.dueDate,
          shiftHoliday: move.shiftHoliday,
          updatedAt: now,
        });
      }
      const moved = planned.moves.filter((move) => move.preview.from !== move.preview.to).length;
      await recordTaskMoves(
        trx,
        audit,
        actorOf(principal),
        planned.moves.map((move) => ({
          taskId: move.id,
          facilityId,
          from: move.preview.from,
          to: move.preview.to,
          holiday: move.shiftHoliday,
        })),
      );
      const day = { date: planned.holiday.date, name: planned.holiday.name, source: planned.holiday.source };
      await audit.record(trx, {
        actor: actorOf(principal),
        action: edit.add ? 'CREATE' : 'DELETE',
        entityType: 'FACILITY_HOLIDAY',
        entityId: `${facilityId}/${planned.holiday.date}`,
        facilityId,
        changes: {
          holiday: edit.add ? { before: null, after: day } : { before: day, after: null },
          ...(moved ? { tasksMoved: { before: null, after: moved } } : {}),
        },
      });
      return { holiday: planned.holiday, moved };
    });
  }

  async function apply(principal: Principal, facilityId: string, edit: HolidayEdit) {
    try {
      return await write(principal, facilityId, edit);
    } catch (error) {
      // Two administrators changing the same day at once: the second finds the row the first wrote.
      if (isUniqueViolation(error)) throw conflict('This day was changed at the same time; reload and try again');
      throw error;
    }
  }

  return {
    async list(principal, facilityId, query) {
      const facility = await facilityInScope(db, principal, facilityId);
      const year = query.year ?? parseCalendarDate(todayInTimeZone(facility.timeZone, clock())).year;
      const region = regionOf(facility.country, facility.state);
      const days = holidaysOfYear(region, await findHolidayChanges(db, [facilityId]), year);
      const start = (query.page - 1) * query.pageSize;
      return {
        data: days.slice(start, start + query.pageSize),
        meta: {
          total: days.length,
          page: query.page,
          pageSize: query.pageSize,
          year,
          country: region?.country ?? null,
          state: region?.state ?? null,
        },
      };
    },

    async preview(principal, facilityId, edit) {
      const facility = await facilityInScope(db, principal, facilityId);
      const planned = await plan(db, facility, edit);
      return {
        moved: planned.moves.filter((move) => move.preview.from !== move.preview.to).map((move) => move.preview),
      };
    },

    add(principal, facilityId, body) {
      return apply(principal, facilityId, { add: { date: body.date, name: body.name } });
    },

    remove(principal, facilityId, date) {
      return apply(principal, facilityId, { remove: date });
    },
  };
}
