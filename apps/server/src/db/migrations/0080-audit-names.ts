import type { Kysely, Migration } from 'kysely';
import * as m from '../migration-helpers';

/**
 * Names kept in each audit event as they were at the time (who, which facility, which object), so the
 * trail and its exports read in names even after a rename or a deletion. Older events keep null (the
 * screens then fall back to ids) and their hashes are unchanged: a null name is not part of the hash.
 */
const NAMES = ['actor_name', 'facility_name', 'entity_name'];

export const migration0080AuditNames: Migration = {
  async up(db: Kysely<unknown>) {
    await m.addColumns(db, 'audit_events', 'text', NAMES);
  },
  async down(db: Kysely<unknown>) {
    await m.dropColumns(db, 'audit_events', NAMES);
  },
};
