import type { Selectable } from 'kysely';

/**
 * One append-only audit event. `seq` orders the chain (1, 2, 3 … without gaps); `hash` is
 * SHA-256(prevHash + canonical JSON of the content), `prevHash` the previous event's hash.
 */
export interface AuditEventsTable {
  id: string;
  seq: number;
  at: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  entityType: string;
  entityId: string;
  facilityId: string | null;
  /** Canonical JSON of `{field: {before, after}}`. */
  changes: string;
  /** Names at the time of the event (null in events written before they were kept). */
  actorName: string | null;
  facilityName: string | null;
  entityName: string | null;
  /** JSON `{id: name}` of the objects the changed values point to (migration 0120; null before). */
  valueNames: string | null;
  prevHash: string;
  hash: string;
}

export type AuditEventRow = Selectable<AuditEventsTable>;
