import type { Kysely, Transaction } from 'kysely';
import { displayNameOf } from '@rtms/shared/display-name';
import { can } from '@rtms/shared/permissions';
import {
  facilityPageSchema,
  type Facility,
  type FacilityDetail,
  type FacilityListQuery,
  type facilityListQuerySchema,
  type createFacilityBodySchema,
  type updateFacilityBodySchema,
} from '@rtms/shared/schemas/facilities';
import type { FieldError } from '@rtms/shared/error-codes';
import { findListRevisions } from '../../db/revisions';
import type { Database } from '../../db/schema';
import { createAnswerCache } from '../../platform/answer-cache';
import type { Principal } from '../../platform/auth';
import type { CrudService } from '../../platform/crud-service';
import { isUniqueViolation } from '../../platform/db-errors';
import { conflict, forbidden, invalid, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import { listRequest, pageOf } from '../../platform/list-query';
import { foldForSearch } from '../../platform/search-text';
import { patchRow, updateActionOf, updatedColumns } from '../../platform/record-update';
import { actorOf, changesBetween, creationEvent, type AuditService } from '../audit/audit.service';
import { nameKeyOf, type ProgramAreasService } from '../program-areas/program-areas.service';
import { assertFacilityInScope, facilityScopeOf, scopeFacilityIds } from '../user-facilities/facility-scope';
import { findUsersOfFacility } from '../user-facilities/user-facilities.repository';
import {
  facilityRows,
  findFacilityByCode,
  findFacilityByNameKey,
  findProgramAreaIdsOfFacilities,
  listFacilities,
  replaceFacilityProgramAreas,
} from './facilities.repository';
import type { FacilityRow } from './facilities.table';
import { unitOfWork } from '../../db/unit-of-work';

/**
 * Facilities: the list holds those in the caller's scope; `get` one with its program areas and users; an update
 * by a FACILITY_ADMIN may change their own facilities but not `status`. Outside the caller's scope: 404.
 */
export interface FacilitiesService extends Omit<
  CrudService<
    typeof facilityListQuerySchema,
    typeof createFacilityBodySchema,
    typeof updateFacilityBodySchema,
    Facility,
    FacilityDetail
  >,
  'list'
> {
  /** The facilities in the caller's scope: the page serialized, kept while the labels revision holds (decision 034). */
  listAnswer(principal: Principal, query: FacilityListQuery): Promise<Buffer>;
  /** The facilities among `ids` (unscoped), for other features' reference checks and labels. */
  findByIds(ids: string[]): Promise<Facility[]>;
}

function toFacility(row: FacilityRow, programAreaIds: string[]): Facility {
  return {
    _id: row.id,
    name: row.name,
    code: row.code,
    type: row.type,
    status: row.status,
    address: row.address,
    city: row.city,
    state: row.state,
    country: row.country,
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    capacityMw: row.capacityMw === null ? null : Number(row.capacityMw),
    commercialOperationDate: row.commercialOperationDate,
    timeZone: row.timeZone,
    notes: row.notes,
    notifyFrom: row.notifyFrom ?? null,
    programAreaIds,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The audited view: every field of the facility except ids and timestamps. */
function audited(facility: Facility): Record<string, unknown> {
  const { _id, createdAt: _c, updatedAt: _u, programAreaIds, ...fields } = facility;
  return { ...fields, programAreaIds: [...programAreaIds].sort() };
}

function searchTextOf(row: Pick<FacilityRow, 'name' | 'code' | 'address' | 'city' | 'state' | 'country'>): string {
  return foldForSearch(row.name, row.code, row.address, row.city, row.state, row.country);
}

const duplicateName = (name: string) =>
  conflict(`A facility named "${name}" already exists`, [{ path: 'name', message: 'This name is already used' }]);
const duplicateCode = (code: string) =>
  conflict(`A facility with code "${code}" already exists`, [{ path: 'code', message: 'This code is already used' }]);

export function createFacilitiesService(
  db: Kysely<Database>,
  audit: AuditService,
  programAreas: ProgramAreasService,
  hooks: {
    /** Called in the update's transaction when the country or state changed: the holiday calendar did too. */
    regionChanged?: (trx: Transaction<Database>, facilityId: string) => Promise<unknown>;
  } = {},
): FacilitiesService {
  const answers = createAnswerCache();
  /** 400 naming each unknown program area id. */
  async function assertProgramAreasExist(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const known = new Set((await programAreas.findByIds(ids)).map((area) => area._id));
    const details: FieldError[] = ids.flatMap((id, index) =>
      known.has(id) ? [] : [{ path: `programAreaIds.${index}`, message: `Unknown program area ${id}` }],
    );
    if (details.length) throw invalid('Unknown program area', details);
  }

  async function assertUnique(trx: Kysely<Database>, row: Pick<FacilityRow, 'id' | 'name' | 'nameKey' | 'code'>) {
    const sameName = await findFacilityByNameKey(trx, row.nameKey);
    if (sameName && sameName.id !== row.id) throw duplicateName(row.name);
    const sameCode = await findFacilityByCode(trx, row.code);
    if (sameCode && sameCode.id !== row.id) throw duplicateCode(row.code);
  }

  function uniqueRace(error: unknown): never {
    if (isUniqueViolation(error)) throw conflict('A facility with this name or code already exists');
    throw error;
  }

  return {
    async listAnswer(principal, query) {
      const scope = await facilityScopeOf(db, principal);
      const filters = { ...query, facilityIds: scopeFacilityIds(scope) };
      // A facility row and its program areas bump the labels revision (migration 0170).
      const { labels } = await findListRevisions(db, principal.listRevisions);
      return answers.get(JSON.stringify(filters), String(labels), async () => {
        const page = await listFacilities(db, listRequest(query, filters, 'name'));
        const areas = await findProgramAreaIdsOfFacilities(
          db,
          page.rows.map((row) => row.id),
        );
        // Checked once per kept answer, as the route's schema checked every answer before it was kept.
        return facilityPageSchema.parse(pageOf(query, page, (row) => toFacility(row, areas.get(row.id) ?? [])));
      });
    },

    async get(principal, id) {
      const scope = await facilityScopeOf(db, principal);
      assertFacilityInScope(scope, id);
      const row = await facilityRows.findById(db, id);
      if (!row) throw notFound('Facility');
      const programAreaIds = (await findProgramAreaIdsOfFacilities(db, [id])).get(id) ?? [];
      const areas = await programAreas.findByIds(programAreaIds);
      const byId = new Map(areas.map((area) => [area._id, area]));
      // FACILITY_USER sees only themself among users (My Profile); the other roles see the facility's users.
      const users = (await findUsersOfFacility(db, id)).filter(
        (user) => can(principal.role, 'user:list') || user.userId === principal.id,
      );
      return {
        ...toFacility(row, programAreaIds),
        programAreas: programAreaIds.flatMap((areaId) => {
          const area = byId.get(areaId);
          return area ? [{ _id: area._id, name: area.name, active: area.active }] : [];
        }),
        users: users.map((user) => ({
          _id: user.userId,
          userFacilityId: user.userFacilityId,
          email: user.email,
          name: displayNameOf(user),
          firstName: user.firstName,
          lastName: user.lastName,
          role: user.role,
          active: Boolean(user.active),
        })),
      };
    },

    async create(principal, body) {
      const programAreaIds = body.programAreaIds ?? [];
      await assertProgramAreasExist(programAreaIds);
      const now = nowIso();
      const row: FacilityRow = {
        id: newId(),
        name: body.name,
        nameKey: nameKeyOf(body.name),
        code: body.code,
        type: body.type,
        status: body.status ?? 'ACTIVE',
        address: body.address ?? null,
        city: body.city ?? null,
        state: body.state ?? null,
        country: body.country ?? null,
        latitude: body.latitude ?? null,
        longitude: body.longitude ?? null,
        capacityMw: body.capacityMw ?? null,
        commercialOperationDate: body.commercialOperationDate ?? null,
        timeZone: body.timeZone,
        notes: body.notes ?? null,
        notifyFrom: body.notifyFrom ?? null,
        searchText: '',
        createdAt: now,
        updatedAt: now,
      };
      row.searchText = searchTextOf(row);
      const facility = toFacility(row, programAreaIds);
      await unitOfWork(db, async (trx) => {
        await assertUnique(trx, row);
        await facilityRows.insert(trx, row);
        await replaceFacilityProgramAreas(trx, row.id, programAreaIds);
        const entity = { entityType: 'FACILITY', entityId: row.id, facilityId: row.id } as const;
        await audit.record(trx, creationEvent(principal, entity, audited(facility)));
      }).catch(uniqueRace);
      return facility;
    },

    async update(principal, id, body) {
      const scope = await facilityScopeOf(db, principal);
      assertFacilityInScope(scope, id);
      if (body.programAreaIds) await assertProgramAreasExist(body.programAreaIds);
      return unitOfWork(db, async (trx) => {
        const before = await facilityRows.findById(trx, id);
        if (!before) throw notFound('Facility');
        const beforeAreas = (await findProgramAreaIdsOfFacilities(trx, [id])).get(id) ?? [];
        if (body.status !== undefined && body.status !== before.status && !can(principal.role, 'facility:deactivate')) {
          throw forbidden('You do not have permission to deactivate or reactivate a facility');
        }
        const { programAreaIds: newAreas, ...fields } = body;
        const after = patchRow(before, fields);
        after.nameKey = nameKeyOf(after.name);
        const afterAreas = newAreas ?? beforeAreas;
        const changes = changesBetween(
          audited(toFacility(before, beforeAreas)),
          audited(toFacility(after, afterAreas)),
        );
        if (Object.keys(changes).length === 0) return toFacility(before, beforeAreas);
        await assertUnique(trx, after);
        after.searchText = searchTextOf(after);
        after.updatedAt = nowIso();
        await facilityRows.update(trx, id, updatedColumns(after));
        if (changes.programAreaIds) await replaceFacilityProgramAreas(trx, id, afterAreas);
        if ((changes.country || changes.state) && hooks.regionChanged) await hooks.regionChanged(trx, id);
        await audit.record(trx, {
          actor: actorOf(principal),
          action: updateActionOf(changes.status, after.status === 'ACTIVE'),
          entityType: 'FACILITY',
          entityId: id,
          facilityId: id,
          changes,
        });
        return toFacility(after, afterAreas);
      }).catch(uniqueRace);
    },

    async findByIds(ids) {
      const rows = await facilityRows.findByIds(db, ids);
      const areas = await findProgramAreaIdsOfFacilities(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toFacility(row, areas.get(row.id) ?? []));
    },
  };
}
