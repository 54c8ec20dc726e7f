import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { nowIso } from '../../platform/ids';
import { actorOf, type AuditService } from '../audit/audit.service';
import { notifyReviewers } from '../reviews/review-notifications';
import { findLatestSignature } from '../reviews/reviews.repository';
import { updateTaskColumns } from './tasks.repository';
import type { TaskRow } from './tasks.table';

/**
 * A new evidence version of a completed task whose completion a reviewer approved: the approval covered the
 * evidence versions it hashed, not this one, so the task waits for review again (state PENDING_REVIEW) and the
 * reviewers are told. Answers whether it did.
 */
export function createReviewInvalidation(
  audit: AuditService,
  clock: Clock,
): (trx: Transaction<Database>, principal: Principal, row: TaskRow) => Promise<boolean> {
  return async (trx, principal, row) => {
    if (row.status !== 'COMPLETED' || Number(row.awaitingReview) === 1) return false;
    const latest = await findLatestSignature(trx, row.id);
    if (latest?.decision !== 'APPROVE' || latest.completedAt !== row.completedAt) return false;
    const now = nowIso(clock());
    await updateTaskColumns(trx, row.id, { awaitingReview: 1, touched: 1, updatedAt: now });
    await audit.record(trx, {
      actor: actorOf(principal),
      action: 'UPDATE',
      entityType: 'TASK',
      entityId: row.id,
      facilityId: row.facilityId,
      changes: {
        awaitingReview: { before: false, after: true },
        reason: { before: null, after: 'New evidence after approval' },
      },
    });
    await notifyReviewers(trx, row, row.completedBy, now);
    return true;
  };
}
