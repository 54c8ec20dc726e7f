import type { Kysely, Transaction } from 'kysely';
import type { Timeliness } from '@rtms/shared/enums';
import { type CalendarDate, todayInTimeZone } from '@rtms/shared/calendar-date';
import { shiftToBusinessDay } from '@rtms/shared/business-days';
import { nextAfterCompletion, periodLabel, timelinessOf } from '@rtms/shared/recurrence';
import type { Database } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { conflict, invalid } from '../../platform/errors';
import { nowIso } from '../../platform/ids';
import { actorOf, type AuditService } from '../audit/audit.service';
import { loadHolidayLookups } from '../holidays/holiday-lookups';
import { notifyReviewers } from '../reviews/review-notifications';
import { newTaskId } from './task-ids';
import { findTaskByBindingSequence, insertTasks, updateTaskColumns, type TaskContext } from './tasks.repository';
import type { TaskRow } from './tasks.table';

/**
 * Counts the evidence documents attached to a task (the documents feature provides it). The evidence
 * gate refuses to complete a task whose requirement requires evidence while the count is below the
 * requirement's minimum (at least one).
 */
export type EvidenceCounter = (db: Kysely<Database>, taskId: string) => Promise<number>;

/**
 * What a task's completion and reopening tell the findings feature, inside the same transaction: the finding a
 * late or missed completion opens, and the event on the task's findings.
 */
export interface TaskFindingHooks {
  taskCompleted(
    trx: Transaction<Database>,
    principal: Principal,
    task: TaskFacts,
    completion: { completedOn: string; timeliness: Timeliness },
  ): Promise<void>;
  taskReopened(trx: Transaction<Database>, principal: Principal, task: TaskFacts): Promise<void>;
}

/** The task a finding hook is told about. */
export interface TaskFacts {
  id: string;
  facilityId: string;
  requirementId: string;
  title: string;
  periodLabel: string;
  dueDate: string;
  assigneeId: string | null;
  graceDays: number;
}

/** The facts of a task row and its context, for the finding hooks. */
export function taskFactsOf(row: TaskRow, context: TaskContext): TaskFacts {
  return {
    id: row.id,
    facilityId: row.facilityId,
    requirementId: row.requirementId,
    title: row.title,
    periodLabel: row.periodLabel,
    dueDate: row.dueDate,
    assigneeId: row.assigneeId,
    graceDays: Number(context.graceDays),
  };
}

export interface CompletionBody {
  completionNote?: string | null;
  completedOn?: string;
}

/**
 * Completing a task: its checks (not completed, applicable, not in the future, the evidence gate), its
 * columns, its audit event, and in after-completion mode the next occurrence.
 */
export function createTaskCompletion(
  audit: AuditService,
  clock: Clock,
  countEvidence: EvidenceCounter,
  findings?: TaskFindingHooks,
): (
  trx: Transaction<Database>,
  principal: Principal,
  row: TaskRow,
  context: TaskContext,
  body: CompletionBody,
) => Promise<void> {
  /** Completes one task inside `trx` (scope already checked). */
  async function completeWithin(
    trx: Transaction<Database>,
    principal: Principal,
    row: TaskRow,
    context: TaskContext,
    body: CompletionBody,
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
        // 400 with per-field details, as every validation error; `evidence` names the rule.
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
    const completedBy = principal.id === 'system' ? null : principal.id;
    // A requirement that asks for review: the completion (and its timeliness) is recorded, and waits for a
    // reviewer's signature before it counts as done.
    const awaitingReview = Number(context.reviewRequired) === 1 ? 1 : 0;
    await updateTaskColumns(trx, row.id, {
      status: 'COMPLETED',
      completedAt: now,
      completedOn,
      completedBy,
      completionNote,
      timeliness,
      awaitingReview,
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
        ...(awaitingReview ? { awaitingReview: { before: false, after: true } } : {}),
      },
    });
    await findings?.taskCompleted(trx, principal, taskFactsOf(row, context), { completedOn, timeliness });
    if (awaitingReview) await notifyReviewers(trx, { id: row.id, facilityId: row.facilityId }, completedBy, now);
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

  return completeWithin;
}
