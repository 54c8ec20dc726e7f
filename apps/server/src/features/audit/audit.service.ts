import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { isCalendarDate } from '@rtms/shared/calendar-date';
import type { Role } from '@rtms/shared/enums';
import {
  auditPageSchema,
  type AuditAction,
  type AuditChanges,
  type AuditEntityType,
  type AuditEvent,
  type AuditListQuery,
  type AuditVerifyResult,
} from '@rtms/shared/schemas/audit';
import type { Database } from '../../db/schema';
import { createAnswerCache } from '../../platform/answer-cache';
import type { Principal } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { newId, nowIso } from '../../platform/ids';
import { pageWindow, parseSort } from '../../platform/list-query';
import { searchPatternsOf } from '../../platform/search-text';
import { assertFacilityInScope, facilityScopeOf, scopeFacilityIds } from '../user-facilities/facility-scope';
import { createAuditCounter } from './audit-count';
import {
  findAuditEventById,
  findAuditEventsAfter,
  findEventsOfEntities,
  findLastAuditEvent,
  insertAuditEvent,
  listAuditEvents,
  lockAuditChain,
  type AuditFilters,
} from './audit.repository';
import { auditNamesOf, valueNamesOf } from './audit-names.repository';
import type { AuditEventRow } from './audit.table';

/** The `prevHash` of the first event. */
export const GENESIS_HASH = '0'.repeat(64);

/** Who did it: a signed-in user, or null for the system (first start, demo loader, scheduled jobs). */
export type AuditActor = { id: string; email: string } | null;

/**
 * The caller of work the system does on its own (first start, demo loader, scheduled jobs): sees every
 * facility, and is recorded in the audit trail as actor null.
 */
export const SYSTEM_PRINCIPAL: Principal = Object.freeze({
  id: 'system',
  email: 'system',
  role: 'ALL_FACILITY_ADMIN',
  firstName: 'System',
  lastName: '',
  mustChangePassword: false,
  sessionId: 'system',
});

/** The audit actor of a principal (null for the system). */
export function actorOf(principal: Pick<Principal, 'id' | 'email'>): AuditActor {
  return principal.id === SYSTEM_PRINCIPAL.id ? null : { id: principal.id, email: principal.email };
}

/** The event of a record's creation: each of its audited `values` as a change from nothing. */
export function creationEvent(
  principal: Pick<Principal, 'id' | 'email'>,
  entity: Pick<AuditEventInput, 'entityType' | 'entityId' | 'facilityId'>,
  values: Record<string, unknown>,
): AuditEventInput {
  return { actor: actorOf(principal), action: 'CREATE', ...entity, changes: changesBetween(null, values) };
}

/** What a feature records about one mutation. */
export interface AuditEventInput {
  actor: AuditActor;
  /** The audit screen names and filters by these lists (packages/shared), so only their values are written. */
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string;
  /** The facility the entity belongs to, if any: facility roles see only their facilities' events. */
  facilityId?: string | null;
  /** `{field: {before, after}}` (see `changesBetween`); secrets are dropped whatever the caller passes. */
  changes?: AuditChanges;
}

export interface AuditService {
  /**
   * Appends one event to the chain inside the caller's transaction, so that the event exists if and
   * only if the mutation it describes was committed. Writers are serialised: call it after the
   * transaction's other writes (the chain lock is then held only until commit).
   */
  record(trx: Transaction<Database>, event: AuditEventInput): Promise<void>;
  /**
   * The events the caller may see (facility roles: only events of their facilities): the page serialized,
   * kept while no event is added (decision 034).
   */
  listAnswer(principal: { id: string; role: Role }, query: AuditListQuery): Promise<Buffer>;
  /** One event; 404 when unknown or outside the caller's facilities. */
  get(principal: { id: string; role: Role }, id: string): Promise<AuditEvent>;
  /** Walks the whole chain and reports the first event whose hash or link no longer holds. */
  verify(): Promise<AuditVerifyResult>;
  /**
   * The events of several entities together, oldest first (a task's history with its evidence). The
   * caller has already checked that it may read those entities.
   */
  eventsOf(entities: { entityType: AuditEntityType; entityIds: string[] }[], limit: number): Promise<AuditEvent[]>;
}

/** Fields never written to the audit trail, whatever a caller passes. */
const SECRET_FIELD = /^(password|passwordHash|temporaryPassword|currentPassword|newPassword|token|tokenHash)$|secret/i;

/** JSON with object keys sorted at every depth and no whitespace: one text per value, for hashing. */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'null';
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(String(value));
}

/**
 * The hashed content of an event: every stored column except the hashes themselves. The names kept
 * since migration 0080 count only when present (canonicalJson leaves out undefined), so the hashes of
 * events written before them are unchanged.
 */
function contentOf(
  row: Omit<AuditEventRow, 'hash' | 'prevHash' | NameColumn> & Partial<Pick<AuditEventRow, NameColumn>>,
): string {
  // canonicalJson sorts the keys: the order written here does not enter the hash.
  return canonicalJson({
    id: row.id,
    ...recordedFields(row),
    changes: row.changes,
    actorName: row.actorName ?? undefined,
    facilityName: row.facilityName ?? undefined,
    entityName: row.entityName ?? undefined,
    valueNames: row.valueNames ?? undefined,
  });
}

type NameColumn = 'actorName' | 'facilityName' | 'entityName' | 'valueNames';

/** What an event records as stored: the hashed content and the answer both show these columns unchanged. */
function recordedFields(row: Omit<AuditEventRow, 'hash' | 'prevHash' | NameColumn>) {
  return {
    seq: row.seq,
    at: row.at,
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    facilityId: row.facilityId,
  };
}

/** hash = SHA-256(prevHash + canonical JSON of the content), hex. */
export function hashOf(
  prevHash: string,
  row: Omit<AuditEventRow, 'hash' | 'prevHash' | NameColumn> & Partial<Pick<AuditEventRow, NameColumn>>,
): string {
  return createHash('sha256')
    .update(prevHash + contentOf(row))
    .digest('hex');
}

/**
 * The fields that differ between two versions of an entity, as `{field: {before, after}}`
 * (undefined counts as null; values are compared by their canonical JSON). `before` null = created,
 * `after` null = deleted. `fields` limits the comparison; by default every key of either side.
 */
export function changesBetween(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  fields?: readonly string[],
): AuditChanges {
  const keys = fields ?? [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: AuditChanges = {};
  for (const key of keys) {
    const from = before?.[key] ?? null;
    const to = after?.[key] ?? null;
    if (canonicalJson(from) !== canonicalJson(to)) changes[key] = { before: from, after: to };
  }
  return changes;
}

function withoutSecrets(changes: AuditChanges | undefined): AuditChanges {
  const kept: AuditChanges = {};
  for (const [field, change] of Object.entries(changes ?? {})) {
    if (!SECRET_FIELD.test(field)) kept[field] = change;
  }
  return kept;
}

function toAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    _id: row.id,
    ...recordedFields(row),
    actorName: row.actorName,
    facilityName: row.facilityName,
    entityName: row.entityName,
    valueNames: row.valueNames ? (JSON.parse(row.valueNames) as Record<string, string>) : {},
    changes: JSON.parse(row.changes) as AuditChanges,
    prevHash: row.prevHash,
    hash: row.hash,
    createdAt: row.at,
    updatedAt: row.at,
  };
}

/** A date bound covers its whole UTC day; an instant is normalised to the stored ISO form. */
function bound(value: string | undefined, end: boolean): string | undefined {
  if (!value) return undefined;
  if (isCalendarDate(value)) return `${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`;
  return new Date(value).toISOString();
}

const VERIFY_BATCH = 1000;

/** True when no filter and no facility scope narrows the list (an empty search is no filter). */
function isUnfiltered(filters: AuditFilters): boolean {
  const { searchPatterns, ...others } = filters;
  return !searchPatterns?.length && Object.values(others).every((value) => value === undefined);
}

/** The audit trail: append-only events chained by SHA-256. */
export function createAuditService(db: Kysely<Database>): AuditService {
  const countUpTo = createAuditCounter(db);
  const answers = createAnswerCache();
  return {
    async eventsOf(entities, limit) {
      return (await findEventsOfEntities(db, entities, limit)).map(toAuditEvent);
    },
    async record(trx, event) {
      await lockAuditChain(trx);
      const last = await findLastAuditEvent(trx);
      const prevHash = last?.hash ?? GENESIS_HASH;
      const row = {
        id: newId(),
        seq: (last?.seq ?? 0) + 1,
        at: nowIso(),
        actorId: event.actor?.id ?? null,
        actorEmail: event.actor?.email ?? null,
        action: event.action,
        entityType: event.entityType,
        entityId: event.entityId,
        facilityId: event.facilityId ?? null,
        changes: canonicalJson(withoutSecrets(event.changes)),
        ...(await auditNamesOf(trx, {
          actorId: event.actor?.id ?? null,
          facilityId: event.facilityId ?? null,
          entityType: event.entityType,
          entityId: event.entityId,
          changes: event.changes,
        })),
        valueNames: await valueNamesOf(trx, event.changes),
      };
      await insertAuditEvent(trx, { ...row, prevHash, hash: hashOf(prevHash, row) });
    },

    async listAnswer(principal, query) {
      const scope = await facilityScopeOf(db, principal);
      const filters = {
        entityType: query.entityType,
        entityId: query.entityId,
        actorId: query.actorId,
        action: query.action,
        facilityId: query.facilityId,
        from: bound(query.from, false),
        to: bound(query.to, true),
        facilityIds: scopeFacilityIds(scope),
        searchPatterns: searchPatternsOf(query.search),
      };
      const sort = parseSort(query.sort, '-at');
      const lastSeq = (await findLastAuditEvent(db))?.seq ?? 0;
      // Events are only ever appended (triggers refuse updates and deletes): the last one dates the trail.
      const key = JSON.stringify([filters, sort, query.page, query.pageSize]);
      return answers.get(key, String(lastSeq), async () => {
        const total = await countUpTo(filters, lastSeq);
        const window = pageWindow(query);
        // Every event of a chain 1..lastSeq without a gap (the unfiltered trail of an intact chain): the
        // page is a range of seq, found from the index without skipping `offset` entries (keyset).
        const keyset = total === lastSeq && isUnfiltered(filters);
        const rows = keyset
          ? await listAuditEvents(
              db,
              sort.direction === 'desc' ? { seqAtMost: lastSeq - window.offset } : { seqAfter: window.offset },
              sort.direction,
              { limit: window.limit, offset: 0 },
            )
          : await listAuditEvents(db, { ...filters, seqAtMost: lastSeq }, sort.direction, window);
        // Checked once per kept answer, as the route's schema checked every answer before it was kept.
        return auditPageSchema.parse({
          data: rows.map(toAuditEvent),
          meta: { total, page: query.page, pageSize: query.pageSize },
        });
      });
    },

    async get(principal, id) {
      const row = await findAuditEventById(db, id);
      if (!row) throw notFound('Audit event');
      assertFacilityInScope(await facilityScopeOf(db, principal), row.facilityId, 'Audit event');
      return toAuditEvent(row);
    },

    async verify() {
      let prevHash = GENESIS_HASH;
      let expectedSeq = 1;
      let checked = 0;
      for (;;) {
        const rows = await findAuditEventsAfter(db, expectedSeq - 1, VERIFY_BATCH);
        for (const row of rows) {
          checked += 1;
          // A gap in seq is a deleted event; a wrong prevHash a deleted or reordered one; a wrong hash a changed one.
          if (row.seq !== expectedSeq || row.prevHash !== prevHash || row.hash !== hashOf(prevHash, row)) {
            return { intact: false, checked, firstBrokenId: row.id };
          }
          prevHash = row.hash;
          expectedSeq += 1;
        }
        if (rows.length < VERIFY_BATCH) return { intact: true, checked };
      }
    },
  };
}
