import type { Kysely, Transaction } from 'kysely';
import { type CalendarDate, addDays, todayInTimeZone } from '@rtms/shared/calendar-date';
import { shiftToBusinessDay } from '@rtms/shared/business-days';
import { displayNameOf } from '@rtms/shared/display-name';
import { can } from '@rtms/shared/permissions';
import { graceEndsOn, nextAfterCompletion, opensOn, periodLabel, timelinessOf } from '@rtms/shared/recurrence';
import type { AuditChanges } from '@rtms/shared/schemas/audit';
import { taskState } from '@rtms/shared/task-state';
import {
  DUE_SOON_DAYS,
  type Task,
  type TaskComment,
  type TaskDetail,
  type TaskListQuery,
  type TaskPage,
  type bulkTaskBodySchema,
  type completeTaskBodySchema,
  type createTaskCommentBodySchema,
  type reopenTaskBodySchema,
  type updateTaskBodySchema,
} from '@rtms/shared/schemas/tasks';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { conflict, forbidden, invalid, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import { newTaskId } from './task-ids';
import { loadHolidayLookups } from '../holidays/holiday-lookups';
import { parseSort } from '../../platform/list-query';
import { likePattern } from '../../platform/search-text';
import { actorOf, type AuditService } from '../audit/audit.service';
import {
  facilityScopeOf,
  isFacilityInScope,
  scopeFacilityIds,
  type FacilityScope,
} from '../user-facilities/facility-scope';
import { assertAssignable } from './assignable-users';
import {
  CURSOR_SORTS,
  bumpTasksRevision,
  findPageBoundaries,
  findTasksRevision,
  countTasks,
  cursorValues,
  deleteTasks,
  findCommentsOfTask,
  findFacilityIdsMatching,
  findFacilityZones,
  findRequirementIdsMatching,
  findTaskByBindingSequence,
  findTaskContext,
  findTaskListRowById,
  findTaskRowById,
  insertTaskComment,
  insertTasks,
  listTasks,
  lockTask,
  updateTaskColumns,
  type TaskContext,
  type TaskFilters,
  type TaskListRow,
  type TaskPageWindow,
  type TaskSort,
  type TaskSortField,
  type TodayGroup,
  findEvidenceDocumentsOfTask,
  findTaskInstructions,
} from './tasks.repository';
import type { TaskRow } from './tasks.table';

type UpdateBody = z.output<typeof updateTaskBodySchema>;
type CompleteBody = z.output<typeof completeTaskBodySchema>;
type ReopenBody = z.output<typeof reopenTaskBodySchema>;
type CommentBody = z.output<typeof createTaskCommentBodySchema>;
type BulkBody = z.output<typeof bulkTaskBodySchema>;

/**
 * Counts the evidence documents attached to a task (the documents feature provides it). The evidence
 * gate refuses to complete a task whose requirement requires evidence while the count is below the
 * requirement's minimum (at least one).
 */
export type EvidenceCounter = (db: Kysely<Database>, taskId: string) => Promise<number>;

/** Until the documents feature provides one: no task has evidence. */
export const noEvidence: EvidenceCounter = async () => 0;

/** The filters of the task list (and of the calendar, which adds its own date range). */
export type TaskFilterQuery = Omit<TaskListQuery, 'page' | 'pageSize' | 'sort' | 'cursor'>;

export interface TasksService {
  /** The list's filters as the caller's scope and today make them; null = a facility outside the scope. */
  filtersFor(
    principal: Pick<Principal, 'id' | 'role'>,
    query: TaskFilterQuery,
    options: { todays: boolean },
  ): Promise<TaskFilters | null>;
  /** The first `limit` tasks by due date that match the filters in the user's current scope (for feeds). */
  listAll(principal: Pick<Principal, 'id' | 'role'>, query: TaskFilterQuery, limit: number): Promise<Task[]>;
  /** The tasks in the caller's scope, filtered, sorted and paginated (offset or keyset cursor). */
  list(principal: Principal, query: TaskListQuery): Promise<TaskPage>;
  /** One task with its windows, evidence gate, comments and history; 404 outside the caller's scope. */
  get(principal: Principal, id: string): Promise<TaskDetail>;
  /** Assign, reschedule (with a reason) or mark not applicable; marks the task touched. */
  update(principal: Principal, id: string, body: UpdateBody): Promise<Task>;
  /** Completes a task on `completedOn` (default today at the facility), recording its timeliness. */
  complete(principal: Principal, id: string, body: CompleteBody): Promise<Task>;
  reopen(principal: Principal, id: string, body: ReopenBody): Promise<Task>;
  comment(principal: Principal, id: string, body: CommentBody): Promise<TaskComment>;
  /** Completes or assigns many tasks in one transaction: all or nothing. */
  bulk(principal: Principal, body: BulkBody): Promise<{ action: BulkBody['action']; updated: number }>;
  /**
   * Completes several tasks, each on its own date and with its own note, in one transaction (all or
   * nothing, each checked like a single completion). For importing a site's record (the demo loader).
   */
  completeEach(
    principal: Principal,
    items: readonly { id: string; completedOn?: string; completionNote?: string | null }[],
  ): Promise<void>;
  /**
   * For the documents feature: records, inside the caller's transaction, that a person changed the task
   * (evidence attached), so that requirement edits leave it alone. Throws 404 outside the scope.
   */
  markTouched(trx: Transaction<Database>, principal: Principal, taskId: string): Promise<void>;
}

export interface TasksServiceOptions {
  clock: Clock;
  countEvidence: EvidenceCounter;
}

/** A sort value of the list query → its field and direction. */
function sortOf(sort: TaskListQuery['sort']): TaskSort {
  const parsed = parseSort(sort, 'dueDate');
  return { field: parsed.field as TaskSortField, direction: parsed.direction };
}

function encodeCursor(values: string[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

function decodeCursor(cursor: string, length: number): string[] {
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(values) && values.length === length && values.every((value) => typeof value === 'string')) {
      return values as string[];
    }
  } catch {
    // fall through
  }
  throw invalid('The cursor is not valid', [{ path: 'cursor', message: 'Use the nextCursor of a previous page' }]);
}

/** Today in a facility's zone, and the last day a task due from today counts as due soon. */
export interface FacilityDay {
  today: CalendarDate;
  dueSoonUntil: CalendarDate;
}

export function facilityDay(today: CalendarDate): FacilityDay {
  return { today, dueSoonUntil: addDays(today, DUE_SOON_DAYS) };
}

/**
 * The facility day of each time zone, remembered for the current UTC minute. Every zone's offset is a
 * whole number of minutes, so a zone's date only changes on a minute boundary: within one minute the
 * remembered day is exact. (Asking `Intl` costs more than the rest of a list row.)
 */
const daysByZone = new Map<string, { minute: number; day: FacilityDay }>();

function dayMemo(clock: Clock): (timeZone: string) => FacilityDay {
  const now = clock();
  const minute = Math.floor(now.getTime() / 60_000);
  return (timeZone) => {
    const known = daysByZone.get(timeZone);
    if (known && known.minute === minute) return known.day;
    const day = facilityDay(todayInTimeZone(timeZone, now));
    if (daysByZone.size > 1000) daysByZone.clear();
    daysByZone.set(timeZone, { minute, day });
    return day;
  };
}

function nameOf(first: string | null, last: string | null): string | null {
  if (first === null && last === null) return null;
  return displayNameOf({ firstName: first, lastName: last }) || null;
}

/**
 * The task as the API answers it. Overdue and due soon as `isOverdue` / `isDueSoon` (recurrence.ts) judge
 * them, by direct comparison of the calendar-date strings (valid dates sort as text): this runs for
 * every row of every page.
 */
/**
 * Why the rule's date was moved by the business-day shift (PRODUCT §4: "4 July 2027 is Independence
 * Day"): null when the task is due on its scheduled day or was rescheduled by a person (the
 * reschedule reason says why then).
 */
function dueDateShiftOf(row: Pick<TaskListRow, 'scheduledDueDate' | 'dueDate' | 'rescheduleReason' | 'shiftHoliday'>) {
  if (row.dueDate === row.scheduledDueDate || row.rescheduleReason !== null) return null;
  return row.shiftHoliday === null
    ? { scheduledDueDate: row.scheduledDueDate, reason: 'WEEKEND' as const, holidayName: null }
    : { scheduledDueDate: row.scheduledDueDate, reason: 'HOLIDAY' as const, holidayName: row.shiftHoliday };
}

export function toTask(row: TaskListRow, day: FacilityDay): Task {
  const open = row.notApplicableReason === null && row.status !== 'COMPLETED';
  return {
    _id: row.id,
    requirementId: row.requirementId,
    facilityId: row.facilityId,
    facilityName: row.facilityName,
    requirementTitle: row.requirementTitle,
    sequence: Number(row.sequence),
    title: row.title,
    category: row.category,
    frequency: row.frequency,
    periodLabel: row.periodLabel,
    scheduledDueDate: row.scheduledDueDate,
    dueDate: row.dueDate,
    rescheduleReason: row.rescheduleReason,
    dueDateShift: dueDateShiftOf(row),
    status: row.status,
    notApplicableReason: row.notApplicableReason,
    timeliness: row.timeliness,
    overdue: open && row.dueDate < day.today,
    dueSoon: open && row.dueDate >= day.today && row.dueDate <= day.dueSoonUntil,
    state: taskState({ ...row, leadTimeDays: Number(row.leadTimeDays) }, day.today),
    assigneeId: row.assigneeId,
    assigneeName: nameOf(row.assigneeFirstName, row.assigneeLastName),
    completedAt: row.completedAt,
    completedOn: row.completedOn,
    completedBy: row.completedBy,
    completedByName: nameOf(row.completerFirstName, row.completerLastName),
    completionNote: row.completionNote,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Cached totals per filter, valid while the tasks revision has not moved (checked on every request). */
const COUNT_CACHE_SIZE = 500;
/** Deep pages seek from every BOUNDARY_EVERY-th row (cached per filter and order, up to BOUNDARY_CACHE_SIZE of them). */
const BOUNDARY_EVERY = 500;
const BOUNDARY_CACHE_SIZE = 50;

/** Most history entries a task page shows (the newest). */
const HISTORY_LIMIT = 500;

export function createTasksService(
  db: Kysely<Database>,
  audit: AuditService,
  options: TasksServiceOptions,
): TasksService {
  const { clock, countEvidence } = options;
  const countCache = new Map<string, { revision: number; total: number }>();
  const boundaryCache = new Map<string, { revision: number; boundaries: string[][] }>();

  /** The total for the filters: cached per filter, valid while the tasks revision is `revision`. */
  async function cachedCount(filters: TaskFilters, revision: number): Promise<number> {
    // Search results depend on requirement and facility texts, which the revision does not follow.
    if (filters.searchWords) return countTasks(db, filters);
    const key = JSON.stringify(filters);
    const hit = countCache.get(key);
    if (hit && hit.revision === revision) {
      countCache.delete(key);
      countCache.set(key, hit);
      return hit.total;
    }
    const total = await countTasks(db, filters);
    countCache.set(key, { revision, total });
    if (countCache.size > COUNT_CACHE_SIZE) countCache.delete(countCache.keys().next().value as string);
    return total;
  }

  /**
   * The window of a page deep in the list: from the nearest cached boundary before it (see
   * `findPageBoundaries`), so that page 1,000 skips at most a boundary's worth of rows, not 20,000.
   * Boundaries are computed once per filter and order, and used while the tasks revision holds.
   */
  async function seekWindow(
    filters: TaskFilters,
    sort: TaskSort,
    offset: number,
    limit: number,
  ): Promise<TaskPageWindow> {
    if (offset < 2 * BOUNDARY_EVERY || !CURSOR_SORTS.includes(sort.field) || filters.searchWords) {
      return { limit, offset };
    }
    const key = JSON.stringify([filters, sort]);
    const revision = await findTasksRevision(db);
    let hit = boundaryCache.get(key);
    if (!hit || hit.revision !== revision) {
      hit = { revision, boundaries: await findPageBoundaries(db, filters, sort, BOUNDARY_EVERY) };
      boundaryCache.set(key, hit);
      if (boundaryCache.size > BOUNDARY_CACHE_SIZE) boundaryCache.delete(boundaryCache.keys().next().value as string);
    }
    const index = Math.min(Math.floor(offset / BOUNDARY_EVERY), hit.boundaries.length) - 1;
    const boundary = index >= 0 ? hit.boundaries[index] : undefined;
    return boundary ? { limit, offset: offset - (index + 1) * BOUNDARY_EVERY, after: boundary } : { limit, offset };
  }

  /** Facilities grouped by their "today"; one group without ids when they all share it. */
  async function todayGroups(
    facilityIds: string[] | undefined,
    today: (zone: string) => CalendarDate,
  ): Promise<TodayGroup[]> {
    const zones = await findFacilityZones(db, facilityIds);
    const groups = new Map<CalendarDate, string[]>();
    for (const { id, timeZone } of zones) {
      const day = today(timeZone);
      const group = groups.get(day);
      if (group) group.push(id);
      else groups.set(day, [id]);
    }
    if (groups.size <= 1) {
      const [day] = groups.keys();
      return day ? [{ today: day, facilityIds: null }] : [];
    }
    return [...groups]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([day, ids]) => ({ today: day, facilityIds: ids.sort() }));
  }

  async function getInScopeOrThrow(
    executor: Kysely<Database>,
    principal: Principal,
    id: string,
    scope?: FacilityScope,
  ) {
    const row = await findTaskRowById(executor, id);
    if (!row) throw notFound('Task');
    const callerScope = scope ?? (await facilityScopeOf(executor, principal));
    if (!isFacilityInScope(callerScope, row.facilityId)) throw notFound('Task');
    const context = await findTaskContext(executor, id);
    if (!context) throw notFound('Task');
    return { row, context };
  }

  async function readTask(executor: Kysely<Database>, id: string): Promise<Task> {
    const row = await findTaskListRowById(executor, id);
    if (!row) throw notFound('Task');
    return toTask(row, facilityDay(todayInTimeZone(row.timeZone, clock())));
  }

  /** Completes one task inside `trx` (scope already checked). */
  async function completeWithin(
    trx: Transaction<Database>,
    principal: Principal,
    row: TaskRow,
    context: TaskContext,
    body: { completionNote?: string | null; completedOn?: string },
  ): Promise<void> {
    if (row.status === 'COMPLETED') throw conflict('This task is already completed');
    if (row.notApplicableReason !== null) {
      throw conflict('This task is marked not applicable; clear that first to complete it');
    }
    const today = todayInTimeZone(context.timeZone, clock());
    const completedOn = body.completedOn ?? today;
    if (completedOn > today) {
      throw invalid('The completion date cannot be in the future', [
        { path: 'completedOn', message: `Use ${today} (today at the facility) or an earlier date` },
      ]);
    }
    if (context.evidenceRequired) {
      const required = Math.max(1, Number(context.minEvidence));
      const attached = await countEvidence(trx, row.id);
      if (attached < required) {
        // 400 with per-field details, as every validation error (PRODUCT §6); `evidence` names the rule.
        const missing = required - attached;
        throw invalid(
          `This task needs ${required} evidence document${required === 1 ? '' : 's'} before it can be completed (${attached} attached)`,
          [{ path: 'evidence', message: `Attach ${missing} more evidence document${missing === 1 ? '' : 's'}` }],
        );
      }
    }
    const timeliness = timelinessOf({ dueDate: row.dueDate, graceDays: Number(context.graceDays), completedOn });
    const now = nowIso(clock());
    const completionNote = body.completionNote ?? null;
    await updateTaskColumns(trx, row.id, {
      status: 'COMPLETED',
      completedAt: now,
      completedOn,
      completedBy: principal.id === 'system' ? null : principal.id,
      completionNote,
      timeliness,
      touched: 1,
      updatedAt: now,
    });
    if (
      context.scheduleMode === 'AFTER_COMPLETION' &&
      context.requirementStatus === 'ACTIVE' &&
      context.bound &&
      context.applicable
    ) {
      await scheduleNextAfterCompletion(trx, row, context, completedOn, now);
    }
    await audit.record(trx, {
      actor: actorOf(principal),
      action: 'COMPLETE',
      entityType: 'TASK',
      entityId: row.id,
      facilityId: row.facilityId,
      changes: {
        status: { before: row.status, after: 'COMPLETED' },
        completedOn: { before: null, after: completedOn },
        timeliness: { before: null, after: timeliness },
        ...(completionNote ? { completionNote: { before: null, after: completionNote } } : {}),
      },
    });
  }

  /** After-completion mode: the next occurrence is due one step after the completion date. */
  async function scheduleNextAfterCompletion(
    trx: Transaction<Database>,
    row: TaskRow,
    context: TaskContext,
    completedOn: CalendarDate,
    now: string,
  ): Promise<void> {
    const scheduled = nextAfterCompletion(completedOn, context.requirementFrequency);
    if (scheduled === null || (context.activeUntil && scheduled > context.activeUntil)) return;
    const holidays = (await loadHolidayLookups(trx, [row.facilityId])).forFacility(row.facilityId);
    const { dueDate, reason } = shiftToBusinessDay(scheduled, context.weekendShift, holidays);
    const label = periodLabel(scheduled, context.requirementFrequency);
    const sequence = Number(row.sequence) + 1;
    const existing = await findTaskByBindingSequence(trx, row.bindingId, sequence);
    if (!existing) {
      await insertTasks(trx, [
        {
          id: newTaskId(),
          requirementId: row.requirementId,
          bindingId: row.bindingId,
          facilityId: row.facilityId,
          sequence,
          title: context.requirementTitle,
          category: context.requirementCategory,
          frequency: context.requirementFrequency,
          periodLabel: label,
          scheduledDueDate: scheduled,
          dueDate,
          shiftHoliday: reason?.kind === 'HOLIDAY' ? reason.name : null,
          status: 'INCOMPLETE',
          assigneeId: context.bindingAssigneeId ?? context.defaultAssigneeId,
          touched: 0,
          createdAt: now,
          updatedAt: now,
        },
      ]);
    } else if (!existing.touched && existing.status === 'INCOMPLETE') {
      await updateTaskColumns(trx, existing.id, {
        scheduledDueDate: scheduled,
        dueDate,
        periodLabel: label,
        updatedAt: now,
      });
    }
  }

  /**
   * The list's filters for the caller: their facility scope, the query's filters, each facility's today
   * (when a filter judges dates against it, or always with `todays: true`) and the search words resolved
   * to ids. Null when the query names a facility outside the scope (the answer is then empty).
   */
  async function filtersFor(
    principal: Pick<Principal, 'id' | 'role'>,
    query: TaskFilterQuery,
    options: { todays: boolean },
  ): Promise<TaskFilters | null> {
    const scope = await facilityScopeOf(db, principal);
    const scopeIds = scopeFacilityIds(scope);
    if (query.facilityId && scopeIds && !scopeIds.includes(query.facilityId)) return null;
    const day = dayMemo(clock);
    const today = (zone: string) => day(zone).today;
    const filters: TaskFilters = {
      ...(scopeIds ? { scopeFacilityIds: [...scopeIds].sort() } : {}),
      ...(query.facilityId ? { facilityId: query.facilityId } : {}),
      ...(query.requirementId ? { requirementId: query.requirementId } : {}),
      ...(query.programAreaId ? { programAreaId: query.programAreaId } : {}),
      ...(query.category ? { category: query.category } : {}),
      ...(query.frequency ? { frequency: query.frequency } : {}),
      ...(query.status ? { status: query.status } : {}),
      ...(query.assigneeId ? { assigneeId: query.assigneeId === 'none' ? null : query.assigneeId } : {}),
      ...(query.dueFrom ? { dueFrom: query.dueFrom } : {}),
      ...(query.dueTo ? { dueTo: query.dueTo } : {}),
      ...(query.timeliness ? { timeliness: query.timeliness } : {}),
      ...(query.completedFrom ? { completedFrom: query.completedFrom } : {}),
      ...(query.completedTo ? { completedTo: query.completedTo } : {}),
      ...(query.overdue !== undefined ? { overdue: query.overdue } : {}),
      ...(query.dueSoon !== undefined ? { dueSoon: { value: query.dueSoon, withinDays: DUE_SOON_DAYS } } : {}),
      ...(query.state ? { states: query.state } : {}),
    };
    if (options.todays || query.overdue !== undefined || query.dueSoon !== undefined || query.state) {
      filters.todays = await todayGroups(query.facilityId ? [query.facilityId] : scopeIds, today);
    }
    const words = (query.search ?? '').split(/\s+/).filter(Boolean);
    if (words.length) {
      filters.searchWords = [];
      for (const word of words) {
        const pattern = likePattern(word);
        filters.searchWords.push({
          requirementIds: await findRequirementIdsMatching(db, pattern),
          facilityIds: await findFacilityIdsMatching(db, pattern),
        });
      }
    }
    return filters;
  }

  return {
    filtersFor,

    async listAll(principal, query, limit) {
      const filters = await filtersFor(principal, query, { todays: false });
      if (!filters) return [];
      const day = dayMemo(clock);
      const { rows } = await listTasks(db, filters, { field: 'dueDate', direction: 'asc' }, { limit, offset: 0 });
      return rows.map((row) => toTask(row, day(row.timeZone)));
    },

    async list(principal, query) {
      const sort = sortOf(query.sort);
      const meta = { page: query.page, pageSize: query.pageSize };
      const day = dayMemo(clock);
      const filters = await filtersFor(principal, query, { todays: false });
      if (!filters) return { data: [], meta: { ...meta, total: 0, nextCursor: null } };
      let after: string[] | undefined;
      if (query.cursor) {
        if (!CURSOR_SORTS.includes(sort.field)) {
          throw invalid('A cursor is available only when sorting by due date, title or status', [
            { path: 'cursor', message: 'Not available for this sort; use page' },
          ]);
        }
        after = decodeCursor(query.cursor, sort.field === 'dueDate' ? 2 : 3);
      }
      const offset = after ? 0 : (query.page - 1) * query.pageSize;
      const window = after
        ? { limit: query.pageSize, offset: 0, after }
        : await seekWindow(filters, sort, offset, query.pageSize);
      const { rows, revision } = await listTasks(db, filters, sort, window);
      const total = await cachedCount(filters, revision);
      const last = rows[rows.length - 1];
      const nextCursor =
        last && rows.length === query.pageSize && CURSOR_SORTS.includes(sort.field)
          ? encodeCursor(cursorValues(sort, last))
          : null;
      return {
        data: rows.map((row) => toTask(row, day(row.timeZone))),
        meta: { ...meta, total, nextCursor },
      };
    },

    async get(principal, id) {
      const { context } = await getInScopeOrThrow(db, principal, id);
      const row = await findTaskListRowById(db, id);
      if (!row) throw notFound('Task');
      const today = facilityDay(todayInTimeZone(row.timeZone, clock()));
      const [comments, documents, instructions, evidenceCount] = await Promise.all([
        findCommentsOfTask(db, id),
        findEvidenceDocumentsOfTask(db, id),
        findTaskInstructions(db, id),
        countEvidence(db, id),
      ]);
      const titleOfDocument = new Map(documents.map((document) => [document.id, document.title]));
      const history = await audit.eventsOf(
        [
          { entityType: 'TASK', entityIds: [id] },
          { entityType: 'DOCUMENT', entityIds: [...titleOfDocument.keys()] },
        ],
        HISTORY_LIMIT,
      );
      const leadTimeDays = Number(context.leadTimeDays);
      const graceDays = Number(context.graceDays);
      return {
        ...toTask(row, today),
        timeZone: row.timeZone,
        scheduleMode: context.scheduleMode,
        leadTimeDays,
        graceDays,
        opensOn: opensOn(row.dueDate, leadTimeDays),
        graceEndsOn: graceEndsOn(row.dueDate, graceDays),
        evidenceRequired: Boolean(context.evidenceRequired),
        minEvidence: Number(context.minEvidence),
        evidenceCount,
        comments: comments.map((comment) => ({
          _id: comment.id,
          taskId: comment.taskId,
          body: comment.body,
          authorId: comment.authorId,
          authorName: comment.authorId ? displayNameOf(comment) || comment.email : null,
          createdAt: comment.createdAt,
          updatedAt: comment.updatedAt,
        })),
        instructions: {
          description: instructions?.description ?? null,
          citation: instructions?.citation ?? null,
          permitNumber: instructions?.permitNumber ?? null,
          regulationId: instructions?.regulationId ?? null,
          regulationTitle: instructions?.regulationTitle ?? null,
          regulationCitation: instructions?.regulationCitation ?? null,
        },
        history: history.map((event) => {
          const isDocument = event.entityType === 'DOCUMENT';
          return {
            _id: event._id,
            at: event.at,
            actorId: event.actorId,
            actorEmail: event.actorEmail,
            actorName: event.actorName,
            action: event.action,
            entityType: isDocument ? ('DOCUMENT' as const) : ('TASK' as const),
            documentId: isDocument ? event.entityId : null,
            documentTitle: isDocument ? (event.entityName ?? titleOfDocument.get(event.entityId) ?? null) : null,
            // A document event's fields (storage key, hash, tags…) are the document's, not the task's:
            // the history names the evidence and keeps only why it was removed and a new version's number.
            changes: isDocument
              ? Object.fromEntries(
                  Object.entries(event.changes).filter(
                    ([field, change]) => field === 'archiveReason' || (field === 'version' && change.before !== null),
                  ),
                )
              : event.changes,
          };
        }),
      };
    },

    async update(principal, id, body) {
      await db.transaction().execute(async (trx) => {
        await lockTask(trx, id);
        const { row, context } = await getInScopeOrThrow(trx, principal, id);
        const changes: AuditChanges = {};
        const columns: Partial<TaskRow> = {};
        if (body.assigneeId !== undefined && body.assigneeId !== row.assigneeId) {
          if (body.assigneeId !== null) await assertAssignable(trx, body.assigneeId, [row.facilityId], 'assigneeId');
          columns.assigneeId = body.assigneeId;
          changes.assigneeId = { before: row.assigneeId, after: body.assigneeId };
        }
        if (body.dueDate !== undefined && body.dueDate !== row.dueDate) {
          if (row.status === 'COMPLETED') {
            throw conflict('A completed task cannot be rescheduled; reopen it first');
          }
          if (!body.rescheduleReason) {
            throw invalid('Please give the reason for the new due date', [
              { path: 'rescheduleReason', message: 'A reason is required when the due date changes' },
            ]);
          }
          columns.dueDate = body.dueDate;
          columns.rescheduleReason = body.rescheduleReason;
          changes.dueDate = { before: row.dueDate, after: body.dueDate };
          changes.rescheduleReason = { before: row.rescheduleReason, after: body.rescheduleReason };
        }
        if (body.notApplicableReason !== undefined && body.notApplicableReason !== row.notApplicableReason) {
          if (row.status === 'COMPLETED' && body.notApplicableReason !== null) {
            throw conflict('A completed task cannot be marked not applicable; reopen it first');
          }
          columns.notApplicableReason = body.notApplicableReason;
          changes.notApplicableReason = { before: row.notApplicableReason, after: body.notApplicableReason };
        }
        if (Object.keys(changes).length === 0) return;
        await updateTaskColumns(trx, id, { ...columns, touched: 1, updatedAt: nowIso(clock()) });
        await bumpTasksRevision(trx);
        const onlyAssignee = Object.keys(changes).length === 1 && changes.assigneeId;
        await audit.record(trx, {
          actor: actorOf(principal),
          action: onlyAssignee ? (columns.assigneeId ? 'ASSIGN' : 'UNASSIGN') : 'UPDATE',
          entityType: 'TASK',
          entityId: id,
          facilityId: context.facilityId,
          changes,
        });
      });
      return readTask(db, id);
    },

    async complete(principal, id, body) {
      await db.transaction().execute(async (trx) => {
        await lockTask(trx, id);
        const { row, context } = await getInScopeOrThrow(trx, principal, id);
        await completeWithin(trx, principal, row, context, body);
        await bumpTasksRevision(trx);
      });
      return readTask(db, id);
    },

    async reopen(principal, id, body) {
      await db.transaction().execute(async (trx) => {
        await lockTask(trx, id);
        const { row, context } = await getInScopeOrThrow(trx, principal, id);
        if (row.status !== 'COMPLETED') throw conflict('This task is not completed');
        const now = nowIso(clock());
        await updateTaskColumns(trx, id, {
          status: 'INCOMPLETE',
          completedAt: null,
          completedOn: null,
          completedBy: null,
          completionNote: null,
          timeliness: null,
          touched: 1,
          updatedAt: now,
        });
        if (context.scheduleMode === 'AFTER_COMPLETION') {
          // The occurrence this completion created goes again, unless someone has worked on it.
          const next = await findTaskByBindingSequence(trx, row.bindingId, Number(row.sequence) + 1);
          if (next && !next.touched && next.status === 'INCOMPLETE') await deleteTasks(trx, [next.id]);
        }
        await bumpTasksRevision(trx);
        await audit.record(trx, {
          actor: actorOf(principal),
          action: 'REOPEN',
          entityType: 'TASK',
          entityId: id,
          facilityId: row.facilityId,
          changes: {
            status: { before: 'COMPLETED', after: 'INCOMPLETE' },
            completedOn: { before: row.completedOn, after: null },
            timeliness: { before: row.timeliness, after: null },
            ...(body.reason ? { reason: { before: null, after: body.reason } } : {}),
          },
        });
      });
      return readTask(db, id);
    },

    async comment(principal, id, body) {
      const comment = await db.transaction().execute(async (trx) => {
        const { row } = await getInScopeOrThrow(trx, principal, id);
        const now = nowIso(clock());
        const created = {
          id: newId(),
          taskId: id,
          authorId: principal.id === 'system' ? null : principal.id,
          body: body.body,
          createdAt: now,
          updatedAt: now,
        };
        await insertTaskComment(trx, created);
        await updateTaskColumns(trx, id, { touched: 1, updatedAt: now });
        await audit.record(trx, {
          actor: actorOf(principal),
          action: 'COMMENT',
          entityType: 'TASK',
          entityId: id,
          facilityId: row.facilityId,
          changes: { comment: { before: null, after: body.body } },
        });
        return created;
      });
      return {
        _id: comment.id,
        taskId: comment.taskId,
        body: comment.body,
        authorId: comment.authorId,
        authorName: comment.authorId ? displayNameOf(principal) || principal.email : null,
        createdAt: comment.createdAt,
        updatedAt: comment.updatedAt,
      };
    },

    async bulk(principal, body) {
      const permission = body.action === 'complete' ? 'task:complete' : 'task:assign';
      if (!can(principal.role, permission)) throw forbidden();
      await db.transaction().execute(async (trx) => {
        const scope = await facilityScopeOf(trx, principal);
        const targets = [];
        for (const id of body.ids) {
          await lockTask(trx, id);
          targets.push(await getInScopeOrThrow(trx, principal, id, scope));
        }
        if (body.action === 'complete') {
          for (const { row, context } of targets) {
            await completeWithin(trx, principal, row, context, body);
          }
        } else {
          const assigneeId = body.assigneeId ?? null;
          if (assigneeId !== null) {
            await assertAssignable(
              trx,
              assigneeId,
              [...new Set(targets.map((target) => target.row.facilityId))],
              'assigneeId',
            );
          }
          const now = nowIso(clock());
          for (const { row } of targets) {
            if (row.assigneeId === assigneeId) continue;
            await updateTaskColumns(trx, row.id, { assigneeId, touched: 1, updatedAt: now });
            await audit.record(trx, {
              actor: actorOf(principal),
              action: assigneeId ? 'ASSIGN' : 'UNASSIGN',
              entityType: 'TASK',
              entityId: row.id,
              facilityId: row.facilityId,
              changes: { assigneeId: { before: row.assigneeId, after: assigneeId } },
            });
          }
        }
        await bumpTasksRevision(trx);
      });
      return { action: body.action, updated: body.ids.length };
    },

    async completeEach(principal, items) {
      if (!can(principal.role, 'task:complete')) throw forbidden();
      await db.transaction().execute(async (trx) => {
        const scope = await facilityScopeOf(trx, principal);
        for (const item of items) {
          await lockTask(trx, item.id);
          const { row, context } = await getInScopeOrThrow(trx, principal, item.id, scope);
          await completeWithin(trx, principal, row, context, item);
        }
        await bumpTasksRevision(trx);
      });
    },

    async markTouched(trx, principal, taskId) {
      const { row } = await getInScopeOrThrow(trx, principal, taskId);
      if (!row.touched) await updateTaskColumns(trx, taskId, { touched: 1, updatedAt: nowIso(clock()) });
    },
  };
}
