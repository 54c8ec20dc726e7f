import { PostgresAdapter, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { Db, NewRow } from '../../db/schema';
import { findRow, insertRow } from '../../db/rows';
import { inScope, whereEqual } from '../../platform/list-query';
import type { AuditEventRow } from './audit.table';
import { countRows } from '../../db/count-rows';
import { WRITE_LOCK } from '../../db/unit-of-work';

/**
 * Serialises writers of the chain until the end of the current transaction. On PostgreSQL a
 * transaction-level advisory lock, the one a unit of work takes first (db/unit-of-work.ts), so already held
 * by its caller; SQLite already runs one write transaction at a time (and the unique `seq` refuses a fork
 * should two ever race).
 */
export async function lockAuditChain(trx: Db): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select pg_advisory_xact_lock(${WRITE_LOCK})`.execute(trx);
  }
}

/** Read by every request of the audit list (its answers are kept by it) and by every append: compiled once. */
const lastAuditEvent = compiledOnce((db) =>
  db.selectFrom('audit_events').select(['seq', 'hash']).orderBy('seq', 'desc').limit(1),
);

export async function findLastAuditEvent(db: Db): Promise<Pick<AuditEventRow, 'seq' | 'hash'> | undefined> {
  return (await lastAuditEvent(db, [1])).rows[0];
}

export async function insertAuditEvent(db: Db, row: NewRow<'audit_events'>): Promise<void> {
  await insertRow(db, 'audit_events', row);
}

export function findAuditEventById(db: Db, id: string): Promise<AuditEventRow | undefined> {
  return findRow(db, 'audit_events', { id });
}

/** Events in chain order after `afterSeq`, at most `limit` of them. */
export function findAuditEventsAfter(db: Db, afterSeq: number, limit: number): Promise<AuditEventRow[]> {
  return db
    .selectFrom('audit_events')
    .selectAll()
    .where('seq', '>', afterSeq)
    .orderBy('seq', 'asc')
    .limit(limit)
    .execute();
}

export interface AuditFilters {
  entityType?: string;
  entityId?: string;
  actorId?: string;
  action?: string;
  facilityId?: string;
  /** Inclusive bounds on `at` (ISO instants). */
  from?: string;
  to?: string;
  /** Facility ids the caller may see; undefined = every event. */
  facilityIds?: string[];
  /** Folded LIKE patterns, each of which must match the actor's email, the action, entity type or id. */
  searchPatterns?: string[];
  /** Bounds on the chain position: seq > seqAfter, seq <= seqAtMost. */
  seqAfter?: number;
  seqAtMost?: number;
}

function filtered(db: Db, filters: AuditFilters) {
  let query = db.selectFrom('audit_events');
  query = whereEqual(query, {
    entityType: filters.entityType,
    entityId: filters.entityId,
    actorId: filters.actorId,
    action: filters.action,
    facilityId: filters.facilityId,
  });
  if (filters.from) query = query.where('at', '>=', filters.from);
  if (filters.to) query = query.where('at', '<=', filters.to);
  if (filters.seqAfter !== undefined) query = query.where('seq', '>', filters.seqAfter);
  if (filters.seqAtMost !== undefined) query = query.where('seq', '<=', filters.seqAtMost);
  if (filters.facilityIds) query = query.where(inScope('audit_events.facilityId', filters.facilityIds));
  for (const pattern of filters.searchPatterns ?? []) {
    query = query.where(
      (eb) =>
        sql`(coalesce(${eb.ref('actorEmail')}, '') like ${pattern} escape '\\'
          or lower(${eb.ref('action')}) like ${pattern} escape '\\'
          or lower(${eb.ref('entityType')}) like ${pattern} escape '\\'
          or lower(${eb.ref('entityId')}) like ${pattern} escape '\\')`,
    );
  }
  return query;
}

export async function countAuditEvents(db: Db, filters: AuditFilters): Promise<number> {
  return countRows(filtered(db, filters));
}

export function listAuditEvents(
  db: Db,
  filters: AuditFilters,
  direction: 'asc' | 'desc',
  window: { limit: number; offset: number },
): Promise<AuditEventRow[]> {
  return filtered(db, filters)
    .selectAll()
    .orderBy('seq', direction)
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/** Events about any of the given entities, in chain order, at most `limit` (the newest when there are more). */
export async function findEventsOfEntities(
  db: Db,
  entities: readonly { entityType: string; entityIds: readonly string[] }[],
  limit: number,
): Promise<AuditEventRow[]> {
  const wanted = entities.filter((entity) => entity.entityIds.length > 0);
  if (wanted.length === 0) return [];
  const rows = await db
    .selectFrom('audit_events')
    .selectAll()
    .where((eb) =>
      eb.or(
        wanted.map((entity) =>
          eb.and([eb('entityType', '=', entity.entityType), eb('entityId', 'in', entity.entityIds)]),
        ),
      ),
    )
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
}
