import type { Kysely, Transaction } from 'kysely';
import { type CalendarDate, addMonthsClamped, todayInTimeZone } from '@rtms/shared/calendar-date';
import type { TaskCategory, TaskFrequency } from '@rtms/shared/enums';
import { DEFAULT_HORIZON_MONTHS } from '@rtms/shared/recurrence';
import type { RequirementPreview, TaskChangeCounts } from '@rtms/shared/schemas/requirements';
import type { Database, NewRow } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { newId, nowIso } from '../../platform/ids';
import { newTaskId } from './task-ids';
import type { AuditService } from '../audit/audit.service';
import {
  findActiveFacilityZones,
  findSeriesForGeneration,
  markMaterialized,
  refreshPlannerStatistics,
  updateColumnsOfTasks,
  writeConcurrency,
} from './task-generation.repository';
import { loadHolidayLookups } from '../holidays/holiday-lookups';
import {
  type SeriesPlan,
  type SeriesRule,
  type SeriesTask,
  extendCalendarSeries,
  isFixedSchedule,
  planSeries,
  seriesRuleOf,
  shiftedOccurrenceOn,
} from './task-series';
import { deleteTasks, findTasksOfBindings, insertTasks, updateTaskColumns } from './tasks.repository';
import type { TaskRow } from './tasks.table';
import { unitOfWork } from '../../db/unit-of-work';
import { recordTaskMoves } from './task-move-history';

/** What new (and refreshed) tasks of a series carry from their requirement and binding. */
export interface SeriesTaskFields {
  requirementId: string;
  title: string;
  category: TaskCategory;
  frequency: TaskFrequency;
  assigneeId: string | null;
}

/** One binding's series before and after an edit of its requirement (or its own creation). */
export interface SeriesChange {
  bindingId: string;
  facilityId: string;
  facilityName: string;
  timeZone: string;
  isNew: boolean;
  oldRule: SeriesRule | null;
  newRule: SeriesRule | null;
  offset: number;
  generateFrom: CalendarDate;
  fields: SeriesTaskFields;
}

type ExistingTask = Awaited<ReturnType<typeof findTasksOfBindings>>[number];

export interface PlannedSeriesChange extends SeriesChange {
  plan: SeriesPlan;
  tasks: ExistingTask[];
}

export interface GenerationResult {
  /** Live series looked at. */
  series: number;
  /** Series whose horizon moved (tasks may or may not have been added). */
  extended: number;
  /** Tasks inserted. */
  inserted: number;
}

export interface GenerationOptions {
  /** Months ahead of today tasks exist for (default 13). */
  horizonMonths?: number;
  /** Tasks written per transaction. */
  batchRows?: number;
}

export interface TaskGenerationService {
  /** Reads the series' tasks and plans what the edit does to them (nothing is written). */
  plan(executor: Kysely<Database>, changes: SeriesChange[]): Promise<PlannedSeriesChange[]>;
  /** The plans as the preview answers them. */
  preview(planned: readonly PlannedSeriesChange[]): RequirementPreview;
  /** Writes the plans' task changes inside the caller's transaction; the caller stores offsets and watermarks. */
  apply(trx: Transaction<Database>, planned: readonly PlannedSeriesChange[]): Promise<TaskChangeCounts>;
  /**
   * The daily job: extends every live series to the horizon. Idempotent: a second run on the same day
   * finds nothing to do, and (binding, sequence) is unique so nothing can be generated twice.
   */
  materializeAll(options?: GenerationOptions): Promise<GenerationResult>;
}

function toSeriesTask(task: ExistingTask): SeriesTask {
  return {
    id: task.id,
    sequence: Number(task.sequence),
    scheduledDueDate: task.scheduledDueDate,
    dueDate: task.dueDate,
    status: task.status,
    touched: Boolean(task.touched),
    completedOn: task.completedOn,
    periodLabel: task.periodLabel,
    frequency: task.frequency,
    shiftHoliday: task.shiftHoliday,
  };
}

/** Tasks per transaction: large transactions keep the cost of commits and index page writes low. */
const DEFAULT_BATCH_ROWS = 100_000;
const SERIES_PAGE = 20_000;
/** Rows written by one run from which the planner's statistics are refreshed (a first fill, a big import). */
const LARGE_GENERATION_ROWS = 10_000;

export function createTaskGenerationService(
  db: Kysely<Database>,
  audit: AuditService,
  options: { clock: Clock; horizonMonths?: number },
): TaskGenerationService {
  const { clock } = options;
  const defaultHorizon = options.horizonMonths ?? DEFAULT_HORIZON_MONTHS;

  function newTaskRow(fields: SeriesTaskFields, bindingId: string, facilityId: string, now: string) {
    return (occurrence: {
      sequence: number;
      scheduledDueDate: string;
      dueDate: string;
      periodLabel: string;
      shiftHoliday: string | null;
    }): NewRow<'tasks'> => ({
      id: newTaskId(),
      requirementId: fields.requirementId,
      bindingId,
      facilityId,
      sequence: occurrence.sequence,
      title: fields.title,
      category: fields.category,
      frequency: fields.frequency,
      periodLabel: occurrence.periodLabel,
      scheduledDueDate: occurrence.scheduledDueDate,
      dueDate: occurrence.dueDate,
      shiftHoliday: occurrence.shiftHoliday,
      status: 'INCOMPLETE',
      assigneeId: fields.assigneeId,
      touched: 0,
      createdAt: now,
      updatedAt: now,
    });
  }

  return {
    async plan(executor, changes) {
      const tasks = await findTasksOfBindings(
        executor,
        changes.filter((change) => !change.isNew).map((change) => change.bindingId),
      );
      const byBinding = new Map<string, ExistingTask[]>();
      for (const task of tasks) {
        const list = byBinding.get(task.bindingId);
        if (list) list.push(task);
        else byBinding.set(task.bindingId, [task]);
      }
      const now = clock();
      // Each facility's holidays, read once for the whole edit: the business-day shift skips them.
      const holidays = await loadHolidayLookups(executor, [...new Set(changes.map((change) => change.facilityId))]);
      const withHolidays = (rule: SeriesRule | null, facilityId: string): SeriesRule | null =>
        rule && { ...rule, holidays: holidays.forFacility(facilityId) };
      return changes.map((change) => {
        const existing = byBinding.get(change.bindingId) ?? [];
        const plan = planSeries({
          oldRule: withHolidays(change.oldRule, change.facilityId),
          newRule: withHolidays(change.newRule, change.facilityId),
          isNew: change.isNew,
          offset: change.offset,
          generateFrom: change.generateFrom,
          today: todayInTimeZone(change.timeZone, now),
          horizonMonths: defaultHorizon,
          tasks: existing.map(toSeriesTask),
        });
        return { ...change, plan, tasks: existing };
      });
    },

    preview(planned) {
      const preview: RequirementPreview = { added: [], moved: [], removed: [] };
      for (const change of planned) {
        const facility = { facilityId: change.facilityId, facilityName: change.facilityName };
        for (const occurrence of change.plan.added) preview.added.push({ ...facility, ...occurrence });
        for (const { task, to } of change.plan.moved) {
          if (task.dueDate === to.dueDate) continue;
          preview.moved.push({
            taskId: task.id,
            ...facility,
            sequence: to.sequence,
            periodLabel: to.periodLabel,
            from: task.dueDate,
            to: to.dueDate,
          });
        }
        const labels = new Map(change.tasks.map((task) => [task.id, task.periodLabel]));
        for (const task of change.plan.removed) {
          preview.removed.push({
            taskId: task.id,
            ...facility,
            sequence: task.sequence,
            periodLabel: labels.get(task.id) ?? '',
            dueDate: task.dueDate,
          });
        }
      }
      const byDate = (a: { dueDate?: string; to?: string }, b: { dueDate?: string; to?: string }) =>
        (a.dueDate ?? a.to ?? '') < (b.dueDate ?? b.to ?? '') ? -1 : 1;
      preview.added.sort(byDate);
      preview.moved.sort(byDate);
      preview.removed.sort(byDate);
      return preview;
    },

    async apply(trx, planned) {
      const now = nowIso(clock());
      const counts: TaskChangeCounts = { added: 0, moved: 0, removed: 0 };
      const removed = planned.flatMap((change) => change.plan.removed.map((task) => task.id));
      await deleteTasks(trx, removed);
      counts.removed = removed.length;

      // Editable tasks that stay get the requirement's current title, category, frequency and assignee;
      // updates with identical values are grouped into one statement.
      const refresh = new Map<string, { columns: Partial<TaskRow>; ids: string[] }>();
      for (const change of planned) {
        const current = new Map(change.tasks.map((task) => [task.id, task]));
        const staying = [...change.plan.unchanged, ...change.plan.moved.map((move) => move.task)];
        for (const task of staying) {
          const row = current.get(task.id);
          if (!row) continue;
          const columns: Partial<TaskRow> = {};
          if (row.title !== change.fields.title) columns.title = change.fields.title;
          if (row.category !== change.fields.category) columns.category = change.fields.category;
          if (row.frequency !== change.fields.frequency) columns.frequency = change.fields.frequency;
          if (row.assigneeId !== change.fields.assigneeId) columns.assigneeId = change.fields.assigneeId;
          if (Object.keys(columns).length === 0) continue;
          const key = JSON.stringify(columns);
          const group = refresh.get(key);
          if (group) group.ids.push(task.id);
          else refresh.set(key, { columns, ids: [task.id] });
        }
        for (const { task, to } of change.plan.moved) {
          await updateTaskColumns(trx, task.id, {
            sequence: to.sequence,
            scheduledDueDate: to.scheduledDueDate,
            dueDate: to.dueDate,
            periodLabel: to.periodLabel,
            shiftHoliday: to.shiftHoliday,
            updatedAt: now,
          });
          if (task.dueDate !== to.dueDate) counts.moved += 1;
        }
        await recordTaskMoves(
          trx,
          audit,
          null,
          change.plan.moved.map(({ task, to }) => ({
            taskId: task.id,
            facilityId: change.facilityId,
            from: task.dueDate,
            to: to.dueDate,
            holiday: to.shiftHoliday,
          })),
        );
      }
      for (const { columns, ids } of refresh.values()) {
        await updateColumnsOfTasks(trx, ids, { ...columns, updatedAt: now });
      }

      const rows = planned.flatMap((change) =>
        change.plan.added.map(newTaskRow(change.fields, change.bindingId, change.facilityId, now)),
      );
      counts.added = await insertTasks(trx, rows);
      return counts;
    },

    async materializeAll(generation = {}) {
      const horizonMonths = generation.horizonMonths ?? defaultHorizon;
      const batchRows = generation.batchRows ?? DEFAULT_BATCH_ROWS;
      const instant = clock();
      const todays = new Map<string, CalendarDate>();
      const todayIn = (zone: string) => {
        let today = todays.get(zone);
        if (!today) {
          today = todayInTimeZone(zone, instant);
          todays.set(zone, today);
        }
        return today;
      };
      // The horizon of each facility zone (the latest possible one, UTC+14, for a zone added meanwhile).
      const horizons = new Map<string, CalendarDate>();
      for (const zone of await findActiveFacilityZones(db))
        horizons.set(zone, addMonthsClamped(todayIn(zone), horizonMonths));
      const latestHorizon = addMonthsClamped(todayInTimeZone('Etc/GMT-14', instant), horizonMonths);
      // Every facility's holiday calendar, in memory for the run (two queries, none per task).
      const holidays = await loadHolidayLookups(db, null);
      const runId = newId();
      const result: GenerationResult = { series: 0, extended: 0, inserted: 0 };
      let rows: NewRow<'tasks'>[] = [];
      let marks: { id: string; revision: number; materializedTo: string }[] = [];

      // PostgreSQL takes batches on several connections at once; SQLite has one writer.
      const concurrency = writeConcurrency(db);
      const inFlight = new Set<Promise<void>>();
      let failure: unknown;
      const flush = () => {
        if (marks.length === 0) return;
        const batchRows = rows;
        const batchMarks = marks;
        rows = [];
        marks = [];
        const write = unitOfWork(db, async (trx) => {
          const kept = await markMaterialized(trx, batchMarks);
          const inserted = await insertTasks(
            trx,
            kept.size === batchMarks.length ? batchRows : batchRows.filter((row) => kept.has(row.bindingId)),
          );
          result.extended += kept.size;
          result.inserted += inserted;
          if (inserted > 0) {
            await audit.record(trx, {
              actor: null,
              action: 'GENERATE',
              entityType: 'TASK_GENERATION',
              entityId: runId,
              changes: { tasks: { before: null, after: inserted }, series: { before: null, after: kept.size } },
            });
          }
        });
        const tracked: Promise<void> = write
          .catch((error: unknown) => {
            failure ??= error;
          })
          .finally(() => inFlight.delete(tracked));
        inFlight.add(tracked);
      };
      const drain = async (limit: number) => {
        while (inFlight.size > limit) await Promise.race(inFlight);
        if (failure) throw failure;
      };

      let afterId = '';
      const now = nowIso(instant);
      for (;;) {
        const page = await findSeriesForGeneration(db, afterId, SERIES_PAGE, horizons, latestHorizon);
        if (page.length === 0) break;
        afterId = page[page.length - 1]!.id;
        for (const series of page) {
          result.series += 1;
          const rule: SeriesRule = {
            ...seriesRuleOf(series, series.bindingFirstDueDate),
            holidays: holidays.forFacility(series.facilityId),
          };
          const fields: SeriesTaskFields = {
            requirementId: series.requirementId,
            title: series.title,
            category: series.category,
            frequency: series.frequency,
            assigneeId: series.bindingAssigneeId ?? series.defaultAssigneeId,
          };
          const toRow = newTaskRow(fields, series.id, series.facilityId, now);
          const revision = Number(series.revision);
          if (isFixedSchedule(rule)) {
            const extension = extendCalendarSeries({
              rule,
              offset: Number(series.sequenceOffset),
              generateFrom: series.generateFrom,
              materializedTo: series.materializedTo,
              today: todayIn(series.timeZone),
              horizonMonths,
            });
            if (!extension) continue;
            marks.push({ id: series.id, revision, materializedTo: extension.materializedTo });
            for (const occurrence of extension.occurrences) rows.push(toRow(occurrence));
          } else if (series.materializedTo === null) {
            // After-completion series: the first task, at the anchor; later ones come from completions.
            const scheduled = rule.anchor;
            if (rule.activeUntil && scheduled > rule.activeUntil) continue;
            marks.push({ id: series.id, revision, materializedTo: scheduled });
            rows.push(toRow({ sequence: Number(series.sequenceOffset), ...shiftedOccurrenceOn(scheduled, rule) }));
          }
          if (rows.length >= batchRows || marks.length >= batchRows) {
            flush();
            await drain(concurrency - 1);
          }
        }
      }
      flush();
      await drain(0);
      // A bulk write leaves the planner's statistics behind (or, on a fresh database, absent): refresh
      // them now rather than let the next runs and the lists plan on guesses until autovacuum comes.
      if (result.inserted + result.extended >= LARGE_GENERATION_ROWS) await refreshPlannerStatistics(db);
      return result;
    },
  };
}
