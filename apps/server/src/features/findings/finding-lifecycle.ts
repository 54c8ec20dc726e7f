import type { FindingStatus } from '@rtms/shared/enums';
import { conflict, forbidden } from '../../platform/errors';
import type { CorrectiveActionRow, FindingRow } from './findings.table';

/**
 * The rules of a finding's life, on its row and its actions (no database): the status its actions give it, and
 * when it may be verified, closed, cancelled or given actions.
 *
 * OPEN (no action yet) → ACTIONS_IN_PROGRESS (an action is open) → PENDING_VERIFICATION (every action done or
 * cancelled) → verified effective → CLOSED. A verification that finds the fix not effective sends it back to
 * ACTIONS_IN_PROGRESS and a new action is needed before it can be verified again. CANCELLED from any open status.
 */

type Actions = readonly Pick<CorrectiveActionRow, 'status' | 'ownerId'>[];

export function isEnded(status: FindingStatus): boolean {
  return status === 'CLOSED' || status === 'CANCELLED';
}

/** Whether the last verification found the fix not effective (and no action has been added since). */
export function needsNewAction(finding: Pick<FindingRow, 'verifiedOn' | 'verificationEffective'>): boolean {
  return finding.verifiedOn !== null && Number(finding.verificationEffective) === 0;
}

/** The status a finding that is not ended has, given its actions. */
export function statusFromActions(
  finding: Pick<FindingRow, 'status' | 'verifiedOn' | 'verificationEffective'>,
  actions: Actions,
): FindingStatus {
  if (isEnded(finding.status)) return finding.status;
  if (actions.some((action) => action.status === 'OPEN') || needsNewAction(finding)) return 'ACTIONS_IN_PROGRESS';
  return actions.length === 0 ? 'OPEN' : 'PENDING_VERIFICATION';
}

export function assertNotEnded(finding: Pick<FindingRow, 'status'>): void {
  if (isEnded(finding.status)) throw conflict(`This finding is ${finding.status.toLowerCase()}`);
}

function assertNoOpenAction(actions: Actions, doing: string): void {
  const open = actions.filter((action) => action.status === 'OPEN').length;
  if (open > 0) {
    throw conflict(`${doing} needs every corrective action done or cancelled (${open} still open)`);
  }
}

function assertOwnsNone(actions: Actions, userId: string, doing: string): void {
  if (actions.some((action) => action.ownerId === userId)) {
    throw forbidden(`${doing} is for someone who owns none of this finding's corrective actions`);
  }
}

/** Verifying: every action done or cancelled (409), a new action after an ineffective fix (409), by a non-owner (403). */
export function assertVerifiable(finding: FindingRow, actions: Actions, userId: string): void {
  assertNotEnded(finding);
  assertNoOpenAction(actions, 'Verifying');
  if (needsNewAction(finding)) {
    throw conflict('The fix was found not effective: add a new corrective action before verifying again');
  }
  assertOwnsNone(actions, userId, 'Verifying');
}

/** Closing: every action done or cancelled (409), by a non-owner (403), after an effective verification (409). */
export function assertClosable(finding: FindingRow, actions: Actions, userId: string): void {
  assertNotEnded(finding);
  assertNoOpenAction(actions, 'Closing');
  assertOwnsNone(actions, userId, 'Closing');
  if (finding.verifiedOn === null || Number(finding.verificationEffective) !== 1) {
    throw conflict('Closing needs a verification that the fix was effective');
  }
}
