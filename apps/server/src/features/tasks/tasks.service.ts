import type { Kysely, Transaction } from 'kysely';
import { can } from '@rtms/shared/permissions';
import type { AuditChanges } from '@rtms/shared/schemas/audit';
import type {
  Task,
  TaskComment,
  TaskDetail,
  bulkTaskBodySchema,
  completeTaskBodySchema,
  createTaskCommentBodySchema,
  reopenTaskBodySchema,
  updateTaskBodySchema,
} from '@rtms/shared/schemas/tasks';
import { displayNameOf } from '@rtms/shared/display-name';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { conflict, forbidden, invalid, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import { actorOf, type AuditService } from '../audit/audit.service';
import { facilityScopeOf, isFacilityInScope, type FacilityScope } from '../user-facilities/facility-scope';
import { assertAssignable } from './assignable-users';
import { createTaskCompletion, type EvidenceCounter } from './task-completion';
import { createTaskDetailReader } from './task-detail';
import { createTaskReopening } from './task-reopening';
import { createReviewInvalidation } from './task-review-invalidation';
import { createTaskListService, type TaskListService } from './task-list.service';
import { toTaskToday } from './task-view';
import { findTaskContext, findTaskRowById, insertTaskComment, lockTask, updateTaskColumns } from './tasks.repository';
import { findTaskListRowById } from './task-page.repository';
import type { TaskRow } from './tasks.table';
import type { TaskContext } from './tasks.repository';
import { unitOfWork } from '../../db/unit-of-work';

export type { EvidenceCounter } from './task-completion';
export type { TaskFilterQuery } from './task-list.service';

type UpdateBody = z.output<typeof updateTaskBodySchema>;
type CompleteBody = z.output<typeof completeTaskBodySchema>;
type ReopenBody = z.output<typeof reopenTaskBodySchema>;
type CommentBody = z.output<typeof createTaskCommentBodySchema>;
type BulkBody = z.output<typeof bulkTaskBodySchema>;

/** The Tasks Tracker: its list (task-list.service.ts), one task's page, and the commands on tasks. */
export interface TasksService extends TaskListService {
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
   * (evidence attached), so that requirement edits leave it alone. Throws 404 outside the scope. True when
   * the task changed (its revisions follow by trigger, decision 037).
   */
  markTouched(trx: Transaction<Database>, principal: Principal, taskId: string): Promise<boolean>;
  /** For reviews and extension requests: the task locked in `trx`, with its rules' context; 404 outside the scope. */
  lockInScope(
    trx: Transaction<Database>,
    principal: Principal,
    id: string,
  ): Promise<{ row: TaskRow; context: TaskContext }>;
  /** For a reviewer's rejection: reopens the completed task inside `trx`, audited with the reason. */
  reopenWithin(
    trx: Transaction<Database>,
    principal: Principal,
    row: TaskRow,
    context: TaskContext,
    reason: string,
  ): Promise<void>;
  /** The task as the list shows it, read now. */
  read(id: string): Promise<Task>;
}

export interface TasksServiceOptions {
  clock: Clock;
  countEvidence: EvidenceCounter;
}

export function createTasksService(
  db: Kysely<Database>,
  audit: AuditService,
  options: TasksServiceOptions,
): TasksService {
  const { clock, countEvidence } = options;
  const completeWithin = createTaskCompletion(audit, clock, countEvidence);
  const readDetail = createTaskDetailReader(db, audit, clock, countEvidence);
  const reopenWithin = createTaskReopening(audit, clock);
  const reviewAgainAfterNewEvidence = createReviewInvalidation(audit, clock);

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
    return toTaskToday(row, clock);
  }

  return {
    ...createTaskListService(db, clock),

    async get(principal, id) {
      const { context } = await getInScopeOrThrow(db, principal, id);
      return readDetail(id, context);
    },

    async update(principal, id, body) {
      await unitOfWork(db, async (trx) => {
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
      await unitOfWork(db, async (trx) => {
        await lockTask(trx, id);
        const { row, context } = await getInScopeOrThrow(trx, principal, id);
        await completeWithin(trx, principal, row, context, body);
      });
      return readTask(db, id);
    },

    async reopen(principal, id, body) {
      await unitOfWork(db, async (trx) => {
        await lockTask(trx, id);
        const { row, context } = await getInScopeOrThrow(trx, principal, id);
        await reopenWithin(trx, principal, row, context, body.reason ?? undefined);
      });
      return readTask(db, id);
    },

    async comment(principal, id, body) {
      const comment = await unitOfWork(db, async (trx) => {
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
      await unitOfWork(db, async (trx) => {
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
      });
      return { action: body.action, updated: body.ids.length };
    },

    async completeEach(principal, items) {
      if (!can(principal.role, 'task:complete')) throw forbidden();
      await unitOfWork(db, async (trx) => {
        const scope = await facilityScopeOf(trx, principal);
        for (const item of items) {
          await lockTask(trx, item.id);
          const { row, context } = await getInScopeOrThrow(trx, principal, item.id, scope);
          await completeWithin(trx, principal, row, context, item);
        }
      });
    },

    async lockInScope(trx, principal, id) {
      await lockTask(trx, id);
      return getInScopeOrThrow(trx, principal, id);
    },

    reopenWithin: (trx, principal, row, context, reason) => reopenWithin(trx, principal, row, context, reason),

    read: (id) => readTask(db, id),

    async markTouched(trx, principal, taskId) {
      const { row } = await getInScopeOrThrow(trx, principal, taskId);
      // New evidence after an approval: the signature no longer covers what the task holds.
      if (await reviewAgainAfterNewEvidence(trx, principal, row)) return true;
      if (row.touched) return false;
      await updateTaskColumns(trx, taskId, { touched: 1, updatedAt: nowIso(clock()) });
      return true;
    },
  };
}
