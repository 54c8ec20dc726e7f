/**
 * The permits feature's service: the register (filtered, sorted and paged on the derived status of each
 * facility's today), the permit page, create and update with their requirements kept in step
 * (permit-requirements.ts), and documents linked to a permit. Conditions live in permit-conditions.service.ts,
 * new versions and termination in permit-versions.service.ts.
 */
import type { Kysely } from 'kysely';
import type { Page } from '../../platform/list-query';
import type {
  CreatePermitBody,
  Permit,
  PermitDetail,
  PermitListQuery,
  UpdatePermitBody,
} from '@rtms/shared/schemas/permits';
import { DEFAULT_RENEWAL_LEAD_DAYS } from '@rtms/shared/permit-status';
import type { z } from 'zod';
import type { createPermitBodySchema, updatePermitBodySchema } from '@rtms/shared/schemas/permits';
import type { Database } from '../../db/schema';
import { unitOfWork } from '../../db/unit-of-work';
import type { Principal } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { invalid, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import { parseSort } from '../../platform/list-query';
import { actorOf, changesBetween, type AuditService } from '../audit/audit.service';
import { findFacilitiesForBinding } from '../requirements/requirements.repository';
import {
  assertFacilitiesInScope,
  facilityScopeOf,
  isFacilityInScope,
  scopeFacilityIds,
  type FacilityScope,
} from '../user-facilities/facility-scope';
import { readPermitDetail } from './permit-detail';
import { assertNumberFree, auditedPermit, permitInScope, permitSearchText } from './permit-scope';
import { syncPermitRequirements, type RequirementSaver } from './permit-requirements';
import { sortPermits, toPermit } from './permit-view';
import {
  findDocumentForLink,
  findPermits,
  insertPermit,
  lockPermit,
  setDocumentPermit,
  updatePermitRow,
} from './permits.repository';
import type { PermitRow } from './permits.table';

type CreateBody = z.output<typeof createPermitBodySchema>;
type UpdateBody = z.output<typeof updatePermitBodySchema>;

export interface PermitsService {
  list(principal: Principal, query: PermitListQuery): Promise<Page<Permit>>;
  get(principal: Principal, id: string): Promise<PermitDetail>;
  create(principal: Principal, body: CreatePermitBody): Promise<PermitDetail>;
  update(principal: Principal, id: string, body: UpdatePermitBody): Promise<PermitDetail>;
  /** Links a library document of the permit's facility (or of no facility) to the permit; `link: false` unlinks. */
  linkDocument(principal: Principal, id: string, documentId: string, link: boolean): Promise<PermitDetail>;
}

export interface PermitsServiceDeps {
  audit: AuditService;
  requirements: RequirementSaver;
  clock: Clock;
}

export function createPermitsService(db: Kysely<Database>, deps: PermitsServiceDeps): PermitsService {
  const { audit, requirements, clock } = deps;
  const detail = (principal: Principal, scope: FacilityScope, id: string) =>
    readPermitDetail(db, principal, scope, id, clock());

  return {
    async list(principal, query) {
      const scope = await facilityScopeOf(db, principal);
      const rows = await findPermits(db, { ...query, scopeFacilityIds: scopeFacilityIds(scope) });
      const now = clock();
      let permits = rows.map((row) => toPermit(row, now));
      if (query.status) permits = permits.filter((permit) => permit.status === query.status);
      const sort = parseSort(query.sort, 'expiresOn');
      const sorted = sortPermits(permits, sort.field, sort.direction);
      const start = (query.page - 1) * query.pageSize;
      return {
        data: sorted.slice(start, start + query.pageSize),
        meta: { total: sorted.length, page: query.page, pageSize: query.pageSize },
      };
    },

    async get(principal, id) {
      return detail(principal, await facilityScopeOf(db, principal), id);
    },

    async create(principal, input) {
      const body = input as CreateBody;
      const scope = await facilityScopeOf(db, principal);
      assertFacilitiesInScope(scope, [body.facilityId]);
      const [facility] = await findFacilitiesForBinding(db, [body.facilityId]);
      if (!facility) throw invalid('Unknown facility', [{ path: 'facilityId', message: 'Unknown facility' }]);
      const id = newId();
      await unitOfWork(db, async (trx) => {
        await assertNumberFree(trx, body.facilityId, body.number, null);
        const now = clock();
        const stamp = nowIso(now);
        const row: PermitRow = {
          id,
          facilityId: body.facilityId,
          lineageId: id,
          number: body.number,
          numberKey: body.number.trim().toLowerCase(),
          title: body.title,
          agency: body.agency,
          type: body.type,
          issuedOn: body.issuedOn,
          effectiveOn: body.effectiveOn,
          expiresOn: body.expiresOn ?? null,
          renewalLeadDays: body.renewalLeadDays ?? DEFAULT_RENEWAL_LEAD_DAYS,
          renewalSubmittedOn: null,
          version: 1,
          previousVersionId: null,
          nextVersionId: null,
          terminatedOn: null,
          terminationReason: null,
          renewalRequirementId: null,
          searchText: '',
          createdAt: stamp,
          updatedAt: stamp,
        };
        await insertPermit(trx, { ...row, searchText: permitSearchText(row) });
        const synced = await syncPermitRequirements(
          { trx, principal, scope, now },
          requirements,
          row,
          null,
          facility.timeZone,
        );
        if (synced.renewalRequirementId) {
          await updatePermitRow(trx, id, { renewalRequirementId: synced.renewalRequirementId });
        }
        await audit.record(trx, {
          actor: actorOf(principal),
          action: 'CREATE',
          entityType: 'PERMIT',
          entityId: id,
          facilityId: body.facilityId,
          changes: changesBetween(null, auditedPermit(row)),
        });
      });
      return detail(principal, scope, id);
    },

    async update(principal, id, input) {
      const body = input as UpdateBody;
      const scope = await facilityScopeOf(db, principal);
      await permitInScope(db, scope, id);
      await unitOfWork(db, async (trx) => {
        await lockPermit(trx, id);
        const before = await permitInScope(trx, scope, id);
        const { facilityName: _n, facilityCode: _c, timeZone, nextVersionEffectiveOn, ...stored } = before;
        const after: PermitRow = { ...stored };
        for (const [key, value] of Object.entries(body)) {
          if (value !== undefined) (after as unknown as Record<string, unknown>)[key] = value;
        }
        if (after.expiresOn && after.expiresOn < after.effectiveOn) {
          const message = 'The expiry date must not be before the effective date';
          throw invalid(message, [{ path: body.expiresOn !== undefined ? 'expiresOn' : 'effectiveOn', message }]);
        }
        if (body.number !== undefined) {
          await assertNumberFree(trx, after.facilityId, after.number, after.lineageId);
          after.numberKey = after.number.trim().toLowerCase();
        }
        const changes = changesBetween(auditedPermit(stored), auditedPermit(after));
        if (Object.keys(changes).length === 0) return;
        after.updatedAt = nowIso(clock());
        after.searchText = permitSearchText(after);
        const { id: _id, ...values } = after;
        await updatePermitRow(trx, id, values);
        const synced = await syncPermitRequirements(
          { trx, principal, scope, now: clock() },
          requirements,
          after,
          nextVersionEffectiveOn,
          timeZone,
        );
        if (synced.renewalRequirementId !== after.renewalRequirementId) {
          await updatePermitRow(trx, id, { renewalRequirementId: synced.renewalRequirementId });
        }
        const tasks = synced.counts;
        await audit.record(trx, {
          actor: actorOf(principal),
          action: 'UPDATE',
          entityType: 'PERMIT',
          entityId: id,
          facilityId: after.facilityId,
          changes: {
            ...changes,
            ...(tasks.added || tasks.moved || tasks.removed ? { tasks: { before: null, after: tasks } } : {}),
          },
        });
      });
      return detail(principal, scope, id);
    },

    async linkDocument(principal, id, documentId, link) {
      const scope = await facilityScopeOf(db, principal);
      const permit = await permitInScope(db, scope, id);
      const document = await findDocumentForLink(db, documentId);
      if (!document || (document.facilityId && !isFacilityInScope(scope, document.facilityId))) {
        throw notFound('Document');
      }
      if (link && document.kind !== 'LIBRARY') {
        throw invalid('Only a library document can be linked to a permit', [
          { path: 'documentId', message: 'Only a library document can be linked to a permit' },
        ]);
      }
      if (link && document.facilityId && document.facilityId !== permit.facilityId) {
        throw invalid('The document belongs to another facility', [
          { path: 'documentId', message: 'The document belongs to another facility' },
        ]);
      }
      const target = link ? id : null;
      if (!link && document.permitId !== id) throw notFound('Document');
      if (document.permitId !== target) {
        await unitOfWork(db, async (trx) => {
          await setDocumentPermit(trx, documentId, target, nowIso(clock()));
          await audit.record(trx, {
            actor: actorOf(principal),
            action: 'UPDATE',
            entityType: 'DOCUMENT',
            entityId: documentId,
            facilityId: document.facilityId ?? permit.facilityId,
            changes: { permitId: { before: document.permitId, after: target } },
          });
        });
      }
      return detail(principal, scope, id);
    },
  };
}
