import type { Kysely } from 'kysely';
import { displayNameOf } from '@rtms/shared/display-name';
import type { ReviewBody, Signature, SignedEvidence } from '@rtms/shared/schemas/reviews';
import type { Database } from '../../db/schema';
import { unitOfWork } from '../../db/unit-of-work';
import type { Principal } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import { actorOf, type AuditService } from '../audit/audit.service';
import type { TasksService } from '../tasks/tasks.service';
import type { TaskRow } from '../tasks/tasks.table';
import { findTaskRowById, updateTaskColumns } from '../tasks/tasks.repository';
import { facilityScopeOf, isFacilityInScope } from '../user-facilities/facility-scope';
import { notifyUsers } from './review-notifications';
import type { Reauthenticate } from './reauthentication';
import { findEvidenceVersionsOfTask, findSignaturesOfTask, insertSignature } from './reviews.repository';
import type { TaskSignatureRow } from './reviews.table';

export interface ReviewsService {
  /**
   * A reviewer's decision on a completion awaiting review: APPROVE signs it (re-authenticated in the same
   * request) and makes it done; REJECT reopens the task with the reason and tells the completer.
   */
  review(principal: Principal, taskId: string, body: ReviewBody, client: { ip: string }): Promise<Signature>;
  /** A task's signatures, oldest first; 404 outside the caller's scope. */
  signatures(principal: Principal, taskId: string): Promise<Signature[]>;
}

/** Whether a task awaits review (state PENDING_REVIEW). */
const awaitsReview = (row: TaskRow) => row.status === 'COMPLETED' && Number(row.awaitingReview) === 1;

/** A stored signature as the API answers it; `current`: the approval the task's completion stands on. */
export function toSignature(
  row: TaskSignatureRow,
  task: Pick<TaskRow, 'status' | 'awaitingReview' | 'completedAt'>,
  latest: boolean,
): Signature {
  return {
    _id: row.id,
    taskId: row.taskId,
    signerId: row.signerId,
    signerName: row.signerName,
    signedAt: row.signedAt,
    meaning: row.decision === 'APPROVE' ? row.meaning : null,
    decision: row.decision,
    reason: row.reason,
    method: row.method,
    evidence: JSON.parse(row.evidence) as SignedEvidence[],
    current:
      latest &&
      row.decision === 'APPROVE' &&
      task.status === 'COMPLETED' &&
      Number(task.awaitingReview) === 0 &&
      task.completedAt === row.completedAt,
  };
}

export function createReviewsService(
  db: Kysely<Database>,
  deps: { audit: AuditService; clock: Clock; tasks: TasksService; reauthenticate: Reauthenticate },
): ReviewsService {
  const { audit, clock, tasks, reauthenticate } = deps;

  /** The task, read without a lock; 404 when it is not in the caller's scope. */
  async function taskInScope(principal: Principal, taskId: string): Promise<TaskRow> {
    const row = await findTaskRowById(db, taskId);
    if (!row || !isFacilityInScope(await facilityScopeOf(db, principal), row.facilityId)) throw notFound('Task');
    return row;
  }

  /** The checks that need no credentials, so a refused reviewer never spends a throttle attempt. */
  function assertMayReview(principal: Principal, row: TaskRow): void {
    if (!awaitsReview(row)) throw conflict('This task is not awaiting review');
    if (row.completedBy === principal.id) {
      throw forbidden('You completed this task: another person must review it');
    }
  }

  return {
    async review(principal, taskId, body, client) {
      // First without credentials (scope 404, state 409, own completion 403), then re-authentication, then
      // the write, which checks again under the task's lock.
      assertMayReview(principal, await taskInScope(principal, taskId));
      const method = body.decision === 'APPROVE' ? await reauthenticate(principal, body, client) : 'NONE';
      const signature = await unitOfWork(db, async (trx) => {
        const { row, context } = await tasks.lockInScope(trx, principal, taskId);
        assertMayReview(principal, row);
        const now = nowIso(clock());
        const evidence: SignedEvidence[] = (await findEvidenceVersionsOfTask(trx, taskId)).map((version) => ({
          documentId: version.documentId,
          title: version.title,
          version: Number(version.version),
          fileName: version.fileName,
          sha256: version.sha256,
        }));
        const stored: TaskSignatureRow = {
          id: newId(),
          taskId,
          facilityId: row.facilityId,
          signerId: principal.id,
          signerName: displayNameOf(principal) || principal.email,
          signedAt: now,
          meaning: body.decision === 'APPROVE' ? body.meaning! : 'REVIEWED',
          decision: body.decision,
          reason: body.reason ?? null,
          method,
          evidence: JSON.stringify(evidence),
          completedAt: row.completedAt,
          completedBy: row.completedBy,
          createdAt: now,
        };
        await insertSignature(trx, stored);
        await audit.record(trx, {
          actor: actorOf(principal),
          action: 'SIGN',
          entityType: 'TASK',
          entityId: taskId,
          facilityId: row.facilityId,
          changes: {
            decision: { before: null, after: body.decision },
            ...(body.decision === 'APPROVE' ? { meaning: { before: null, after: body.meaning } } : {}),
            ...(body.reason ? { reason: { before: null, after: body.reason } } : {}),
            method: { before: null, after: method },
            signedAt: { before: null, after: now },
            evidence: {
              before: null,
              after: evidence.map(({ title, version, sha256 }) => ({ title, version, sha256 })),
            },
          },
        });
        if (body.decision === 'APPROVE') {
          await updateTaskColumns(trx, taskId, { awaitingReview: 0, updatedAt: now });
          return toSignature(stored, { ...row, awaitingReview: 0 }, true);
        }
        await tasks.reopenWithin(trx, principal, row, context, body.reason!);
        await notifyUsers(trx, row, [row.completedBy], 'REVIEW-REJECTED', now);
        return toSignature(stored, row, true);
      });
      return signature;
    },

    async signatures(principal, taskId) {
      const row = await taskInScope(principal, taskId);
      const rows = await findSignaturesOfTask(db, taskId);
      return rows.map((signature, index) => toSignature(signature, row, index === rows.length - 1));
    },
  };
}
