import { newId } from '../../platform/ids';
import type { Db } from '../../db/schema';
import { findReviewerIds, insertTaskNotifications } from './reviews.repository';

/**
 * The in-app notifications of reviews and extension requests (category REVIEW). A step names what happened and
 * carries the instant it happened, so that a task reviewed, rejected and completed again notifies again.
 */
export type ReviewStep =
  'REVIEW-REQUESTED' | 'REVIEW-REJECTED' | 'EXTENSION-REQUESTED' | 'EXTENSION-APPROVED' | 'EXTENSION-REJECTED';

/** Notifies `userIds` of `step` on a task. */
export function notifyUsers(
  db: Db,
  task: { id: string; facilityId: string },
  userIds: readonly (string | null)[],
  step: ReviewStep,
  at: string,
): Promise<void> {
  const users = [...new Set(userIds.filter((id): id is string => id !== null))];
  return insertTaskNotifications(
    db,
    users.map((userId) => ({
      id: newId(),
      userId,
      taskId: task.id,
      facilityId: task.facilityId,
      step: `${step}:${at}`,
      at,
    })),
  );
}

/** Tells every reviewer of the task's facility (never the completer) that a completion waits for them. */
export async function notifyReviewers(
  db: Db,
  task: { id: string; facilityId: string },
  completedBy: string | null,
  at: string,
): Promise<void> {
  await notifyUsers(db, task, await findReviewerIds(db, task.facilityId, completedBy), 'REVIEW-REQUESTED', at);
}

/** Tells the facility's deciders (its admins and the all-facility roles) about an extension request. */
export async function notifyDeciders(
  db: Db,
  task: { id: string; facilityId: string },
  requesterId: string,
  at: string,
): Promise<void> {
  await notifyUsers(db, task, await findReviewerIds(db, task.facilityId, requesterId), 'EXTENSION-REQUESTED', at);
}
