import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { can } from '@rtms/shared/permissions';
import { addDays, todayInTimeZone } from '@rtms/shared/calendar-date';
import type {
  CorrectiveAction,
  CorrectiveActionListQuery,
  createCorrectiveActionBodySchema,
  updateCorrectiveActionBodySchema,
} from '@rtms/shared/schemas/findings';
import type { AuditAction } from '@rtms/shared/schemas/audit';
import type { Database } from '../../db/schema';
import { unitOfWork } from '../../db/unit-of-work';
import type { Principal } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { conflict, forbidden, invalid, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import { listRequest, pageOf, type Page } from '../../platform/list-query';
import { searchPatternsOf } from '../../platform/search-text';
import { actorOf, changesBetween, creationEvent, type AuditService } from '../audit/audit.service';
import { facilityRows } from '../facilities/facilities.repository';
import { assertAssignable } from '../tasks/assignable-users';
import { assertFacilityInScope, facilityScopeOf, scopeFacilityIds } from '../user-facilities/facility-scope';
import {
  findActionRowsOfFinding,
  findActionWithLabels,
  findDocumentIdsOf,
  findLiveDocumentFacilities,
  insertActionDocuments,
  listActionRows,
} from './corrective-actions.repository';
import { assertNotEnded, statusFromActions } from './finding-lifecycle';
import { toAction, todayGroupsAt } from './finding-view';
import { actionRows, findingRows, lockFinding } from './findings.repository';
import type { CorrectiveActionRow, FindingRow } from './findings.table';

type CreateBody = z.output<typeof createCorrectiveActionBodySchema>;
type UpdateBody = z.output<typeof updateCorrectiveActionBodySchema>;

export interface CorrectiveActionsService {
  list(principal: Principal, query: CorrectiveActionListQuery): Promise<Page<CorrectiveAction>>;
  create(principal: Principal, findingId: string, body: CreateBody): Promise<CorrectiveAction>;
  update(principal: Principal, id: string, body: UpdateBody): Promise<CorrectiveAction>;
  /**
   * The actions of an iCalendar feed, in its owner's current scope: those due in the window, and before it every
   * open one (overdue whatever its age). `ownerId` for a feed of my own deadlines, `facilityId` for a facility's.
   */
  feedActions(
    owner: { id: string; role: Principal['role'] },
    filter: { ownerId?: string; facilityId?: string },
    window: { dueFrom: string; dueTo: string },
  ): Promise<CorrectiveAction[]>;
}

/** Most actions one feed lists. */
const MAX_FEED_ACTIONS = 1000;

/** What an action's owner who does not manage findings may change: complete it, attach evidence, ask a later date. */
const OWNER_FIELDS = new Set(['status', 'completedOn', 'note', 'dueDate', 'reason', 'documentIds']);

export function createCorrectiveActionsService(
  db: Kysely<Database>,
  audit: AuditService,
  clock: Clock,
): CorrectiveActionsService {
  async function findingInScope(executor: Kysely<Database>, principal: Principal, id: string): Promise<FindingRow> {
    const row = await findingRows.findById(executor, id);
    if (!row) throw notFound('Finding');
    assertFacilityInScope(await facilityScopeOf(executor, principal), row.facilityId, 'Finding');
    return row;
  }

  async function read(id: string): Promise<CorrectiveAction> {
    const row = await findActionWithLabels(db, id, await todayGroupsAt(db, clock()));
    if (!row) throw notFound('Corrective action');
    return toAction(row, (await findDocumentIdsOf(db, [id])).get(id) ?? []);
  }

  async function facilityToday(executor: Kysely<Database>, facilityId: string): Promise<string> {
    const facility = await facilityRows.findById(executor, facilityId);
    return todayInTimeZone(facility?.timeZone ?? 'UTC', clock());
  }

  /**
   * The finding's status after a change to its actions; written with its own event when it moves. `clearVerification`:
   * a new action after a fix found not effective starts the verification over.
   */
  async function followActions(
    trx: Transaction<Database>,
    principal: Principal,
    finding: FindingRow,
    clearVerification = false,
  ): Promise<void> {
    const cleared = clearVerification && finding.verifiedOn !== null;
    const base: FindingRow = cleared
      ? { ...finding, verifiedBy: null, verifiedOn: null, verificationEffective: null, verificationNote: null }
      : finding;
    const status = statusFromActions(base, await findActionRowsOfFinding(trx, finding.id));
    if (status === finding.status && !cleared) return;
    const changes = {
      status,
      ...(cleared ? { verifiedBy: null, verifiedOn: null, verificationEffective: null, verificationNote: null } : {}),
    };
    await findingRows.update(trx, finding.id, { ...changes, updatedAt: nowIso(clock()) });
    const before = Object.fromEntries(Object.keys(changes).map((key) => [key, finding[key as keyof FindingRow]]));
    await audit.record(trx, {
      actor: actorOf(principal),
      action: 'UPDATE',
      entityType: 'FINDING',
      entityId: finding.id,
      facilityId: finding.facilityId,
      changes: changesBetween(before, changes),
    });
  }

  async function checkEvidence(trx: Transaction<Database>, finding: FindingRow, documentIds: string[]) {
    if (documentIds.length === 0) return;
    const found = await findLiveDocumentFacilities(trx, documentIds);
    const usable = new Set(found.filter((doc) => doc.facilityId === finding.facilityId).map((doc) => doc.id));
    const missing = documentIds.filter((id) => !usable.has(id));
    if (missing.length > 0) {
      throw invalid('Evidence must be documents of the finding’s facility', [
        { path: 'documentIds', message: `Unknown or archived document, or of another facility: ${missing.join(', ')}` },
      ]);
    }
  }

  /** The owner's and the managers' rules on a change; the changed columns and the audit action it makes. */
  async function plan(
    trx: Transaction<Database>,
    principal: Principal,
    finding: FindingRow,
    action: CorrectiveActionRow,
    body: UpdateBody,
  ): Promise<{ changes: Partial<CorrectiveActionRow>; verb: AuditAction }> {
    const manager = can(principal.role, 'finding:manage');
    if (!manager) {
      if (action.ownerId !== principal.id)
        throw forbidden('Only the action’s owner or a finding manager may change it');
      const other = Object.keys(body).find(
        (key) => body[key as keyof UpdateBody] !== undefined && !OWNER_FIELDS.has(key),
      );
      if (other || (body.status !== undefined && body.status !== 'DONE')) {
        throw forbidden('An action’s owner may complete it, attach evidence or ask for a later date');
      }
    }
    assertNotEnded(finding);
    const today = await facilityToday(trx, finding.facilityId);
    const changes: Partial<CorrectiveActionRow> = {};
    let verb: AuditAction = 'UPDATE';
    if (body.status && body.status !== action.status) {
      if (body.status === 'DONE' && action.status !== 'OPEN') throw conflict('Only an open action can be completed');
      verb = body.status === 'DONE' ? 'COMPLETE' : body.status === 'CANCELLED' ? 'CANCEL' : 'REOPEN';
      changes.status = body.status;
      changes.completedOn = body.status === 'DONE' ? (body.completedOn ?? today) : null;
      if (changes.completedOn && changes.completedOn > today) {
        throw invalid('The completion date cannot be in the future', [
          { path: 'completedOn', message: `Use ${today} or an earlier date` },
        ]);
      }
    } else if (body.status === 'DONE') throw conflict('This action is already done');
    if (body.note !== undefined) changes.note = body.note;
    if (body.dueDate !== undefined) {
      if (action.status !== 'OPEN') throw conflict('Only an open action can be given another date');
      if (!manager && body.dueDate <= action.dueDate) {
        throw invalid('Ask for a later date', [{ path: 'dueDate', message: `Choose a date after ${action.dueDate}` }]);
      }
      changes.dueDate = body.dueDate;
      changes.dueDateReason = body.reason ?? null;
    }
    if (body.title !== undefined) changes.title = body.title;
    if (body.type !== undefined) changes.type = body.type;
    if (body.ownerId !== undefined && body.ownerId !== action.ownerId) {
      await assertAssignable(trx, body.ownerId, [finding.facilityId], 'ownerId');
      changes.ownerId = body.ownerId;
    }
    await checkEvidence(trx, finding, body.documentIds ?? []);
    return { changes, verb };
  }

  return {
    async list(principal, query) {
      const { page: _p, pageSize: _s, sort: _o, search, ...filters } = query;
      const scope = await facilityScopeOf(db, principal);
      const request = listRequest(
        query,
        {
          ...filters,
          facilityIds: scopeFacilityIds(scope),
          searchPatterns: searchPatternsOf(search),
          todays: await todayGroupsAt(db, clock()),
        },
        'dueDate',
      );
      const page = await listActionRows(db, request);
      const documents = await findDocumentIdsOf(
        db,
        page.rows.map((row) => row.id),
      );
      return pageOf(query, page, (row) => toAction(row, documents.get(row.id) ?? []));
    },

    async feedActions(owner, filter, window) {
      const scope = await facilityScopeOf(db, owner);
      const base = {
        ...filter,
        facilityIds: scopeFacilityIds(scope),
        searchPatterns: [],
        todays: await todayGroupsAt(db, clock()),
      };
      const request = (filters: Partial<CorrectiveActionListQuery>) =>
        listActionRows(db, {
          filters: { ...base, ...filters },
          sort: { field: 'dueDate', direction: 'asc' },
          window: { limit: MAX_FEED_ACTIONS, offset: 0 },
        });
      const before = await request({ status: 'OPEN', dueTo: addDays(window.dueFrom, -1) });
      const within = await request({ dueFrom: window.dueFrom, dueTo: window.dueTo });
      const rows = [...before.rows, ...within.rows].slice(0, MAX_FEED_ACTIONS);
      const documents = await findDocumentIdsOf(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toAction(row, documents.get(row.id) ?? []));
    },

    async create(principal, findingId, body) {
      const id = newId();
      await unitOfWork(db, async (trx) => {
        await lockFinding(trx, findingId);
        const finding = await findingInScope(trx, principal, findingId);
        assertNotEnded(finding);
        await assertAssignable(trx, body.ownerId, [finding.facilityId], 'ownerId');
        const now = nowIso(clock());
        const row = {
          id,
          findingId,
          facilityId: finding.facilityId,
          title: body.title,
          type: body.type,
          ownerId: body.ownerId,
          dueDate: body.dueDate,
          dueDateReason: null,
          status: 'OPEN' as const,
          completedOn: null,
          note: null,
          createdAt: now,
          updatedAt: now,
        };
        await actionRows.insert(trx, row);
        const { createdAt: _c, updatedAt: _u, id: _i, ...values } = row;
        await audit.record(
          trx,
          creationEvent(
            principal,
            { entityType: 'CORRECTIVE_ACTION', entityId: id, facilityId: finding.facilityId },
            values,
          ),
        );
        await followActions(trx, principal, finding, true);
      });
      return read(id);
    },

    async update(principal, id, body) {
      await unitOfWork(db, async (trx) => {
        const action = await actionRows.findById(trx, id);
        if (!action) throw notFound('Corrective action');
        await lockFinding(trx, action.findingId);
        const finding = await findingInScope(trx, principal, action.findingId).catch(() => {
          throw notFound('Corrective action');
        });
        const { changes, verb } = await plan(trx, principal, finding, action, body);
        const now = nowIso(clock());
        await actionRows.update(trx, id, { ...changes, updatedAt: now });
        await insertActionDocuments(trx, id, body.documentIds ?? [], now);
        const { createdAt: _c, updatedAt: _u, ...before } = action;
        await audit.record(trx, {
          actor: actorOf(principal),
          action: verb,
          entityType: 'CORRECTIVE_ACTION',
          entityId: id,
          facilityId: action.facilityId,
          changes: {
            ...changesBetween(before, { ...before, ...changes }),
            ...(body.reason ? { reason: { before: null, after: body.reason } } : {}),
            ...(body.documentIds?.length ? { documentIds: { before: null, after: body.documentIds } } : {}),
          },
        });
        await followActions(trx, principal, finding);
      });
      return read(id);
    },
  };
}
