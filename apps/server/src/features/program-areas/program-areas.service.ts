import type { Kysely } from 'kysely';
import type {
  ProgramArea,
  programAreaListQuerySchema,
  createProgramAreaBodySchema,
  updateProgramAreaBodySchema,
} from '@rtms/shared/schemas/program-areas';
import type { Database } from '../../db/schema';
import type { CrudService } from '../../platform/crud-service';
import { isUniqueViolation } from '../../platform/db-errors';
import { conflict, notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import { listRequest, pageOf } from '../../platform/list-query';
import { foldForSearch } from '../../platform/search-text';
import { patchRow, updateActionOf, updatedColumns } from '../../platform/record-update';
import { actorOf, changesBetween, creationEvent, type AuditService } from '../audit/audit.service';
import { programAreaRows, findProgramAreaByNameKey, listProgramAreas } from './program-areas.repository';
import type { ProgramAreaRow } from './program-areas.table';
import { unitOfWork } from '../../db/unit-of-work';

/** Program areas; an update `{active: false}` deactivates one (the area stays readable and linked). */
export interface ProgramAreasService extends CrudService<
  typeof programAreaListQuerySchema,
  typeof createProgramAreaBodySchema,
  typeof updateProgramAreaBodySchema,
  ProgramArea
> {
  /** The program areas among `ids`, for other features' reference checks and labels. */
  findByIds(ids: string[]): Promise<ProgramArea[]>;
}

/** Lower-cased, NFC-normalised name: what "unique regardless of case" compares. */
export function nameKeyOf(name: string): string {
  return name.normalize('NFC').trim().toLowerCase();
}

function toProgramArea(row: ProgramAreaRow): ProgramArea {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    active: Boolean(row.active),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The audited view of a program area. */
function audited(row: Pick<ProgramAreaRow, 'name' | 'description' | 'active'>) {
  return { name: row.name, description: row.description, active: Boolean(row.active) };
}

const duplicateName = (name: string) =>
  conflict(`A program area named "${name}" already exists`, [{ path: 'name', message: 'This name is already used' }]);

export function createProgramAreasService(db: Kysely<Database>, audit: AuditService): ProgramAreasService {
  async function getRowOrThrow(id: string): Promise<ProgramAreaRow> {
    const row = await programAreaRows.findById(db, id);
    if (!row) throw notFound('Program area');
    return row;
  }

  return {
    async list(_principal, query) {
      return pageOf(query, await listProgramAreas(db, listRequest(query, query, 'name')), toProgramArea);
    },

    async get(_principal, id) {
      return toProgramArea(await getRowOrThrow(id));
    },

    async create(principal, body) {
      const now = nowIso();
      const row: ProgramAreaRow = {
        id: newId(),
        name: body.name,
        nameKey: nameKeyOf(body.name),
        description: body.description ?? null,
        active: body.active === false ? 0 : 1,
        searchText: foldForSearch(body.name, body.description),
        createdAt: now,
        updatedAt: now,
      };
      try {
        await unitOfWork(db, async (trx) => {
          if (await findProgramAreaByNameKey(trx, row.nameKey)) throw duplicateName(body.name);
          await programAreaRows.insert(trx, row);
          const entity = { entityType: 'PROGRAM_AREA', entityId: row.id } as const;
          await audit.record(trx, creationEvent(principal, entity, audited(row)));
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateName(body.name);
        throw error;
      }
      return toProgramArea(row);
    },

    async update(principal, id, body) {
      const updated = await unitOfWork(db, async (trx) => {
        const before = await programAreaRows.findById(trx, id);
        if (!before) throw notFound('Program area');
        const after = patchRow(before, body);
        if (body.name !== undefined) after.nameKey = nameKeyOf(body.name);
        const changes = changesBetween(audited(before), audited(after));
        if (Object.keys(changes).length === 0) return before;
        if (after.nameKey !== before.nameKey) {
          const other = await findProgramAreaByNameKey(trx, after.nameKey);
          if (other && other.id !== id) throw duplicateName(after.name);
        }
        after.searchText = foldForSearch(after.name, after.description);
        after.updatedAt = nowIso();
        await programAreaRows.update(trx, id, updatedColumns(after));
        await audit.record(trx, {
          actor: actorOf(principal),
          action: updateActionOf(changes.active, Boolean(after.active)),
          entityType: 'PROGRAM_AREA',
          entityId: id,
          changes,
        });
        return after;
      }).catch((error: unknown) => {
        if (isUniqueViolation(error)) throw duplicateName(body.name ?? '');
        throw error;
      });
      return toProgramArea(updated);
    },

    async findByIds(ids) {
      return (await programAreaRows.findByIds(db, ids)).map(toProgramArea);
    },
  };
}
