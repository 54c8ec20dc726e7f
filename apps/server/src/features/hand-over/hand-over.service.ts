import type { Kysely } from 'kysely';
import { seesAllFacilities } from '@rtms/shared/permissions';
import type { HandOverPreview, HandOverResult } from '@rtms/shared/schemas/tasks';
import type { Database } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { AppError, invalid, notFound } from '../../platform/errors';
import { nowIso } from '../../platform/ids';
import { actorOf, type AuditService } from '../audit/audit.service';
import {
  findFacilitiesOfAssignments,
  reassignBindingAssignees,
  reassignRequirementDefaults,
} from '../requirements/requirements.repository';
import { findFacilitiesOfOpenTasks, reassignOpenTasks } from '../tasks/tasks.repository';
import { findFacilityIdsOfUser } from '../user-facilities/user-facilities.repository';
import { userRows } from '../users/users.repository';
import { countHandOverOf } from './hand-over.repository';
import { unitOfWork } from '../../db/unit-of-work';

export interface HandOverService {
  /**
   * Moves every open task and every default assignment (requirement default assignee, facility binding
   * assignee) of `fromUserId` to `toUserId` in one transaction, audited; answers the counts.
   */
  handOver(principal: Principal, fromUserId: string, toUserId: string): Promise<HandOverResult>;
  /** What a hand-over of this user would move (open tasks, requirement defaults, bindings), changing nothing. */
  preview(fromUserId: string): Promise<HandOverPreview>;
}

export function createHandOverService(db: Kysely<Database>, audit: AuditService, clock: Clock): HandOverService {
  return {
    async preview(fromUserId) {
      const from = await userRows.findById(db, fromUserId);
      if (!from) throw notFound('User');
      return { fromUserId, ...(await countHandOverOf(db, fromUserId)) };
    },

    async handOver(principal, fromUserId, toUserId) {
      return unitOfWork(db, async (trx) => {
        const from = await userRows.findById(trx, fromUserId);
        if (!from) throw notFound('User');
        if (fromUserId === toUserId) {
          throw invalid('Choose another user to hand over to', [{ path: 'toUserId', message: 'Must be another user' }]);
        }
        const to = await userRows.findById(trx, toUserId);
        if (!to || !to.active) {
          throw invalid('Choose an active user to hand over to', [
            { path: 'toUserId', message: 'Unknown or deactivated user' },
          ]);
        }
        if (!seesAllFacilities(to.role)) {
          // Handing work to someone who cannot open it would leave it undone.
          const own = new Set(await findFacilityIdsOfUser(trx, toUserId));
          const needed = new Set([
            ...(await findFacilitiesOfOpenTasks(trx, fromUserId)),
            ...(await findFacilitiesOfAssignments(trx, fromUserId)),
          ]);
          const missing = [...needed].filter((facilityId) => !own.has(facilityId)).sort();
          if (missing.length) {
            throw new AppError(
              'CONFLICT',
              `The recipient is not assigned to ${missing.length} of the facilities involved; assign them in User Facilities first`,
              { facilityIds: missing },
            );
          }
        }
        const now = nowIso(clock());
        // The requirements first: their write bumps the labels revision, the tasks' the tasks revision, and
        // every transaction takes the two in that order (decision 034), so that none waits for the other.
        const requirements = await reassignRequirementDefaults(trx, fromUserId, toUserId, now);
        const bindings = await reassignBindingAssignees(trx, fromUserId, toUserId, now);
        const tasks = await reassignOpenTasks(trx, fromUserId, toUserId, now);
        await audit.record(trx, {
          actor: actorOf(principal),
          action: 'HAND_OVER',
          entityType: 'USER',
          entityId: fromUserId,
          changes: {
            handedOverTo: { before: null, after: toUserId },
            openTasks: { before: null, after: tasks },
            requirementDefaults: { before: null, after: requirements },
            facilityAssignments: { before: null, after: bindings },
          },
        });
        return { fromUserId, toUserId, tasks, requirements, bindings };
      });
    },
  };
}
