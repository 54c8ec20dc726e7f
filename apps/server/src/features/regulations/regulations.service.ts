import type { Kysely } from 'kysely';
import type {
  Regulation,
  regulationListQuerySchema,
  createRegulationBodySchema,
  updateRegulationBodySchema,
} from '@rtms/shared/schemas/regulations';
import type { Database } from '../../db/schema';
import type { CrudService } from '../../platform/crud-service';
import { notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import { listRequest, pageOf } from '../../platform/list-query';
import { foldForSearch } from '../../platform/search-text';
import { patchRow, updateActionOf, updatedColumns } from '../../platform/record-update';
import { actorOf, changesBetween, creationEvent, type AuditService } from '../audit/audit.service';
import { regulationRows, listRegulations } from './regulations.repository';
import type { RegulationRow } from './regulations.table';
import { unitOfWork } from '../../db/unit-of-work';

/** Regulations; an update `{active: false}` deactivates one (the regulation stays readable and referenced). */
export interface RegulationsService extends CrudService<
  typeof regulationListQuerySchema,
  typeof createRegulationBodySchema,
  typeof updateRegulationBodySchema,
  Regulation
> {
  /** The regulations among `ids`, for other features' reference checks and labels. */
  findByIds(ids: string[]): Promise<Regulation[]>;
}

function toRegulation(row: RegulationRow): Regulation {
  return {
    _id: row.id,
    title: row.title,
    citation: row.citation,
    agency: row.agency,
    jurisdiction: row.jurisdiction,
    link: row.link,
    description: row.description,
    active: Boolean(row.active),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const AUDITED_FIELDS = ['title', 'citation', 'agency', 'jurisdiction', 'link', 'description', 'active'] as const;

function audited(row: RegulationRow): Record<string, unknown> {
  const regulation = toRegulation(row);
  return Object.fromEntries(AUDITED_FIELDS.map((field) => [field, regulation[field]]));
}

function searchTextOf(row: Pick<RegulationRow, 'title' | 'citation' | 'agency' | 'description'>): string {
  return foldForSearch(row.title, row.citation, row.agency, row.description);
}

export function createRegulationsService(db: Kysely<Database>, audit: AuditService): RegulationsService {
  return {
    async list(_principal, query) {
      return pageOf(query, await listRegulations(db, listRequest(query, query, 'title')), toRegulation);
    },

    async get(_principal, id) {
      const row = await regulationRows.findById(db, id);
      if (!row) throw notFound('Regulation');
      return toRegulation(row);
    },

    async create(principal, body) {
      const now = nowIso();
      const row: RegulationRow = {
        id: newId(),
        title: body.title,
        citation: body.citation ?? null,
        agency: body.agency ?? null,
        jurisdiction: body.jurisdiction,
        link: body.link ?? null,
        description: body.description ?? null,
        active: body.active === false ? 0 : 1,
        searchText: '',
        createdAt: now,
        updatedAt: now,
      };
      row.searchText = searchTextOf(row);
      await unitOfWork(db, async (trx) => {
        await regulationRows.insert(trx, row);
        const entity = { entityType: 'REGULATION', entityId: row.id } as const;
        await audit.record(trx, creationEvent(principal, entity, audited(row)));
      });
      return toRegulation(row);
    },

    async update(principal, id, body) {
      const updated = await unitOfWork(db, async (trx) => {
        const before = await regulationRows.findById(trx, id);
        if (!before) throw notFound('Regulation');
        const after = patchRow(before, body);
        const changes = changesBetween(audited(before), audited(after));
        if (Object.keys(changes).length === 0) return before;
        after.searchText = searchTextOf(after);
        after.updatedAt = nowIso();
        await regulationRows.update(trx, id, updatedColumns(after));
        const action = updateActionOf(changes.active, Boolean(after.active));
        await audit.record(trx, { actor: actorOf(principal), action, entityType: 'REGULATION', entityId: id, changes });
        return after;
      });
      return toRegulation(updated);
    },

    async findByIds(ids) {
      return (await regulationRows.findByIds(db, ids)).map(toRegulation);
    },
  };
}
