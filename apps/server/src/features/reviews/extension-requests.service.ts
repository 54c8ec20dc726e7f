import type { Kysely } from 'kysely';
import { displayNameOf } from '@rtms/shared/display-name';
import type {
  CreateExtensionRequestBody,
  DecideExtensionRequestBody,
  ExtensionRequest,
  ExtensionRequestListQuery,
} from '@rtms/shared/schemas/reviews';
import type { Database } from '../../db/schema';
import { unitOfWork } from '../../db/unit-of-work';
import type { Principal } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { conflict, invalid, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import { listRequest, type Page } from '../../platform/list-query';
import { actorOf, type AuditService } from '../audit/audit.service';
import type { TasksService } from '../tasks/tasks.service';
import { updateTaskColumns } from '../tasks/tasks.repository';
import { facilityScopeOf, isFacilityInScope, scopeFacilityIds } from '../user-facilities/facility-scope';
import { notifyDeciders, notifyUsers } from './review-notifications';
import {
  countExtensionRequests,
  decideExtensionRequest,
  findExtensionRequest,
  findPendingExtensionOfTask,
  insertExtensionRequest,
  listExtensionRequests,
  type ExtensionRequestListRow,
} from './reviews.repository';

export interface ExtensionRequestsService {
  /** Asks for a later due date for an open task (whoever may complete it); its deciders are told. */
  request(principal: Principal, taskId: string, body: CreateExtensionRequestBody): Promise<ExtensionRequest>;
  /** Approves (the task is rescheduled with the request's reason) or rejects (with a reason); the requester is told. */
  decide(principal: Principal, id: string, body: DecideExtensionRequestBody): Promise<ExtensionRequest>;
  /** The requests of the caller's facilities (default sort: oldest first). */
  list(principal: Principal, query: ExtensionRequestListQuery): Promise<Page<ExtensionRequest>>;
}

const nameOf = (first: string | null, last: string | null) =>
  first === null && last === null ? null : displayNameOf({ firstName: first, lastName: last });

function toExtensionRequest(row: ExtensionRequestListRow): ExtensionRequest {
  return {
    _id: row.id,
    taskId: row.taskId,
    taskTitle: row.taskTitle,
    facilityId: row.facilityId,
    facilityName: row.facilityName,
    requesterId: row.requesterId,
    requesterName: nameOf(row.requesterFirstName, row.requesterLastName) ?? '',
    currentDueDate: row.currentDueDate,
    requestedDueDate: row.requestedDueDate,
    reason: row.reason,
    status: row.status,
    decidedById: row.decidedById,
    decidedByName: nameOf(row.deciderFirstName, row.deciderLastName),
    decidedAt: row.decidedAt,
    decisionReason: row.decisionReason,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function createExtensionRequestsService(
  db: Kysely<Database>,
  deps: { audit: AuditService; clock: Clock; tasks: TasksService },
): ExtensionRequestsService {
  const { audit, clock, tasks } = deps;

  async function readOne(id: string): Promise<ExtensionRequest> {
    const [row] = await listExtensionRequests(db, {
      filters: { id },
      sort: { field: 'createdAt', direction: 'asc' },
      window: { limit: 1, offset: 0 },
    });
    if (!row) throw notFound('Extension request');
    return toExtensionRequest(row);
  }

  return {
    async request(principal, taskId, body) {
      const id = await unitOfWork(db, async (trx) => {
        const { row } = await tasks.lockInScope(trx, principal, taskId);
        if (row.status === 'COMPLETED') throw conflict('This task is completed: there is nothing to extend');
        if (row.notApplicableReason !== null) throw conflict('This task is marked not applicable');
        if (body.requestedDueDate <= row.dueDate) {
          const message = `Ask for a date after the current due date (${row.dueDate})`;
          throw invalid(message, [{ path: 'requestedDueDate', message }]);
        }
        if (await findPendingExtensionOfTask(trx, taskId)) {
          throw conflict('An extension request for this task is already waiting for a decision');
        }
        const now = nowIso(clock());
        const created = {
          id: newId(),
          taskId,
          facilityId: row.facilityId,
          requesterId: principal.id,
          currentDueDate: row.dueDate,
          requestedDueDate: body.requestedDueDate,
          reason: body.reason,
          status: 'PENDING' as const,
          decidedById: null,
          decidedAt: null,
          decisionReason: null,
          createdAt: now,
          updatedAt: now,
        };
        await insertExtensionRequest(trx, created);
        await audit.record(trx, {
          actor: actorOf(principal),
          action: 'EXTENSION_REQUEST',
          entityType: 'TASK',
          entityId: taskId,
          facilityId: row.facilityId,
          changes: {
            requestedDueDate: { before: row.dueDate, after: body.requestedDueDate },
            reason: { before: null, after: body.reason },
          },
        });
        await notifyDeciders(trx, row, principal.id, now);
        return created.id;
      });
      return readOne(id);
    },

    async decide(principal, id, body) {
      await unitOfWork(db, async (trx) => {
        const request = await findExtensionRequest(trx, id);
        if (!request || !isFacilityInScope(await facilityScopeOf(trx, principal), request.facilityId)) {
          throw notFound('Extension request');
        }
        const { row } = await tasks.lockInScope(trx, principal, request.taskId);
        if (request.status !== 'PENDING') throw conflict('This extension request has already been decided');
        const now = nowIso(clock());
        const status = body.decision === 'APPROVE' ? 'APPROVED' : 'REJECTED';
        if (body.decision === 'APPROVE' && (row.status === 'COMPLETED' || row.notApplicableReason !== null)) {
          throw conflict('This task is no longer open: the request cannot be approved, only rejected');
        }
        const decided = await decideExtensionRequest(trx, id, {
          status,
          decidedById: principal.id,
          decidedAt: now,
          decisionReason: body.reason ?? null,
          updatedAt: now,
        });
        if (!decided) throw conflict('This extension request has already been decided');
        const changes: Record<string, { before: unknown; after: unknown }> = {
          extensionRequest: { before: 'PENDING', after: status },
          ...(body.reason ? { reason: { before: null, after: body.reason } } : {}),
        };
        if (body.decision === 'APPROVE') {
          // Rescheduled with the request's reason; the scheduled (rule's) date stays.
          await updateTaskColumns(trx, row.id, {
            dueDate: request.requestedDueDate,
            rescheduleReason: request.reason,
            touched: 1,
            updatedAt: now,
          });
          changes.dueDate = { before: row.dueDate, after: request.requestedDueDate };
          changes.rescheduleReason = { before: row.rescheduleReason, after: request.reason };
        }
        await audit.record(trx, {
          actor: actorOf(principal),
          action: 'EXTENSION_DECISION',
          entityType: 'TASK',
          entityId: row.id,
          facilityId: row.facilityId,
          changes,
        });
        await notifyUsers(
          trx,
          row,
          [request.requesterId],
          body.decision === 'APPROVE' ? 'EXTENSION-APPROVED' : 'EXTENSION-REJECTED',
          now,
        );
      });
      return readOne(id);
    },

    async list(principal, query) {
      const filters = {
        scopeFacilityIds: scopeFacilityIds(await facilityScopeOf(db, principal)),
        status: query.status,
        facilityId: query.facilityId,
        taskId: query.taskId,
        search: query.search,
      };
      const request = listRequest(query, filters, 'createdAt');
      const [total, rows] = await Promise.all([
        countExtensionRequests(db, filters),
        listExtensionRequests(db, request),
      ]);
      return {
        data: rows.map(toExtensionRequest),
        meta: { total, page: query.page, pageSize: query.pageSize },
      };
    },
  };
}
