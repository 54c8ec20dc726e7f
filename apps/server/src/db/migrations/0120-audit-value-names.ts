import type { Kysely, Migration } from 'kysely';
import * as m from '../migration-helpers';

/**
 * The names of the objects an audit event's changed values point to (an assignee, a facility, a
 * regulation…), as JSON `{id: name}` kept at the time of the event, so that "assignee: <uuid> → <uuid>"
 * reads in names even after a rename or a deletion. Older events keep null (their hashes are unchanged).
 */
export const migration0120AuditValueNames: Migration = {
  async up(db: Kysely<unknown>) {
    await m.addColumns(db, 'audit_events', 'text', ['value_names']);
  },
  async down(db: Kysely<unknown>) {
    await m.dropColumns(db, 'audit_events', ['value_names']);
  },
};
