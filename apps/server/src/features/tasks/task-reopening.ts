import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { conflict } from '../../platform/errors';
import { nowIso } from '../../platform/ids';
import { actorOf, type AuditService } from '../audit/audit.service';
import { deleteTasks, findTaskByBindingSequence, updateTaskColumns, type TaskContext } from './tasks.repository';
import type { TaskRow } from './tasks.table';

/**
 * Reopening a completed task inside the caller's transaction (scope already checked): the completion's columns
 * cleared (a wait for review with them), in after-completion mode the untouched occurrence the completion made
 * removed, and the audit event with the reason. A reviewer's rejection reopens the same way.
 */
export function createTaskReopening(
  audit: AuditService,
  clock: Clock,
): (
  trx: Transaction<Database>,
  principal: Principal,
  row: TaskRow,
  context: Pick<TaskContext, 'scheduleMode'>,
  reason: string | undefined,
) => Promise<void> {
  return async (trx, principal, row, context, reason) => {
    if (row.status !== 'COMPLETED') throw conflict('This task is not completed');
    const now = nowIso(clock());
    await updateTaskColumns(trx, row.id, {
      status: 'INCOMPLETE',
      completedAt: null,
      completedOn: null,
      completedBy: null,
      completionNote: null,
      timeliness: null,
      awaitingReview: 0,
      touched: 1,
      updatedAt: now,
    });
    if (context.scheduleMode === 'AFTER_COMPLETION') {
      // The occurrence this completion created goes again, unless someone has worked on it.
      const next = await findTaskByBindingSequence(trx, row.bindingId, Number(row.sequence) + 1);
      if (next && !next.touched && next.status === 'INCOMPLETE') await deleteTasks(trx, [next.id]);
    }
    await audit.record(trx, {
      actor: actorOf(principal),
      action: 'REOPEN',
      entityType: 'TASK',
      entityId: row.id,
      facilityId: row.facilityId,
      changes: {
        status: { before: 'COMPLETED', after: 'INCOMPLETE' },
        completedOn: { before: row.completedOn, after: null },
        timeliness: { before: row.timeliness, after: null },
        ...(reason ? { reason: { before: null, after: reason } } : {}),
      },
    });
  };
}
