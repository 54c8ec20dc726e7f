import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type {
  cancelFindingBodySchema,
  createFindingBodySchema,
  Finding,
  FindingDetail,
  FindingListQuery,
  FindingSummary,
  updateFindingBodySchema,
  verifyFindingBodySchema,
} from '@rtms/shared/schemas/findings';
import { todayInTimeZone } from '@rtms/shared/calendar-date';
import type { Database } from '../../db/schema';
import { unitOfWork } from '../../db/unit-of-work';
import type { Principal } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { invalid, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import { listRequest, pageOf, type Page } from '../../platform/list-query';
import { foldForSearch, searchPatternsOf } from '../../platform/search-text';
import { actorOf, changesBetween, creationEvent, type AuditService } from '../audit/audit.service';
import { facilityRows } from '../facilities/facilities.repository';
import { assertAssignable } from '../tasks/assignable-users';
import { findTaskRowById } from '../tasks/tasks.repository';
import {
  assertFacilitiesInScope,
  assertFacilityInScope,
  facilityScopeOf,
  scopeFacilityIds,
} from '../user-facilities/facility-scope';
import { findActionRowsOfFinding, findActionsOfFinding, findDocumentIdsOf } from './corrective-actions.repository';
import { assertClosable, assertNotEnded, assertVerifiable } from './finding-lifecycle';
import { toAction, todayGroupsAt, toFinding } from './finding-view';
import {
  actionRows,
  countFindings,
  findFindingWithLabels,
  findingRows,
  findPermitFacilityId,
  listFindingRows,
  lockFinding,
} from './findings.repository';
import type { FindingRow } from './findings.table';

type CreateBody = z.output<typeof createFindingBodySchema>;
type UpdateBody = z.output<typeof updateFindingBodySchema>;
type VerifyBody = z.output<typeof verifyFindingBodySchema>;
type CancelBody = z.output<typeof cancelFindingBodySchema>;

/** Most history entries a finding page shows. */
const HISTORY_LIMIT = 200;

export interface FindingsService {
  list(principal: Principal, query: FindingListQuery): Promise<Page<Finding>>;
  /** The figures of the dashboard or a facility's page, each the total of its findings list. */
  summary(principal: Principal, facilityId: string | undefined): Promise<FindingSummary>;
  get(principal: Principal, id: string): Promise<FindingDetail>;
  create(principal: Principal, body: CreateBody): Promise<FindingDetail>;
  update(principal: Principal, id: string, body: UpdateBody): Promise<FindingDetail>;
  verify(principal: Principal, id: string, body: VerifyBody): Promise<FindingDetail>;
  close(principal: Principal, id: string): Promise<FindingDetail>;
  cancel(principal: Principal, id: string, body: CancelBody): Promise<FindingDetail>;
}

/** The folded text a finding's list search matches. */
export function findingSearchText(row: Pick<FindingRow, 'title' | 'description' | 'rootCause'>): string {
  return foldForSearch(row.title, row.description, row.rootCause);
}

/** The fields of a finding an audit event records. */
function audited(row: Partial<FindingRow>) {
  const { searchText: _search, createdAt: _created, updatedAt: _updated, id: _id, autoKey: _key, ...fields } = row;
  const flag = (value: number | null | undefined) =>
    value === null || value === undefined ? value : Number(value) === 1;
  return {
    ...fields,
    ...('reportable' in fields ? { reportable: flag(fields.reportable) } : {}),
    ...('verificationEffective' in fields ? { verificationEffective: flag(fields.verificationEffective) } : {}),
  };
}

export function createFindingsService(db: Kysely<Database>, audit: AuditService, clock: Clock): FindingsService {
  /** The finding (404 when unknown or outside the caller's facilities). */
  async function inScope(executor: Kysely<Database>, principal: Principal, id: string): Promise<FindingRow> {
    const row = await findingRows.findById(executor, id);
    if (!row) throw notFound('Finding');
    assertFacilityInScope(await facilityScopeOf(executor, principal), row.facilityId, 'Finding');
    return row;
  }

  /** A finding may name only a permit of its own facility: 400 on `permitId` otherwise. */
  async function assertPermitOfFacility(
    executor: Kysely<Database>,
    permitId: string | null | undefined,
    facilityId: string,
  ) {
    if (!permitId) return;
    if ((await findPermitFacilityId(executor, permitId)) !== facilityId) {
      throw invalid('The permit is not one of this facility', [
        { path: 'permitId', message: 'Choose a permit of the same facility' },
      ]);
    }
  }

  async function read(id: string): Promise<FindingDetail> {
    const todays = await todayGroupsAt(db, clock());
    const row = await findFindingWithLabels(db, id, todays);
    if (!row) throw notFound('Finding');
    const actions = await findActionsOfFinding(db, id, todays);
    const documents = await findDocumentIdsOf(
      db,
      actions.map((action) => action.id),
    );
    const history = await audit.eventsOf(
      [
        { entityType: 'FINDING', entityIds: [id] },
        { entityType: 'CORRECTIVE_ACTION', entityIds: actions.map((action) => action.id) },
      ],
      HISTORY_LIMIT,
    );
    return {
      ...toFinding(row),
      actions: actions.map((action) => toAction(action, documents.get(action.id) ?? [])),
      history: history.map((event) => ({
        _id: event._id,
        at: event.at,
        actorName: event.actorName,
        action: event.action,
        entityType: event.entityType,
        entityName: event.entityName,
        changes: event.changes,
        valueNames: event.valueNames,
      })),
    };
  }

  /** Applies `changes` to a finding in scope inside one unit of work, with its audit event. */
  async function change(
    principal: Principal,
    id: string,
    work: (trx: Transaction<Database>, row: FindingRow) => Promise<void>,
  ): Promise<FindingDetail> {
    await unitOfWork(db, async (trx) => {
      await lockFinding(trx, id);
      const row = await inScope(trx, principal, id);
      await work(trx, row);
    });
    return read(id);
  }

  async function write(
    trx: Transaction<Database>,
    principal: Principal,
    row: FindingRow,
    changes: Partial<FindingRow>,
    action: 'UPDATE' | 'VERIFY' | 'CLOSE' | 'CANCEL',
    extra: Record<string, unknown> = {},
  ): Promise<void> {
    const after = { ...row, ...changes };
    await findingRows.update(trx, row.id, {
      ...changes,
      searchText: findingSearchText(after),
      updatedAt: nowIso(clock()),
    });
    const recorded = changesBetween(audited(row), audited(after));
    await audit.record(trx, {
      actor: actorOf(principal),
      action,
      entityType: 'FINDING',
      entityId: row.id,
      facilityId: row.facilityId,
      changes: { ...recorded, ...changesBetween(null, extra) },
    });
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
        '-identifiedOn',
      );
      return pageOf(query, await listFindingRows(db, request), (row) => toFinding(row));
    },

    async summary(principal, facilityId) {
      const scope = await facilityScopeOf(db, principal);
      if (facilityId) assertFacilityInScope(scope, facilityId);
      const base = {
        facilityIds: scopeFacilityIds(scope),
        facilityId,
        searchPatterns: [],
        todays: await todayGroupsAt(db, clock()),
      };
      const count = (filters: Partial<FindingListQuery>) => countFindings(db, { ...base, ...filters });
      const [open, openHighSeverity, withOverdueActions, reportPending] = await Promise.all([
        count({ open: true }),
        count({ open: true, highSeverity: true }),
        count({ overdueActions: true }),
        count({ reportPending: true }),
      ]);
      return { open, openHighSeverity, withOverdueActions, reportPending };
    },

    async get(principal, id) {
      await inScope(db, principal, id);
      return read(id);
    },

    async create(principal, body) {
      const id = newId();
      await unitOfWork(db, async (trx) => {
        assertFacilitiesInScope(await facilityScopeOf(trx, principal), [body.facilityId]);
        const facility = await facilityRows.findById(trx, body.facilityId);
        if (!facility) throw invalid('Unknown facility', [{ path: 'facilityId', message: 'Unknown facility' }]);
        let requirementId: string | null = null;
        if (body.taskId) {
          const task = await findTaskRowById(trx, body.taskId);
          if (!task || task.facilityId !== body.facilityId) {
            throw invalid('The task is not one of this facility', [
              { path: 'taskId', message: 'Choose a task of the same facility' },
            ]);
          }
          requirementId = task.requirementId;
        }
        await assertPermitOfFacility(trx, body.permitId, body.facilityId);
        if (body.ownerId) await assertAssignable(trx, body.ownerId, [body.facilityId], 'ownerId');
        if (body.identifiedOn > todayInTimeZone(facility.timeZone, clock())) {
          throw invalid('A finding cannot be identified in the future', [
            { path: 'identifiedOn', message: 'Use today or an earlier date' },
          ]);
        }
        const now = nowIso(clock());
        const row = {
          id,
          facilityId: body.facilityId,
          source: body.source,
          autoKey: null,
          taskId: body.taskId ?? null,
          requirementId,
          permitId: body.permitId ?? null,
          title: body.title,
          description: body.description ?? null,
          severity: body.severity,
          identifiedOn: body.identifiedOn,
          ownerId: body.ownerId ?? null,
          reportable: body.reportable ? 1 : 0,
          reportDueDate: body.reportable ? (body.reportDueDate ?? null) : null,
          status: 'OPEN' as const,
          createdAt: now,
          updatedAt: now,
        };
        await findingRows.insert(trx, { ...row, searchText: findingSearchText({ ...row, rootCause: null }) });
        await audit.record(
          trx,
          creationEvent(principal, { entityType: 'FINDING', entityId: id, facilityId: row.facilityId }, audited(row)),
        );
      });
      return read(id);
    },

    update(principal, id, body) {
      return change(principal, id, async (trx, row) => {
        assertNotEnded(row);
        await assertPermitOfFacility(trx, body.permitId, row.facilityId);
        if (body.ownerId) await assertAssignable(trx, body.ownerId, [row.facilityId], 'ownerId');
        const reportable = body.reportable ?? Boolean(row.reportable);
        const reportDueDate = body.reportDueDate === undefined ? row.reportDueDate : body.reportDueDate;
        if (reportable && !reportDueDate) {
          throw invalid('A reportable finding needs its report due date', [
            { path: 'reportDueDate', message: 'A reportable finding needs its report due date' },
          ]);
        }
        const changes: Partial<FindingRow> = {};
        for (const [key, value] of Object.entries(body)) {
          if (value === undefined) continue;
          (changes as Record<string, unknown>)[key] = key === 'reportable' ? (value ? 1 : 0) : value;
        }
        await write(trx, principal, row, changes, 'UPDATE');
      });
    },

    verify(principal, id, body) {
      return change(principal, id, async (trx, row) => {
        const actions = await findActionRowsOfFinding(trx, id);
        assertVerifiable(row, actions, principal.id);
        const facility = await facilityRows.findById(trx, row.facilityId);
        const changes: Partial<FindingRow> = {
          verifiedBy: principal.id === 'system' ? null : principal.id,
          verifiedOn: todayInTimeZone(facility?.timeZone ?? 'UTC', clock()),
          verificationEffective: body.effective ? 1 : 0,
          verificationNote: body.note ?? null,
          status: body.effective ? 'PENDING_VERIFICATION' : 'ACTIONS_IN_PROGRESS',
        };
        await write(trx, principal, row, changes, 'VERIFY');
      });
    },

    close(principal, id) {
      return change(principal, id, async (trx, row) => {
        assertClosable(row, await findActionRowsOfFinding(trx, id), principal.id);
        await write(trx, principal, row, { status: 'CLOSED' }, 'CLOSE');
      });
    },

    cancel(principal, id, body) {
      return change(principal, id, async (trx, row) => {
        assertNotEnded(row);
        // Its open actions stop being anyone's deadline.
        const now = nowIso(clock());
        for (const action of await findActionRowsOfFinding(trx, id)) {
          if (action.status !== 'OPEN') continue;
          await actionRows.update(trx, action.id, { status: 'CANCELLED', updatedAt: now });
          await audit.record(trx, {
            actor: actorOf(principal),
            action: 'CANCEL',
            entityType: 'CORRECTIVE_ACTION',
            entityId: action.id,
            facilityId: row.facilityId,
            changes: { status: { before: 'OPEN', after: 'CANCELLED' }, findingId: { before: null, after: id } },
          });
        }
        await write(trx, principal, row, { status: 'CANCELLED', cancelReason: body.reason }, 'CANCEL');
      });
    },
  };
}
