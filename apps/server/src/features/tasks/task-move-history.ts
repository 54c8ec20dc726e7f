import type { Transaction } from 'kysely';
import type { CalendarDate } from '@rtms/shared/calendar-date';
import type { Database } from '../../db/schema';
import type { AuditActor, AuditService } from '../audit/audit.service';

/** A task whose due date a holiday calendar or a schedule change moved (not a person's reschedule). */
export interface TaskMove {
  taskId: string;
  facilityId: string;
  from: CalendarDate;
  to: CalendarDate;
  /** The holiday the new date avoids, when one does ("Independence Day"). */
  holiday: string | null;
}

/**
 * One entry in each moved task's history, in the caller's transaction: "Due date 5 July → 6 July", and the
 * holiday that moved it. Without it a task moved by a holiday or a schedule edit changed date silently.
 * `actor` is who made the change that moved it (null for the system).
 */
export async function recordTaskMoves(
  trx: Transaction<Database>,
  audit: AuditService,
  actor: AuditActor,
  moves: readonly TaskMove[],
): Promise<void> {
  for (const move of moves) {
    if (move.from === move.to) continue;
    await audit.record(trx, {
      actor,
      action: 'UPDATE',
      entityType: 'TASK',
      entityId: move.taskId,
      facilityId: move.facilityId,
      changes: {
        dueDate: { before: move.from, after: move.to },
        ...(move.holiday ? { reason: { before: null, after: move.holiday } } : {}),
      },
    });
  }
}
